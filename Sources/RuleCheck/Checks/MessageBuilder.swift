import Patterns

/// Builds the message of an issue: the check's own message, else the field's `messages:` entry
/// for the code, else its `message:`, else the built-in default — each in the chosen locale —
/// with `{field}`, `{title}`, `{value}`, `{min}`, `{max}`, `{min_length}`, `{max_length}` and
/// the like filled in.
struct MessageBuilder: Sendable {
    let locale: String
    /// The built-in messages for ``locale``.
    private let defaults: [String: String]

    init(locale: String) {
        self.locale = locale
        defaults = DefaultMessages.table(for: locale)
    }

    /// - Parameters:
    ///   - parameters: the failure's own placeholders (`{check}`, a check's `{min}`…).
    ///   - lookup: placeholders computed only if the template asks for them (`{value}`, the
    ///     field's evaluated `{min}` and `{max}`).
    func issue(_ code: IssueCode, _ field: FieldRules, rule: String, check: CheckRule? = nil, variant: String? = nil,
               parameters: [String: String] = [:], lookup: (String) -> String? = { _ in nil }) -> Issue {
        let template = check?.message?.resolve(locale)
            ?? field.messages[code]?.resolve(locale)
            ?? field.message?.resolve(locale)
            ?? DefaultMessages.template(code, variant: variant, in: defaults)
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
