import Patterns

/// Builds the message of an issue: the check's own message, else the field's `messages:` entry
/// for the code, else its `message:`, else the built-in default — each in the chosen locale —
/// with `{field}`, `{title}`, `{value}`, `{min}`, `{max}`, `{min_length}`, `{max_length}` and
/// the like filled in.
struct MessageBuilder: Sendable {
    let locale: String

    func issue(_ code: IssueCode, _ field: FieldRules, rule: String, check: CheckRule? = nil, variant: String? = nil,
               parameters: [String: String] = [:]) -> Issue {
        let template = check?.message?.resolve(locale)
            ?? field.messages[code]?.resolve(locale)
            ?? field.message?.resolve(locale)
            ?? DefaultMessages.template(code, variant: variant, locale: locale)
        var values = parameters
        values["field"] = field.path
        values["title"] = field.title
        let fieldValues: [(String, String?)] = [
            ("min_length", field.minLength.map(String.init)), ("max_length", field.maxLength.map(String.init)),
            ("min_items", field.minItems.map(String.init)), ("max_items", field.maxItems.map(String.init)),
            ("mask", field.mask?.notation),
        ]
        for case let (name, value?) in fieldValues where values[name] == nil {
            values[name] = value
        }
        let written = check.map { check in check.whenText.map { "\(check.text) when \($0)" } ?? check.text } ?? rule
        return Issue(code: code, message: Self.fill(template, values), rule: written)
    }

    /// Replaces each `{name}` that has a value; other braces stay as written.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
