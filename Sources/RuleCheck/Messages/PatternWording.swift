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
}
