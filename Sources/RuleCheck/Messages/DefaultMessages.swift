/// The built-in messages of every code, and the words for what a `type` failure expected, in each
/// shipped locale (English and Russian). Placeholders in braces are filled in by
/// ``MessageBuilder``. Every locale has a message for every code: a test makes sure.
enum DefaultMessages {
    /// The locales with built-in messages.
    static let locales = ["en", "ru"]

    /// The built-in table of a locale: its language's (`ru` for `ru-RU`), else English.
    static func table(for locale: String) -> [String: String] {
        switch locale.prefix(while: { $0 != "-" && $0 != "_" }).lowercased() {
        case "ru": russian
        default: english
        }
    }

    /// The template for `code` (and a variant of it, such as `min.date`) in `table`, falling back
    /// to English.
    static func template(_ code: IssueCode, variant: String?, in table: [String: String]) -> String {
        if let variant, let specific = table[code.rawValue + "." + variant] ?? english[code.rawValue + "." + variant] {
            return specific
        }
        return table[code.rawValue] ?? english[code.rawValue] ?? "{title}: \(code)"
    }

    /// The words for an expected kind of value (`expected.number` …) in `table`.
    static func phrase(_ key: String, in table: [String: String]) -> String {
        table["expected." + key] ?? english["expected." + key] ?? key
    }

    /// The words for showing a value (`display.true` …) in `table`.
    static func displayWord(_ key: String, in table: [String: String]) -> String {
        table["display." + key] ?? english["display." + key] ?? key
    }

    static let english: [String: String] = [
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
        "items.unique": "{title} lists the same value more than once",
        "check": "{title} does not pass the check {check}",
        "regex_limit": "{title}: the value is too complex to check against its pattern",
        "regex_limit.expression": "{title}: a value is too complex for the regex of {rule}",
        "hidden_value": "{title} has a value but is hidden",
        "orphan": "{title} has a value but {parent} is empty",
        "computed": "{title} is '{value}' but the rules compute '{expected}'",
        "computed.empty": "{title} is '{value}' but the rules compute no value (its inputs are empty)",
        "missing_column": "{title} is required but the input has no column '{field}'",
        "unknown_column": "'{column}' is not a field of the rules",
        "unknown_column.duplicate": "column '{column}' appears more than once; the first is used",
        "duplicate_key": "key '{key}' appears more than once in the object; the last value is checked",
        "external": "{title}: {message}",
        "malformed": "{detail}",
        "malformed.header": "cannot read the header: {detail}; no record of this file is checked",
        "unreadable": "{detail}",
        "file_size": "{title}: '{file}' is larger than {max_size}",
        "media_type": "{title}: '{file}' is not of a type allowed ({media_types})",

        "expected.number": "a number",
        "expected.whole_number": "a whole number",
        "expected.date": "a date ({format})",
        "expected.bool": "true or false",
        "expected.option_array": #"a JSON array of options, such as ["a", "b"]"#,
        "expected.item_array": "a JSON array of item objects",
        "expected.item_array.bad_item": "a JSON array of item objects (item {item} is not an object)",
        "expected.json_string": "a JSON string",
        "expected.json_number": "a JSON number",
        "expected.json_whole_number": "a whole JSON number",
        "expected.json_bool": "a JSON boolean (true or false)",
        "expected.json_date": "a date as a JSON string ({format})",
        "display.true": "Yes",
        "display.false": "No",
        "display.items": "Items: {count}",
        "expected.json_object": "a JSON object",
        "expected.value_array": "a JSON array, each element {each}",
        "expected.files": #"a JSON array of files, each {"name": …, "size": …, "type": …}"#,
        "expected.json_array": "a JSON array",
        "expected.json_value": "any JSON value",
        "expected.either": "{first} or {last}",
        "display.bytes": "{count} bytes",
    ]

    static let russian: [String: String] = [
        "required": "Заполните поле «{title}»",
        "type": "«{title}»: «{value}» — ожидается {expected}",
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
        "items.unique": "В списке «{title}» есть повторяющиеся значения",
        "check": "Поле «{title}» не проходит проверку {check}",
        "regex_limit": "Поле «{title}»: значение слишком сложно проверить по шаблону",
        "regex_limit.expression": "Поле «{title}»: значение слишком сложно для регулярного выражения в {rule}",
        "hidden_value": "Поле «{title}» скрыто, но заполнено",
        "orphan": "Поле «{title}» заполнено, а «{parent}» — нет",
        "computed": "В поле «{title}» «{value}», а по правилам должно быть «{expected}»",
        "computed.empty": "В поле «{title}» «{value}», а по правилам оно пустое (не заполнены исходные поля)",
        "missing_column": "Поле «{title}» обязательно, но во входных данных нет столбца «{field}»",
        "unknown_column": "«{column}» — такого поля в правилах нет",
        "unknown_column.duplicate": "Столбец «{column}» встречается несколько раз; используется первый",
        "duplicate_key": "Ключ «{key}» встречается в объекте несколько раз; проверяется последнее значение",
        "external": "«{title}»: {message}",
        "malformed": "Здесь входные данные не удаётся прочитать: {detail}",
        "malformed.header": "Не удаётся прочитать заголовок: {detail}; записи этого файла не проверяются",
        "unreadable": "Файл не удаётся прочитать: {detail}",
        "file_size": "«{title}»: файл «{file}» больше {max_size}",
        "media_type": "«{title}»: у файла «{file}» недопустимый тип (можно: {media_types})",

        "expected.number": "число",
        "expected.whole_number": "целое число",
        "expected.date": "дата в формате {format}",
        "expected.bool": "true или false (да или нет)",
        "expected.option_array": #"JSON-массив вариантов, например ["a", "b"]"#,
        "expected.item_array": "JSON-массив объектов-элементов",
        "expected.item_array.bad_item": "JSON-массив объектов-элементов (элемент {item} — не объект)",
        "expected.json_string": "JSON-строка",
        "expected.json_number": "JSON-число",
        "expected.json_whole_number": "целое JSON-число",
        "expected.json_bool": "JSON-значение true или false",
        "expected.json_date": "дата JSON-строкой в формате {format}",
        "display.true": "Да",
        "display.false": "Нет",
        "display.items": "Элементов: {count}",
        "expected.json_object": "JSON-объект",
        "expected.value_array": "JSON-массив, каждый элемент — {each}",
        "expected.files": #"JSON-массив файлов вида {"name": …, "size": …, "type": …}"#,
        "expected.json_array": "JSON-массив",
        "expected.json_value": "любое JSON-значение",
        "expected.either": "{first} или {last}",
        "display.bytes": "{count} байт",
    ]
}
