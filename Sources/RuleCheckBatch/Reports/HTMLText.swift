import RuleCheck

/// Text put into HTML: escaped so that any value — `<script>`, a quote ending an attribute —
/// stays text, with control characters shown as escapes (as the text report shows them).
enum HTMLText {
    /// `text` for an element's content or a quoted attribute value: `&`, `<`, `>`, `"` and `'`
    /// as character references, control characters as `\u{1B}`.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in VisibleText.escaped(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
