import Patterns

/// Puts failures into words: the only place where messages are made, for the Form engine and the
/// record checker alike, in the locale it was made for.
///
/// A field failure's template is the failed check's own `message`, else the field's `messages:`
/// entry for the code, else its `message:`, else the built-in default of the locale (falling back
/// to English) — with `{field}`, `{title}`, `{value}`, `{min}`, `{max}`, `{min_length}`,
/// `{max_length}`, `{min_items}`, `{max_items}`, `{mask}`, `{expected}`, `{parent}`, `{check}` and
/// the like filled in. Numbers and dates put into a message are written as the locale writes
/// them (``MessageLocale/number(_:)``: Persian digits under `fa`); `{value}`, what was typed or
/// written, stays as it is.
struct MessageBuilder: Sendable {
    let locale: String
    /// What ``locale`` means for messages: its built-in table, digits and direction.
    let messageLocale: MessageLocale
    /// The built-in messages for ``locale``.
    let defaults: [String: String]

    init(locale: String) {
        self.locale = locale
        messageLocale = MessageLocale(locale)
        defaults = DefaultMessages.table(for: messageLocale)
    }

    /// English messages, for errors that developers read.
    static let english = MessageBuilder(locale: "en")

    // MARK: - Field failures

    /// The issue of `failure` on `field`: its message, and the failed rule as written.
    ///
    /// - Parameters:
    ///   - value: the field's value (shown as `{value}`, dates in the field's format).
    ///   - written: the value as the record wrote it, shown as `{value}` when there is no value
    ///     (a text that could not be read).
    ///   - context: where the field's bounds are evaluated when a message asks for `{min}` or `{max}`.
    func issue<Context: EvaluationContext>(
        _ failure: Failure, _ field: FieldRules, value: Value?, written: String?,
        _ context: Context
    ) -> FieldIssue {
        FieldIssue(
            code: failure.code, message: message(failure, field, value: value, written: written, context),
            rule: rule(failure, field))
    }

    /// The message of `failure` on `field` (see ``issue(_:_:value:written:_:)``).
    func message<Context: EvaluationContext>(
        _ failure: Failure, _ field: FieldRules, value: Value?, written: String?,
        _ context: Context
    ) -> String {
        let check = failure.check.map { field.checks[$0] }
        let code = failure.code
        // `items.min` before `items` (a text per JSON Schema keyword), then the field's message.
        let own =
            IssueCode.fieldCodes.contains(code)
            ? variant(failure).flatMap { field.messages[IssueCode(rawValue: code.rawValue + "." + $0)] } ?? field.messages[code]
                ?? field.message
            : nil
        // A check with no message of its own is said in words where its shape allows (`price > 0`).
        let wording: (template: String, parameters: [String: String])? =
            check?.message != nil || own != nil
            ? nil
            : code == .pattern
                ? patternPlaceholder(failed: check, field).flatMap { patternWording($0) }
                : code == .mask
                    ? failedMask(check, field).flatMap { maskWording($0) }
                    : check.flatMap { checkWording($0, field) }
        let template =
            check?.message?.resolve(locale) ?? own?.resolve(locale) ?? wording?.template
            ?? DefaultMessages.template(code, variant: variant(failure), in: defaults)
        return render(template) { name in
            if let said = wording?.parameters[name] { return said }
            switch name {
            case "field": return field.path
            case "title": return field.title(in: locale)
            case "value": return value.map { display($0, field) } ?? written ?? ""
            case "min", "max": return rangePlaceholder(minimum: name == "min", failure, field, context)
            case "min_length", "max_length": return lengthPlaceholder(minimum: name == "min_length", failed: check, field)
            case "file":
                switch failure {
                case .fileSize(let file), .mediaType(let file): return file
                default: return nil
                }
            case "max_size": return field.maxSize.map(sizeText)
            case "media_types": return field.mediaTypes.joined(separator: ", ")
            case "min_items": return field.minItems.map(count)
            case "max_items": return field.maxItems.map(count)
            case "mask": return maskPlaceholder(failed: check, field)
            case "pattern": return patternPlaceholder(failed: check, field)
            case "expected":
                switch failure {
                case .type(let expected): return phrase(expected)
                case .computed(let expected): return expected.map { localized($0, field) } ?? ""
                default: return nil
                }
            case "parent":
                if case .orphan(let parent) = failure { return parent }
                return nil
            case "check": return exprPlaceholder(failed: check)
            case "rule":
                switch failure {
                case .expressionLimit(let rule), .overflow(let rule): return rule
                default: return nil
                }
            case "first", "item":
                // Items as people count them, from 1.
                guard case .duplicateItem(let first, let item) = failure else { return nil }
                return count((name == "first" ? first : item) + 1)
            case "key": return uniqueKeyPlaceholder(field)
            default:
                return nil
            }
        }
    }

    /// The failed rule as written in the rules file: `required: true`, `pattern: ^[0-9]{6}$`,
    /// `expr: password_repeat == password when …`.
    func rule(_ failure: Failure, _ field: FieldRules) -> String {
        // A value rule's failure names its rule, a check's or the field's own key's, as written.
        if let rule = field.rule(of: failure) { return rule.rule }
        switch failure {
        case .required, .missingColumn: return field.required?.rule ?? "required: true"
        case .type: return "type: \(field.type)"
        case .option: return field.optionsFilter?.rule ?? "options"
        case .pattern, .regexLimit: return "pattern: "
        case .mask: return "mask: "
        case .minLength: return "min_length: 0"
        case .maxLength: return "max_length: 0"
        case .min: return "min"
        case .max: return "max"
        case .minItems: return itemCountRule(minimum: true, field)
        case .maxItems: return itemCountRule(minimum: false, field)
        case .duplicateItems: return "unique_items: true"
        case .duplicateItem: return uniqueByRule(field)
        case .expressionLimit(let rule), .overflow(let rule): return rule
        case .hiddenValue: return field.visibleConditions.map(\.rule).joined(separator: " and ")
        case .orphan(let parent): return "depends_on: \(parent)"
        case .computed: return field.computed?.rule ?? "value"
        case .fileSize: return fileRule(sizeOf: field)
        case .mediaType: return fileRule(mediaTypesOf: field)
        case .check: return ""
        }
    }

    private func variant(_ failure: Failure) -> String? {
        switch failure {
        case .min(.date, _), .max(.date, _): "date"
        case .minItems: "min"
        case .maxItems: "max"
        case .duplicateItems: "unique"
        case .computed(nil): "empty"
        case .expressionLimit: "expression"
        default: nil
        }
    }

    /// What a `type` failure expected, in words.
    func phrase(_ expected: Expected) -> String {
        if case .jsonTypes(let types) = expected { return jsonTypesPhrase(types) }
        let (key, parameters): (String, [String: String]) =
            switch expected {
            case .number: ("number", [:])
            case .wholeNumber: ("whole_number", [:])
            case .numberWithoutLocale(let whole): (whole ? "whole_number.no_locale" : "number.no_locale", [:])
            case .date(let format): ("date", ["format": format])
            case .bool: ("bool", [:])
            case .optionArray: ("option_array", [:])
            case .itemArray(nil): ("item_array", [:])
            case .itemArray(let item?): ("item_array.bad_item", ["item": count(item)])
            case .jsonString: ("json_string", [:])
            case .jsonNumber: ("json_number", [:])
            case .jsonWholeNumber: ("json_whole_number", [:])
            case .jsonBool: ("json_bool", [:])
            case .jsonDate(let format): ("json_date", ["format": format])
            case .jsonObject: ("json_object", [:])
            case .valueArray(let each): ("value_array", ["each": phrase(each)])
            case .files: ("files", [:])
            case .jsonTypes: ("json_value", [:])
            }
        return render(DefaultMessages.phrase(key, in: defaults)) { parameters[$0] }
    }

    /// "a JSON string or a JSON number"; "any JSON value" for every type. `nullAllowed`: `null`
    /// is named among them (a JSON Schema's `type`), rather than being no value.
    func jsonTypesPhrase(_ types: JSONTypes, nullAllowed: Bool = false) -> String {
        guard types != .all else { return DefaultMessages.phrase("json_value", in: defaults) }
        var keys: [String: String] = [
            "string": "json_string", "number": "json_number", "integer": "json_whole_number", "boolean": "json_bool",
            "array": "json_array", "object": "json_object",
        ]
        // `null` alone (`json_types: [null]`, JSON Schema's `type: null`) is named, whatever
        // `nullAllowed` says: the message would otherwise expect nothing.
        if nullAllowed || types.names == ["null"] { keys["null"] = "json_null" }
        let phrases = types.names.compactMap { keys[$0] }.map { DefaultMessages.phrase($0, in: defaults) }
        guard let last = phrases.last, phrases.count > 1 else { return phrases.first ?? "" }
        let first = phrases.dropLast().joined(separator: ", ")
        return Self.fill(DefaultMessages.phrase("either", in: defaults)) { $0 == "first" ? first : $0 == "last" ? last : nil }
    }

    // MARK: - Findings about a record

    /// The message of a finding that belongs to no field's rules (an unknown column, a duplicate
    /// key, input that cannot be read), with its placeholders.
    func message(_ code: IssueCode, variant: String? = nil, _ parameters: [String: String]) -> String {
        render(DefaultMessages.template(code, variant: variant, in: defaults)) { parameters[$0] }
    }

    // MARK: - Refused edits

    /// The message of an edit a form refuses (``FormError``): the locale's `form.<key>` with
    /// `parameters` filled in (counts already written as the locale writes them).
    func formMessage(_ key: String, _ parameters: [String: String]) -> String {
        render(DefaultMessages.formError(key, in: defaults)) { parameters[$0] }
    }

    /// The words for a JSON Schema format in a message (`e-mail address` for `email`); the
    /// format's own name when the locale has no words for it.
    func formatName(_ format: String) -> String {
        defaults["format_name." + format] ?? DefaultMessages.english["format_name." + format] ?? format
    }

    /// A word for showing a value or a place (`display.true`, `display.record`).
    func displayWord(_ key: String) -> String {
        DefaultMessages.displayWord(key, in: defaults)
    }

    /// What a choice's text that names no option was expected to be: "one of the options".
    var optionPhrase: String { DefaultMessages.phrase("option", in: defaults) }

    /// The name of a field type in messages (`whole number` for `integer` in English).
    func typeName(_ type: FieldType) -> String {
        DefaultMessages.typeName(type, in: defaults)
    }

    // MARK: - Values

    /// A value as people read it in a message: dates in the field's format, numbers without a
    /// needless `.0`, a multi_choice's values joined by commas.
    /// A value as a screen shows it: an option's title, a bool as the locale's yes or no, dates
    /// in the field's format, several choices joined by commas.
    func displayText(_ value: Value, _ field: FieldRules, options: [ChoiceOption]) -> String {
        if field.type == .file, let files = value.files { return files.map(\.name).joined(separator: ", ") }
        // What typing reads back as the same value.
        if field.type == .json { return ValueReader.text(ofAny: value) }
        switch value {
        case .bool(let flag): return DefaultMessages.displayWord(flag ? "true" : "false", in: defaults)
        case .list(let items): return items.map { displayText($0, field, options: options) }.joined(separator: ", ")
        default:
            if field.type == .choice || field.type == .multiChoice,
                let option = options.first(where: { $0.value == value })
            {
                return option.title
            }
            return display(value, field)
        }
    }

    /// A size in bytes as people read it: `10 MB`, `500 KB`, `1536 bytes` (`10 Mo` in French).
    func sizeText(_ bytes: Int) -> String {
        for (unit, size) in [("gigabytes", 1 << 30), ("megabytes", 1 << 20), ("kilobytes", 1 << 10)]
        where bytes >= size && bytes % size == 0 {
            return word(unit, count: bytes / size)
        }
        return word("bytes", count: bytes)
    }

    /// The number of a list's items, as a screen shows it.
    func itemsText(_ count: Int) -> String {
        word("items", count: count)
    }

    /// A field's `min`/`max` bounds in words, as a hint under its input shows them (`from 20 to
    /// 1000`, `at least 0`, `از ۲۰ تا ۱۰۰۰`): numbers and dates as messages write them, dates in
    /// the field's format and calendar. `nil` without a bound.
    func boundsText(min: Value?, max: Value?, _ field: FieldRules) -> String? {
        let key: String
        switch (min, max) {
        case (.some, .some): key = "range"
        case (.some, nil): key = "at_least"
        case (nil, .some): key = "at_most"
        case (nil, nil): return nil
        }
        return render(DefaultMessages.displayWord(key, in: defaults)) { name in
            switch name {
            case "min": min.map { localized($0, field) }
            case "max": max.map { localized($0, field) }
            default: nil
            }
        }
    }

    /// A `display.*` word with its `{count}` (and its plural form).
    private func word(_ key: String, count number: Int) -> String {
        MessageTemplate.fill(DefaultMessages.displayWord(key, in: defaults), language: messageLocale.pluralLanguage) {
            $0 == "count" ? count(number) : nil
        }
    }

    /// A count as the locale writes it.
    func count(_ number: Int) -> String {
        messageLocale.number(String(number))
    }

    /// A number or date put into a message, as the locale writes it (other values as
    /// ``display(_:_:)`` shows them).
    func localized(_ value: Value, _ field: FieldRules) -> String {
        switch value {
        case .number, .decimal: messageLocale.number(display(value, field))
        case .date: messageLocale.digits(display(value, field))
        default: display(value, field)
        }
    }

    func display(_ value: Value, _ field: FieldRules) -> String {
        switch value {
        case .date(let day): field.dateFormat.format(day, in: field.calendar)
        case .text(let text) where field.maskValue == .extracted:
            // An extracted value (`79161234567`) is shown formatted (`+7 (916) 123-45-67`).
            field.mask.map { $0.format(text).text } ?? text
        case .list(let items): items.map { display($0, field) }.joined(separator: ", ")
        default: value.description
        }
    }

    // MARK: - Templates

    /// Fills a template in this builder's locale: plural forms by its language (``MessageTemplate``).
    func render(_ template: String, _ value: (String) -> String?) -> String {
        MessageTemplate.fill(template, language: messageLocale.pluralLanguage, value)
    }

    /// Replaces each `{name}` for which `value` has a value (plural blocks by English's rules);
    /// other braces, and a `{` that is never closed, stay as written.
    static func fill(_ template: String, _ value: (String) -> String?) -> String {
        MessageTemplate.fill(template, value)
    }
}
