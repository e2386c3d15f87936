import Patterns

/// Puts failures into words: the only place where messages are made, for the Form engine and the
/// record checker alike, in the locale it was made for.
///
/// A field failure's template is the failed check's own `message`, else the field's `messages:`
/// entry for the code, else its `message:`, else the built-in default of the locale (falling back
/// to English) — with `{field}`, `{title}`, `{value}`, `{min}`, `{max}`, `{min_length}`,
/// `{max_length}`, `{min_items}`, `{max_items}`, `{mask}`, `{expected}`, `{parent}`, `{check}` and
/// the like filled in.
struct MessageBuilder: Sendable {
    let locale: String
    /// The built-in messages for ``locale``.
    private let defaults: [String: String]

    init(locale: String) {
        self.locale = locale
        defaults = DefaultMessages.table(for: locale)
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
    ) -> Issue {
        Issue(
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
        let own = IssueCode.fieldCodes.contains(code) ? field.messages[code] ?? field.message : nil
        let template =
            check?.message?.resolve(locale) ?? own?.resolve(locale)
            ?? DefaultMessages.template(code, variant: variant(failure), in: defaults)
        return Self.fill(template) { name in
            switch name {
            case "field": return field.path
            case "title": return field.title
            case "value": return value.map { display($0, field) } ?? written ?? ""
            case "min", "max":
                switch failure {
                case .min(let bound, _) where name == "min", .max(let bound, _) where name == "max":
                    return display(bound, field)
                default:
                    let bound = name == "min" ? field.min : field.max
                    return bound?.expr.evaluate(context).map { display($0, field) }
                }
            case "min_length":
                if let check, case .minLength(let minimum) = check.kind { return String(minimum) }
                return field.minLength.map(String.init)
            case "max_length":
                if let check, case .maxLength(let maximum) = check.kind { return String(maximum) }
                return field.maxLength.map(String.init)
            case "file":
                switch failure {
                case .fileSize(let file), .mediaType(let file): return file
                default: return nil
                }
            case "max_size": return field.maxSize.map(sizeText)
            case "media_types": return field.mediaTypes.joined(separator: ", ")
            case "min_items": return field.minItems.map(String.init)
            case "max_items": return field.maxItems.map(String.init)
            case "mask":
                if let check, case .mask(let mask) = check.kind { return mask.notation }
                return field.mask?.notation
            case "pattern":
                if let check, case .pattern(let pattern) = check.kind { return pattern.source }
                return field.pattern?.source
            case "expected":
                switch failure {
                case .type(let expected): return phrase(expected)
                case .computed(let expected): return expected.map { display($0, field) } ?? ""
                default: return nil
                }
            case "parent":
                if case .orphan(let parent) = failure { return parent }
                return nil
            case "check":
                guard let check, case .expr = check.kind else { return nil }
                return check.text.hasPrefix("expr: ") ? String(check.text.dropFirst(6)) : check.text
            case "rule":
                if case .expressionLimit(let rule) = failure { return rule }
                return nil
            default:
                return nil
            }
        }
    }

    /// The failed rule as written in the rules file: `required: true`, `pattern: ^[0-9]{6}$`,
    /// `expr: password_repeat == password when …`.
    func rule(_ failure: Failure, _ field: FieldRules) -> String {
        if let index = failure.check {
            return field.checks[index].rule
        }
        switch failure {
        case .required, .missingColumn: return field.required?.rule ?? "required: true"
        case .type: return "type: \(field.type)"
        case .option: return field.optionsFilter?.rule ?? "options"
        case .pattern, .regexLimit: return "pattern: \(field.pattern?.source ?? "")"
        case .mask: return "mask: \(field.mask?.notation ?? "")"
        case .minLength: return "min_length: \(field.minLength ?? 0)"
        case .maxLength: return "max_length: \(field.maxLength ?? 0)"
        case .min: return field.min?.rule ?? "min"
        case .max: return field.max?.rule ?? "max"
        case .minItems: return "min_items: \(field.minItems ?? 0)"
        case .maxItems: return "max_items: \(field.maxItems ?? 0)"
        case .duplicateItems: return "unique_items: true"
        case .expressionLimit(let rule): return rule
        case .hiddenValue: return field.visibleConditions.map(\.rule).joined(separator: " and ")
        case .orphan(let parent): return "depends_on: \(parent)"
        case .computed: return field.computed?.rule ?? "value"
        case .fileSize: return "max_size: \(field.maxSize.map(sizeText) ?? "")"
        case .mediaType: return "media_types: [\(field.mediaTypes.joined(separator: ", "))]"
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
            case .date(let format): ("date", ["format": format])
            case .bool: ("bool", [:])
            case .optionArray: ("option_array", [:])
            case .itemArray(nil): ("item_array", [:])
            case .itemArray(let item?): ("item_array.bad_item", ["item": String(item)])
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
        return Self.fill(DefaultMessages.phrase(key, in: defaults)) { parameters[$0] }
    }

    /// "a JSON string or a JSON number"; "any JSON value" for every type.
    private func jsonTypesPhrase(_ types: JSONTypes) -> String {
        guard types != .all else { return DefaultMessages.phrase("json_value", in: defaults) }
        let keys: [String: String] = [
            "string": "json_string", "number": "json_number", "integer": "json_whole_number", "boolean": "json_bool",
            "array": "json_array", "object": "json_object",
        ]
        let phrases = types.names.compactMap { keys[$0] }.map { DefaultMessages.phrase($0, in: defaults) }
        guard let last = phrases.last, phrases.count > 1 else { return phrases.first ?? "" }
        let first = phrases.dropLast().joined(separator: ", ")
        return Self.fill(DefaultMessages.phrase("either", in: defaults)) { $0 == "first" ? first : $0 == "last" ? last : nil }
    }

    // MARK: - Findings about a record

    /// The message of a finding that belongs to no field's rules (an unknown column, a duplicate
    /// key, input that cannot be read), with its placeholders.
    func message(_ code: IssueCode, variant: String? = nil, _ parameters: [String: String]) -> String {
        Self.fill(DefaultMessages.template(code, variant: variant, in: defaults)) { parameters[$0] }
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

    /// A size in bytes as people read it: `10 MB`, `500 KB`, `1536 bytes`.
    func sizeText(_ bytes: Int) -> String {
        for (unit, size) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return Self.fill(DefaultMessages.displayWord("bytes", in: defaults)) { $0 == "count" ? String(bytes) : nil }
    }

    /// The number of a list's items, as a screen shows it.
    func itemsText(_ count: Int) -> String {
        Self.fill(DefaultMessages.displayWord("items", in: defaults)) { $0 == "count" ? String(count) : nil }
    }

    func display(_ value: Value, _ field: FieldRules) -> String {
        switch value {
        case .date(let day): field.dateFormat.format(day)
        case .text(let text) where field.maskValue == .extracted:
            // An extracted value (`79161234567`) is shown formatted (`+7 (916) 123-45-67`).
            field.mask.map { $0.format(text).text } ?? text
        case .list(let items): items.map { display($0, field) }.joined(separator: ", ")
        default: value.description
        }
    }

    // MARK: - Templates

    /// Replaces each `{name}` for which `value` has a value; other braces, and a `{` that is
    /// never closed, stay as written.
    ///
    /// Works on UTF-8 bytes: braces are ASCII, so they never fall inside another character's
    /// bytes, and copying runs of bytes is far cheaper than appending scalars one by one.
    static func fill(_ template: String, _ value: (String) -> String?) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var template = template
        return template.withUTF8 { fill(bytes: $0, value) }
    }

    private static func fill(bytes: UnsafeBufferPointer<UInt8>, _ value: (String) -> String?) -> String {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard var brace = bytes.firstIndex(of: open) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        var start = 0
        while true {
            result.append(contentsOf: bytes[start..<brace])
            guard let end = bytes[brace...].firstIndex(of: close) else {
                start = brace
                break
            }
            if let filled = value(String(decoding: UnsafeBufferPointer(rebasing: bytes[(brace + 1)..<end]), as: UTF8.self)) {
                result.append(contentsOf: filled.utf8)
            } else {
                result.append(contentsOf: bytes[brace...end])
            }
            start = end + 1
            guard let next = bytes[start...].firstIndex(of: open) else { break }
            brace = next
        }
        result.append(contentsOf: bytes[start...])
        return String(decoding: result, as: UTF8.self)
    }
}
