import Patterns

/// Builds the message of an issue: the check's own message, else the field's `messages:` entry
/// for the code, else its `message:`, else the built-in default — each in the chosen locale —
/// with `{field}`, `{title}`, `{value}`, `{min}`, `{max}`, `{min_length}`, `{max_length}` and
/// the like filled in.
struct MessageBuilder: Sendable {
    let locale: String

    /// - Parameters:
    ///   - parameters: the failure's own placeholders (`{check}`, a check's `{min}`…).
    ///   - lookup: placeholders computed only if the template asks for them (`{value}`, the
    ///     field's evaluated `{min}` and `{max}`).
    func issue(_ code: IssueCode, _ field: FieldRules, rule: String, check: CheckRule? = nil, variant: String? = nil,
               parameters: [String: String] = [:], lookup: (String) -> String? = { _ in nil }) -> Issue {
        let template = check?.message?.resolve(locale)
            ?? field.messages[code]?.resolve(locale)
            ?? field.message?.resolve(locale)
            ?? DefaultMessages.template(code, variant: variant, locale: locale)
        let message = Self.fill(template) { name in
            switch name {
            case "field": return field.path
            case "title": return field.title
            default: break
            }
            if let value = parameters[name] ?? lookup(name) { return value }
            return switch name {
            case "min_length": field.minLength.map(String.init)
            case "max_length": field.maxLength.map(String.init)
            case "min_items": field.minItems.map(String.init)
            case "max_items": field.maxItems.map(String.init)
            case "mask": field.mask?.notation
            default: nil
            }
        }
        let written = check.map { check in check.whenText.map { "\(check.text) when \($0)" } ?? check.text } ?? rule
        return Issue(code: code, message: message, rule: written)
    }

    /// Replaces each `{name}` for which `value` has a value; other braces, and a `{` that is
    /// never closed, stay as written.
    static func fill(_ template: String, _ value: (String) -> String?) -> String {
        let scalars = template.unicodeScalars
        guard var open = scalars.firstIndex(of: "{") else { return template }
        var result = String.UnicodeScalarView()
        var start = scalars.startIndex
        while true {
            result.append(contentsOf: scalars[start..<open])
            guard let close = scalars[open...].firstIndex(of: "}") else {
                start = open
                break
            }
            if let filled = value(String(scalars[scalars.index(after: open)..<close])) {
                result.append(contentsOf: filled.unicodeScalars)
            } else {
                result.append(contentsOf: scalars[open...close])
            }
            start = scalars.index(after: close)
            guard let next = scalars[start...].firstIndex(of: "{") else { break }
            open = next
        }
        result.append(contentsOf: scalars[start...])
        return String(result)
    }
}
