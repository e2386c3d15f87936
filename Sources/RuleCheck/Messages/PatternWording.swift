import Patterns

/// A pattern of digits said as what to type: `^09[0-9]{9}$` is "11 digits, starting with 09"
/// (`۱۱ رقم باشد و با ۰۹ شروع شود`), rather than "has the wrong format".
extension MessageBuilder {
    /// The default template and placeholders of a failed pattern whose regex is a run of digits
    /// (an optional fixed prefix of ASCII digits, then `[0-9]` or `\d` repeated a fixed number of
    /// times, anchored or not); `nil` for any other pattern.
    func patternWording(_ source: String) -> (template: String, parameters: [String: String])? {
        guard let (count, prefix) = Self.digitRun(source) else { return nil }
        let template = DefaultMessages.template(.pattern, variant: prefix.isEmpty ? "digits" : "digits.prefix", in: defaults)
        return (template, ["count": self.count(count), "prefix": messageLocale.digits(prefix)])
    }

    /// `^09[0-9]{9}$` → (11, "09"); `\d{6}` → (6, ""); `nil` for any other shape.
    static func digitRun(_ source: String) -> (count: Int, prefix: String)? {
        var body = Substring(source)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") { body = body.dropLast() }
        if body.hasPrefix("(?:"), body.hasSuffix(")") { body = body.dropFirst(3).dropLast() }
        let prefix = body.prefix { $0.isASCII && $0.isNumber }
        body = body.dropFirst(prefix.count)
        if body.hasPrefix("[0-9]") {
            body = body.dropFirst(5)
        } else if body.hasPrefix("\\d") {
            body = body.dropFirst(2)
        } else {
            return nil
        }
        var repeats = 1
        if body.hasPrefix("{"), body.hasSuffix("}") {
            guard let times = Int(body.dropFirst().dropLast()), (1...64).contains(times) else { return nil }
            repeats = times
            body = ""
        }
        guard body.isEmpty else { return nil }
        return (prefix.count + repeats, String(prefix))
    }

    /// A failed mask said as what to type when the mask takes digits only, with nothing but
    /// digits and spaces fixed (`\0\900 000 0000`: "11 digits, starting with 09"); `nil` for
    /// another mask, which its empty input shows (``maskPlaceholder(failed:_:)``).
    func maskWording(_ mask: Mask) -> (template: String, parameters: [String: String])? {
        guard mask.takesDigitsOnly, mask.alternatives.count == 1, !Self.hasOptionalParts(mask.notation) else { return nil }
        let shape = mask.placeholder
        guard shape.allSatisfy({ $0 == "_" || $0 == " " || ($0.isASCII && $0.isNumber) }) else { return nil }
        let count = shape.filter { $0 != " " }.count
        let prefix = String(shape.prefix { $0.isASCII && $0.isNumber })
        let template = DefaultMessages.template(.pattern, variant: prefix.isEmpty ? "digits" : "digits.prefix", in: defaults)
        return (template, ["count": self.count(count), "prefix": messageLocale.digits(prefix)])
    }

    /// Whether a mask's notation has optional positions, blocks or an open tail (`9`, `[…]`,
    /// `{…}`, `<…>`, `…`), outside escapes: then its number of digits is not fixed.
    static func hasOptionalParts(_ notation: String) -> Bool {
        var escaped = false
        for character in notation {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if "9[]{}<>…".contains(character) {
                return true
            }
        }
        return false
    }
}
