/// Translates an ECMA-262 regex (JSON Schema's `pattern`) into a PCRE2 regex with the same
/// meaning under RuleCheck's PCRE2 options (UTF and UCP), for an unanchored search (`matches()`).
///
/// What differs and how it is mapped:
///
/// | ECMA-262 | meaning there | PCRE2 (UCP) would mean | written as |
/// |---|---|---|---|
/// | `\d` `\D` | ASCII digits | any Unicode digit | `[0-9]`, `[^0-9]` |
/// | `\w` `\W` | ASCII word characters | Unicode letters and digits | `[A-Za-z0-9_]`, `[^A-Za-z0-9_]` |
/// | `\b` `\B` | ASCII word boundary | Unicode word boundary | lookarounds on `[A-Za-z0-9_]` |
/// | `\s` `\S` | the ECMA white space and line terminators | Unicode white space | the ECMA list |
/// | `.` | any character but `\n`, `\r`, U+2028, U+2029 | any character but `\n` | `[^\n\r\x{2028}\x{2029}]` |
/// | `$` | the end of the text | the end, or before a final `\n` | `\z` |
/// | `\uXXXX`, `\u{X…}` | a code point | an error | `\x{XXXX}` |
/// | `\v` | U+000B | vertical white space | `\x{0B}` |
/// | `[^]`, `[]` | any character, nothing | an error | `[\s\S]`, `(?!)` |
/// | `\b` in a class | backspace | backspace | `\x{08}` |
///
/// Inside a class, `\D`, `\W` and `\S` have no exact PCRE2 equivalent written as class members;
/// they are reported. Back-references to groups that did not take part (empty in ECMA, a failure
/// in PCRE2) are reported as an approximation.
enum ECMARegex {
    struct Translation {
        var pcre: String
        /// Differences that could not be mapped exactly.
        var notes: [String]
    }

    static let word = "A-Za-z0-9_"
    /// ECMA-262 WhiteSpace and LineTerminator code points, as class members.
    static let space = #"\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#

    static func translate(_ source: String) -> Translation {
        let chars = Array(source.unicodeScalars)
        var out = ""
        var notes: [String] = []
        var inClass = false
        var classStart = false
        var index = 0
        func note(_ text: String) { if !notes.contains(text) { notes.append(text) } }
        while index < chars.count {
            let c = chars[index]
            if c == "\\" {
                guard index + 1 < chars.count else { out += "\\\\"; index += 1; continue }
                let e = chars[index + 1]
                index += 2
                classStart = false
                switch e {
                case "d": out += inClass ? "0-9" : "[0-9]"
                case "D":
                    if inClass {
                        note("\\D inside a character class is read as PCRE2's \\D (Unicode digits)"); out += "\\D"
                    } else {
                        out += "[^0-9]"
                    }
                case "w": out += inClass ? word : "[\(word)]"
                case "W":
                    if inClass {
                        note("\\W inside a character class is read as PCRE2's \\W (Unicode word characters)"); out += "\\W"
                    } else {
                        out += "[^\(word)]"
                    }
                case "s": out += inClass ? space : "[\(space)]"
                case "S":
                    if inClass { note("\\S inside a character class is read as PCRE2's \\S"); out += "\\S" } else { out += "[^\(space)]" }
                case "b": out += inClass ? "\\x{08}" : "(?:(?<=[\(word)])(?![\(word)])|(?<![\(word)])(?=[\(word)]))"
                case "B": out += inClass ? "B" : "(?:(?<=[\(word)])(?=[\(word)])|(?<![\(word)])(?![\(word)]))"
                case "v": out += "\\x{0B}"
                case "u":
                    if index < chars.count, chars[index] == "{" {
                        var hex = ""
                        var end = index + 1
                        while end < chars.count, chars[end] != "}" { hex.unicodeScalars.append(chars[end]); end += 1 }
                        out += "\\x{\(hex)}"
                        index = min(end + 1, chars.count)
                    } else if index + 4 <= chars.count, chars[index..<index + 4].allSatisfy({ $0.properties.isASCIIHexDigit }) {
                        var hex = ""
                        hex.unicodeScalars.append(contentsOf: chars[index..<index + 4])
                        out += "\\x{\(hex)}"
                        index += 4
                    } else {
                        out += "u"
                    }
                case "x":
                    if index + 2 <= chars.count, chars[index..<index + 2].allSatisfy({ $0.properties.isASCIIHexDigit }) {
                        var hex = ""
                        hex.unicodeScalars.append(contentsOf: chars[index..<index + 2])
                        out += "\\x{\(hex)}"
                        index += 2
                    } else {
                        out += "x"
                    }
                case "0": out += "\\x{00}"
                case "1"..."9":
                    note("back-references: ECMA-262 matches a group that did not take part as empty, PCRE2 fails")
                    out += "\\" + String(e)
                case "k", "p", "P", "c", "t", "n", "r", "f":
                    out += "\\" + String(e)
                default:
                    if e.properties.isAlphabetic || ("0"..."9").contains(e) {
                        // An identity escape of a letter (`\a` is `a` in ECMA-262); PCRE2 gives
                        // many letters a meaning, so write the letter itself.
                        note("'\\\(e)' is read as the letter '\(e)', as ECMA-262 does without the u flag")
                        out.unicodeScalars.append(e)
                    } else {
                        out += "\\"
                        out.unicodeScalars.append(e)
                    }
                }
                continue
            }
            if inClass {
                if c == "]" && !classStart { inClass = false }
                if c == "[" { out += "\\[" } else { out.unicodeScalars.append(c) }
                classStart = false
                index += 1
                continue
            }
            switch c {
            case "[":
                if index + 2 < chars.count + 1, index + 1 < chars.count, chars[index + 1] == "]" {
                    out += "(?!)"
                    index += 2
                    continue
                }
                if index + 2 < chars.count, chars[index + 1] == "^", chars[index + 2] == "]" {
                    out += "[\\s\\S]"
                    index += 3
                    continue
                }
                inClass = true
                out += "["
                index += 1
                if index < chars.count, chars[index] == "^" { out += "^"; index += 1 }
                // In ECMA-262 a `]` right after `[` or `[^` closes the class; that case is
                // handled above, so here a `]` is never first.
                classStart = false
                if index < chars.count, chars[index] == "]" { out += "\\]"; index += 1 }
                continue
            case ".": out += "[^\\n\\r\\x{2028}\\x{2029}]"
            case "$": out += "\\z"
            default: out.unicodeScalars.append(c)
            }
            index += 1
        }
        return Translation(pcre: out, notes: notes)
    }
}
