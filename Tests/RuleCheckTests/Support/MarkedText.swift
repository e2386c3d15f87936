/// Text with position markers, as in swift-format's tests: `1️⃣`, `2️⃣`, … are removed and their
/// 1-based line and column (in Unicode scalars) recorded, so a test states where a diagnostic
/// must point by marking the place in the source.
struct MarkedText {
    let text: String
    let marks: [String: (line: Int, column: Int)]

    init(_ marked: String) {
        var text = ""
        var marks: [String: (line: Int, column: Int)] = [:]
        var line = 1, column = 1
        var scalars = Array(marked.unicodeScalars)[...]
        while let scalar = scalars.first {
            // A keycap digit: digit, U+FE0F, U+20E3.
            if ("1"..."9").contains(scalar), scalars.dropFirst().first == "\u{FE0F}", scalars.dropFirst(2).first == "\u{20E3}" {
                marks[String(scalar) + "\u{FE0F}\u{20E3}"] = (line, column)
                scalars = scalars.dropFirst(3)
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            scalars = scalars.dropFirst()
        }
        self.text = text
        self.marks = marks
    }

    /// `file:line:column` of a marker.
    func location(_ marker: String, file: String = "test.yaml") -> String {
        guard let mark = marks[marker] else { return "\(file):?:? (no marker \(marker))" }
        return "\(file):\(mark.line):\(mark.column)"
    }
}
