/// The rules file of an XLSForm, as a tree that prints as YAML with each line's origin: the
/// translation writes it, ``XLSFormTranslator`` prints and compiles it, leaving out a key whose
/// rule the compiler refused (reported at its cell) until what is left compiles.
struct RulesTree {
    /// One key of a field, a check or an option: its printed value or its nested entries.
    struct Entry {
        var key: String
        var value: Value
        var origin: CellReference?
        /// Whether the key may be left out (with a finding) when the compiler refuses what it says.
        var droppable = false
        var unit = 0

        enum Value {
            /// A YAML scalar, printed as it is (already quoted where needed).
            case scalar(String)
            case mapping([Entry])
            /// A sequence of mappings (`fields:`, `item:`, `checks:`, `options:`).
            case sequence([[Entry]])
        }
    }

    var header: [String] = []
    var top: [Entry] = []
    var fields: [[Entry]] = []

    /// A line printed, with where it came from and the droppable unit it belongs to.
    struct Line {
        var text: String
        var origin: CellReference?
        var unit: Int?
    }

    func lines(leaving excluded: Set<Int>) -> [Line] {
        var lines = header.map { Line(text: "# " + $0, origin: nil, unit: nil) }
        for entry in top { print(entry, indent: "", into: &lines, excluded: excluded, unit: nil) }
        lines.append(Line(text: "fields:", origin: nil, unit: nil))
        for field in fields { printItem(field, indent: "  ", into: &lines, excluded: excluded, unit: nil) }
        return lines
    }

    private func comment(_ origin: CellReference?) -> String {
        origin.map { "  # \($0)" } ?? ""
    }

    private func visible(_ entries: [Entry], _ excluded: Set<Int>) -> [Entry] {
        entries.filter { entry in
            if excluded.contains(entry.unit) { return false }
            switch entry.value {
            case .scalar: return true
            case .mapping(let inner): return !visible(inner, excluded).isEmpty
            case .sequence(let items): return items.contains { !visible($0, excluded).isEmpty }
            }
        }
    }

    private func print(_ entry: Entry, indent: String, into lines: inout [Line], excluded: Set<Int>, unit: Int?) {
        let unit = entry.droppable ? entry.unit : unit
        switch entry.value {
        case .scalar(let text):
            lines.append(Line(text: "\(indent)\(entry.key): \(text)\(comment(entry.origin))", origin: entry.origin, unit: unit))
        case .mapping(let inner):
            lines.append(Line(text: "\(indent)\(entry.key):", origin: entry.origin, unit: unit))
            for child in visible(inner, excluded) { print(child, indent: indent + "  ", into: &lines, excluded: excluded, unit: unit) }
        case .sequence(let items):
            lines.append(Line(text: "\(indent)\(entry.key):", origin: entry.origin, unit: unit))
            for item in items where !visible(item, excluded).isEmpty {
                printItem(item, indent: indent + "  ", into: &lines, excluded: excluded, unit: unit)
            }
        }
    }

    private func printItem(_ item: [Entry], indent: String, into lines: inout [Line], excluded: Set<Int>, unit: Int?) {
        let shown = visible(item, excluded)
        for (index, entry) in shown.enumerated() {
            var entryLines: [Line] = []
            print(entry, indent: "", into: &entryLines, excluded: excluded, unit: unit)
            for (lineIndex, var line) in entryLines.enumerated() {
                line.text = (index == 0 && lineIndex == 0 ? indent + "- " : indent + "  ") + line.text
                lines.append(line)
            }
        }
    }

    /// A YAML scalar that reads back as `text`, always as text: single-quoted, or double-quoted
    /// with escapes when it holds a line break or a control character.
    static func quoted(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && $0 != "\u{FEFF}" && $0 != "\u{85}" }),
            !text.unicodeScalars.contains(where: { $0 == "\u{2028}" || $0 == "\u{2029}" })
        {
            return "'" + text.replacingQuotes + "'"
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}" || scalar == "\u{85}" || scalar == "\u{2028}"
                    || scalar == "\u{2029}"
                {
                    result +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension String {
    fileprivate var replacingQuotes: String {
        var result = ""
        for character in self {
            if character == "'" { result += "''" } else { result.append(character) }
        }
        return result
    }
}
