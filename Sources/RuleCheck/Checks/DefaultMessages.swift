/// The built-in messages for each failure code, in English and Russian. Placeholders in braces
/// are filled in by ``MessageBuilder``.
enum DefaultMessages {
    /// The built-in messages of a locale: Russian for `ru` and its regions, English otherwise.
    static func table(for locale: String) -> [String: String] {
        locale.prefix { $0 != "-" && $0 != "_" } == "ru" ? russian : english
    }

    static func template(_ code: IssueCode, variant: String?, in table: [String: String]) -> String {
        if let variant, let specific = table[code.rawValue + "." + variant] ?? english[code.rawValue + "." + variant] {
            return specific
        }
        return table[code.rawValue] ?? english[code.rawValue] ?? "{title}: \(code)"
    }

    private static let english: [String: String] = [
        "required": "{title} is required",
        "type": "{title}: '{value}' is not {expected}",
        "pattern": "{title} has the wrong format",
        "mask": "{title} must look like {mask}",
        "min_length": "{title} must be at least {min_length} characters long",
        "max_length": "{title} must be at most {max_length} characters long",
        "min": "{title} must be at least {min}",
        "min.date": "{title} must be on or after {min}",
        "max": "{title} must be at most {max}",
        "max.date": "{title} must be on or before {max}",
        "option": "{title}: '{value}' is not one of the options",
        "items.min": "{title} needs at least {min_items} items",
        "items.max": "{title} can have at most {max_items} items",
        "check": "{title} does not pass the check {check}",
        "regex_limit": "{title}: the value is too complex to check against its pattern",
        "hidden_value": "{title} has a value but is hidden",
        "orphan": "{title} has a value but {parent} is empty",
        "computed": "{title} is '{value}' but the rules compute '{expected}'",
        "computed.empty": "{title} is '{value}' but the rules compute no value (its inputs are empty)",
    ]

    private static let russian: [String: String] = [
        "required": "Заполните поле «{title}»",
        "type": "«{title}»: «{value}» — не {expected}",
        "pattern": "Поле «{title}» заполнено в неверном формате",
        "mask": "Поле «{title}» должно иметь вид {mask}",
        "min_length": "Поле «{title}» должно содержать не менее {min_length} символов",
        "max_length": "Поле «{title}» должно содержать не более {max_length} символов",
        "min": "Значение поля «{title}» должно быть не меньше {min}",
        "min.date": "Дата в поле «{title}» должна быть не раньше {min}",
        "max": "Значение поля «{title}» должно быть не больше {max}",
        "max.date": "Дата в поле «{title}» должна быть не позже {max}",
        "option": "«{title}»: значения «{value}» нет среди вариантов",
        "items.min": "В списке «{title}» должно быть не меньше {min_items}",
        "items.max": "В списке «{title}» должно быть не больше {max_items}",
        "check": "Поле «{title}» не проходит проверку {check}",
        "regex_limit": "Поле «{title}»: значение слишком сложно проверить по шаблону",
        "hidden_value": "Поле «{title}» скрыто, но заполнено",
        "orphan": "Поле «{title}» заполнено, а «{parent}» — нет",
        "computed": "В поле «{title}» «{value}», а по правилам должно быть «{expected}»",
        "computed.empty": "В поле «{title}» «{value}», а по правилам оно пустое (не заполнены исходные поля)",
    ]
}
