/// Text written into XML 1.0 (JUnit reports, `.xlsx` workbooks).
package enum XMLText {
    /// `text` as character data or an attribute value: `& < > "` escaped, a carriage return (and
    /// in an attribute, a tab and a line feed) as a character reference so that parsers keep it.
    /// A character XML 1.0 cannot hold (a control character, U+FFFE, U+FFFF) is what `invalid`
    /// writes for it; when `invalid` gives nil, the text cannot be written and the result is nil.
    package static func escaped(_ text: String, inAttribute: Bool, invalid: (Unicode.Scalar) -> String?) -> String? {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\r": result += "&#13;"
            case "\n", "\t": result += inAttribute ? "&#\(scalar.value);" : String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                guard let written = invalid(scalar) else { return nil }
                result += written
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
