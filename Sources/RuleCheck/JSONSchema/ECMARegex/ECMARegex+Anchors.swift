extension ECMARegex {
    /// The body of a regex that must match the whole text, `^body$`, when `source` is one: it
    /// starts with `^`, ends with an unescaped `$`, and has no `|` outside groups and classes (so
    /// both anchors hold for the whole regex). Such a pattern is a rules file's `pattern:`, which
    /// matches the whole value; others are searches (`matches()`).
    static func wholeMatchBody(_ source: String) -> String? {
        let scalars = Array(source.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "^", scalars.last == "$" else { return nil }
        var depth = 0
        var inClass = false
        var index = 1
        let end = scalars.count - 1
        while index < end {
            let c = scalars[index]
            if c == "\\" {
                index += 2
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
            } else {
                switch c {
                case "[": inClass = true
                case "(": depth += 1
                case ")": depth -= 1
                case "|" where depth == 0: return nil
                default: break
                }
            }
            index += 1
        }
        // An escaping backslash right before the final `$` makes it a literal dollar.
        guard index == end, !inClass, depth == 0 else { return nil }
        return String(String.UnicodeScalarView(scalars[1..<end]))
    }
}
