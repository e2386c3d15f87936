import Foundation
import RuleCheck

/// Random exports of the kind that break drafts: empty cells, `null`, `""` and `[]` where other
/// records write a value, arrays with `null` or `""` in them, nested objects, numbers written in
/// many ways, and fields that mix types. Each export keeps, for each top-level field, what its
/// records wrote, so that a test can say what the data supports without asking `infer`.
struct MessyExport {
    /// What one record wrote in one top-level field.
    enum Written: Equatable {
        /// No key (JSON), or an empty cell (CSV).
        case missing
        case null
        /// A JSON string, or a CSV cell's text.
        case text(String)
        /// A JSON number, as written.
        case number(String)
        case bool(Bool)
        /// A JSON array (or a CSV cell holding one), with its element count and its plain
        /// elements' texts (strings, and numbers as written).
        case array(count: Int, texts: [String])
        case object

        /// Whether `check` reads it as no value: missing, null, empty text, an empty array.
        var isEmpty: Bool {
            switch self {
            case .missing, .null: true
            case .text(let text): text.isEmpty
            case .array(let count, _): count == 0
            default: false
            }
        }
    }

    /// The export's bytes.
    var text = ""
    /// The top-level fields' names, and per field what each record wrote (in record order).
    var names: [String] = []
    var written: [String: [Written]] = [:]

    enum JSONKind: CaseIterable {
        case numbers, integers, words, codes, bools, dates, emptyArrays, wordArrays, numberArrays, object, objectArrays,
            mixed, texts
    }

    enum CellKind: CaseIterable {
        case numbers, words, codes, bools, dates, arrays, emptyArrays, objectArrays, mixed, texts, byteOrderMark
    }

    /// Numbers as JSON writes them.
    static let jsonNumbers = [
        "0", "-0", "5", "-3", "1.0", "1.50", "1e2", "1E+2", "2.5e-3", "-7.25", "12345678901234567890", "0.10000000000000001",
        "100000000000000000000", "3.14159",
    ]
    /// Numbers as cells write them, some of which `check` reads as text.
    static let cellNumbers = [
        "0", "-0", "5", "-3", "+7", "1e3", "1.50", ".5", "5.", "007", "1,000", " 8", "9 ", "12345678901234567890", "-0.001",
        "1_000", "0x1F", "١٢", "NaN", "inf",
    ]
    static let words = ["red", "green", "blue", "o'range", "Ünï", "a b"]
    static let texts = ["alpha", "Бета", "γάμμα", "say \"hi\"", "x, y", "日本", "😀 ok", "tab\there", "line\nbreak", " padded "]

    static func code(using random: inout SplitMix64) -> String {
        let letters = String((0..<2).map { _ in Character(Unicode.Scalar(UInt8.random(in: 65...90, using: &random))) })
        return letters + "-" + String(Int.random(in: 100...9999, using: &random))
    }

    static func date(using random: inout SplitMix64) -> String {
        let day = Day(iso: "1990-01-01")!.adding(days: Int.random(in: 0...20_000, using: &random))!
        return day.iso
    }

    /// A JSON Lines export of `rows` records, an `id` and `fields` random fields.
    static func jsonLines(rows: Int, fields: Int, using random: inout SplitMix64) -> MessyExport {
        var export = MessyExport()
        let kinds = (0..<fields).map { _ in JSONKind.allCases.randomElement(using: &random)! }
        // Per field: how often it is empty, and which empties it writes.
        let emptyRates = kinds.map { _ in [0, 0, 0.1, 0.4].randomElement(using: &random)! }
        let empties: [[Written]] = kinds.map { _ in
            let all: [Written] = [.missing, .null, .text(""), .array(count: 0, texts: [])]
            return Array(all.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)))
        }
        export.names = ["id"] + kinds.indices.map { "f\($0)" }
        var lines: [String] = []
        for row in 0..<rows {
            var members = ["\"id\": \(row + 1)"]
            export.written["id", default: []].append(.number(String(row + 1)))
            for (index, kind) in kinds.enumerated() {
                let name = "f\(index)"
                var value: Written
                var literal: String
                if Double.random(in: 0..<1, using: &random) < emptyRates[index] {
                    value = empties[index].randomElement(using: &random)!
                    switch value {
                    case .null: literal = "null"
                    case .text: literal = "\"\""
                    case .array: literal = "[]"
                    default: literal = ""
                    }
                } else {
                    (value, literal) = jsonValue(kind, using: &random)
                }
                export.written[name, default: []].append(value)
                if value != .missing { members.append("\"\(name)\": \(literal)") }
            }
            lines.append("{" + members.shuffled(using: &random).joined(separator: ", ") + "}")
        }
        export.text = lines.joined(separator: "\n") + "\n"
        return export
    }

    private static func jsonString(_ text: String) -> String { JSONWriter.string(.string(text)) }

    private static func jsonValue(_ kind: JSONKind, using random: inout SplitMix64) -> (Written, String) {
        switch kind {
        case .numbers:
            let number = jsonNumbers.randomElement(using: &random)!
            return (.number(number), number)
        case .integers:
            let number = String(Int.random(in: -500...500, using: &random))
            return (.number(number), number)
        case .words:
            let word = words.randomElement(using: &random)!
            return (.text(word), jsonString(word))
        case .codes:
            let code = code(using: &random)
            return (.text(code), jsonString(code))
        case .bools:
            let flag = Bool.random(using: &random)
            return (.bool(flag), flag ? "true" : "false")
        case .dates:
            let day = date(using: &random)
            return (.text(day), jsonString(day))
        case .emptyArrays:
            return (.array(count: 0, texts: []), "[]")
        case .wordArrays:
            // Now and then an empty string or a null among the words.
            let elements = (0..<Int.random(in: 0...3, using: &random)).map { _ -> String? in
                switch Int.random(in: 0..<20, using: &random) {
                case 0: nil
                case 1: ""
                default: words.randomElement(using: &random)!
                }
            }
            return (
                .array(count: elements.count, texts: elements.compactMap { $0 }),
                "[" + elements.map { $0.map(jsonString) ?? "null" }.joined(separator: ", ") + "]"
            )
        case .numberArrays:
            let elements = (0..<Int.random(in: 1...3, using: &random)).map { _ in jsonNumbers.randomElement(using: &random)! }
            return (.array(count: elements.count, texts: elements), "[" + elements.joined(separator: ", ") + "]")
        case .object:
            let a: String =
                switch Int.random(in: 0..<6, using: &random) {
                case 0: "null"
                case 1: "\"\""
                default: jsonNumbers.randomElement(using: &random)!
                }
            let b = jsonString(words.randomElement(using: &random)!)
            let inner = Bool.random(using: &random) ? ", \"deep\": {\"c\": \(jsonString(code(using: &random)))}" : ""
            return (.object, "{\"a\": \(a), \"b\": \(b)\(inner)}")
        case .objectArrays:
            let items = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                "{\"sku\": \(jsonString(code(using: &random))), \"qty\": \(Int.random(in: 1...9, using: &random))}"
            }
            return (.array(count: items.count, texts: []), "[" + items.joined(separator: ", ") + "]")
        case .mixed:
            if Bool.random(using: &random) {
                let number = jsonNumbers.randomElement(using: &random)!
                return (.number(number), number)
            }
            let word = words.randomElement(using: &random)!
            return (.text(word), jsonString(word))
        case .texts:
            let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in texts.randomElement(using: &random)! }.joined(separator: " ")
            return (.text(text), jsonString(text))
        }
    }

    /// A CSV export of `rows` records, an `id` column and `fields` random columns.
    static func csv(rows: Int, fields: Int, using random: inout SplitMix64) -> MessyExport {
        var export = MessyExport()
        let kinds = (0..<fields).map { _ in CellKind.allCases.randomElement(using: &random)! }
        let emptyRates = kinds.map { _ in [0, 0, 0.1, 0.4].randomElement(using: &random)! }
        export.names = ["id"] + kinds.indices.map { "f\($0)" }
        var text = export.names.joined(separator: ",") + "\n"
        for row in 0..<rows {
            var cells = [String(row + 1)]
            export.written["id", default: []].append(.text(String(row + 1)))
            for (index, kind) in kinds.enumerated() {
                var cell = ""
                var value = Written.missing
                if Double.random(in: 0..<1, using: &random) >= emptyRates[index] {
                    (value, cell) = cellValue(kind, using: &random)
                }
                export.written["f\(index)", default: []].append(value)
                cells.append(quoted(cell))
            }
            text += cells.joined(separator: ",") + "\n"
        }
        export.text = text
        return export
    }

    private static func cellValue(_ kind: CellKind, using random: inout SplitMix64) -> (Written, String) {
        func text(_ cell: String) -> (Written, String) { (.text(cell), cell) }
        switch kind {
        case .numbers: return text(cellNumbers.randomElement(using: &random)!)
        case .words: return text(words.randomElement(using: &random)!)
        case .codes: return text(code(using: &random))
        case .bools: return text(["yes", "no", "TRUE", "false", "1", "0"].randomElement(using: &random)!)
        case .dates: return text(date(using: &random))
        case .arrays:
            let elements = (0..<Int.random(in: 0...3, using: &random)).map { _ -> String? in
                Int.random(in: 0..<15, using: &random) == 0 ? nil : words.randomElement(using: &random)!
            }
            let cell = "[" + elements.map { $0.map { JSONWriter.string(.string($0)) } ?? "null" }.joined(separator: ",") + "]"
            return (.array(count: elements.count, texts: elements.compactMap { $0 }), cell)
        case .emptyArrays: return (.array(count: 0, texts: []), "[]")
        case .objectArrays:
            let items = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                "{\"a\":\(Int.random(in: 1...9, using: &random)),\"b\":\(JSONWriter.string(.string(code(using: &random))))}"
            }
            return (.array(count: items.count, texts: []), "[" + items.joined(separator: ",") + "]")
        case .mixed:
            return text(Bool.random(using: &random) ? String(Int.random(in: 1...99, using: &random)) : words.randomElement(using: &random)!)
        case .texts: return text(texts.randomElement(using: &random)!)
        case .byteOrderMark: return text(Bool.random(using: &random) ? "\u{FEFF}" : words.randomElement(using: &random)!)
        }
    }

    /// A CSV cell: quoted when it holds a comma, a quote, a line break or space at an end.
    static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || cell.hasPrefix(" ") || cell.hasSuffix(" ")
        else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
