/// Text made safe to show to people, on a terminal or in a log: the characters that could move
/// the cursor, retitle a terminal, ring its bell or reorder what is shown are written as escapes.
///
/// ```swift
/// VisibleText.escaped("a\u{1B}]0;x\u{7}")   // a\u{1B}]0;x\u{7}
/// VisibleText.escaped("line\nbreak")         // line\nbreak
/// ```
///
/// Escaped: C0 controls but the tab (`\n`, `\r`, others `\u{1B}`), DEL, C1 controls
/// (U+0080–U+009F), the line and paragraph separators (U+2028, U+2029), and the bidirectional
/// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make text read in
/// an order other than the one it is stored in. Machine-readable output (JSON, SARIF) keeps exact
/// values instead, escaped by its own syntax.
package enum VisibleText {
    /// Whether `scalar` is written as an escape.
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The escape for `scalar`: `\n`, `\r`, or `\u{HEX}`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// `text` with every character of ``isEscaped(_:)`` written as its escape.
    package static func escaped<S: StringProtocol>(_ text: S) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// At most `width` characters of `line` around the 1-based `column`, escaped, with `…` where
    /// the line goes on; and the padding (spaces, and the line's own tabs) that puts a caret under
    /// that column. Costs time in proportion to `column + width`, not to the line's length.
    ///
    /// ```swift
    /// let (text, pad) = VisibleText.excerpt(line, column: 300_027)
    /// print(text + "\n" + pad + "^")
    /// ```
    package static func excerpt(_ line: Substring, column: Int, width: Int = 100) -> (text: String, caretPad: String) {
        let scalars = line.unicodeScalars
        let caret = max(0, column - 1)
        // How far the line goes after the caret, up to half the window.
        let caretIndex = scalars.index(scalars.startIndex, offsetBy: caret, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let after = scalars.distance(
            from: caretIndex,
            to: scalars.index(caretIndex, offsetBy: width / 2, limitedBy: scalars.endIndex)
                ?? scalars.endIndex)
        var first = max(0, caret - (width - after))
        // A few characters cut from the start would only hide the indentation.
        if first <= 8 { first = 0 }
        let start = scalars.index(scalars.startIndex, offsetBy: first, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let end = scalars.index(start, offsetBy: width, limitedBy: scalars.endIndex) ?? scalars.endIndex
        var text = first > 0 ? "…" : ""
        var pad = first > 0 ? " " : ""
        var position = first
        for scalar in scalars[start..<end] {
            let shown = isEscaped(scalar) ? escape(scalar) : String(scalar)
            text += shown
            if position < caret {
                // Keep tabs so the caret lines up under them; everything else becomes spaces.
                pad += scalar == "\t" ? "\t" : String(repeating: " ", count: shown.count)
            }
            position += 1
        }
        if end != scalars.endIndex { text += "…" }
        if caret > position { pad += String(repeating: " ", count: caret - position) }
        return (text, pad)
    }
}
