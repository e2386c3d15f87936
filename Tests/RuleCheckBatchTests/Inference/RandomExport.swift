import Foundation
import RuleCheck

/// Random exports for the inference round trip: columns of every kind a draft must get right —
/// numbers (some negative, some with leading zeros or too many digits), dates in several
/// formats, bools, few-valued choices with odd characters, coded values that share a shape,
/// free text with quotes, delimiters, line breaks and other scripts — each with some empty cells.
enum RandomExport {
    enum Kind: CaseIterable {
        case integer, number, date, bool, choice, code, phone, text, zip, bigInteger, nearlyNumber, number01
    }

    static let formats = ["yyyy-MM-dd", "dd.MM.yyyy", "MM/dd/yyyy", "d.M.yyyy", "yyyy/MM/dd"]
    static let words = ["alpha", "Бета", "γάμμα", "o'neil", "<b>x</b>", "a,b", "say \"hi\"", "x y", "", "日本", "😀 ok"]

    static func value(_ kind: Kind, format: String, using random: inout SplitMix64) -> String {
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }) }
        switch kind {
        case .integer: return String(Int.random(in: -5000...99_999, using: &random))
        case .number: return String(Int.random(in: -999...999, using: &random)) + "." + digits(Int.random(in: 1...3, using: &random))
        case .date:
            let day = Day(iso: "1950-01-01")!.adding(days: Int.random(in: 0...30_000, using: &random))!
            return DateFormat(format)!.format(day)
        case .bool: return ["yes", "no", "TRUE", "false", "1", "0"].randomElement(using: &random)!
        case .choice: return ["red", "green", "blue <3>", "o'range"].randomElement(using: &random)!
        case .code:
            let letters = (0..<2).map { _ in Character(Unicode.Scalar(UInt8.random(in: 65...90, using: &random))) }
            return String(letters) + "-" + digits(Int.random(in: 3...4, using: &random))
        case .phone: return "+7 (\(digits(3))) \(digits(3))-\(digits(2))-\(digits(2))"
        case .text:
            let count = Int.random(in: 1...5, using: &random)
            return (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: Bool.random(using: &random) ? " " : "\n")
        case .zip: return digits(5)
        case .bigInteger: return "1" + digits(17)
        case .nearlyNumber: return Bool.random(using: &random) ? String(Int.random(in: 1...99, using: &random)) : "n/a"
        case .number01: return Bool.random(using: &random) ? "1" : "0"
        }
    }

    /// A CSV export: a column of each kind (in a random order), some with empty cells; with the
    /// kind and date format each column `c0`, `c1`… was made with.
    static func csv(rows: Int, using random: inout SplitMix64) -> (text: String, columns: [(kind: Kind, format: String)]) {
        let kinds = Kind.allCases.shuffled(using: &random)
        let formats = kinds.map { _ in Self.formats.randomElement(using: &random)! }
        let emptyRates = kinds.map { _ in [0, 0, 0.1, 0.5].randomElement(using: &random)! }
        var text = kinds.indices.map { "c\($0)" }.joined(separator: ",") + "\n"
        for _ in 0..<rows {
            let cells = kinds.indices.map { index -> String in
                if Double.random(in: 0..<1, using: &random) < emptyRates[index] { return "" }
                return quoted(value(kinds[index], format: formats[index], using: &random))
            }
            text += cells.joined(separator: ",") + (Bool.random(using: &random) ? "\n" : "\r\n")
        }
        return (text, Array(zip(kinds, formats)))
    }

    /// A JSON Lines export: the same kinds as JSON strings, numbers and bools, a nested object,
    /// arrays of objects and of values, keys left out and nulls.
    static func jsonLines(rows: Int, using random: inout SplitMix64) -> String {
        var lines: [String] = []
        let format = Self.formats.randomElement(using: &random)!
        for index in 0..<rows {
            var object: JSONObject = [
                "id": .number(Double(index)),
                "score": .number(Double(Int.random(in: -999...999, using: &random)) / 8),
                "active": .bool(Bool.random(using: &random)),
                "name": .string(value(.text, format: format, using: &random)),
                "code": .string(value(.code, format: format, using: &random)),
                "zip": .string(value(.zip, format: format, using: &random)),
                "number_text": .string(value(.integer, format: format, using: &random)),
                "when": .string(value(.date, format: format, using: &random)),
                "person": .object([
                    "phone": .string(value(.phone, format: format, using: &random)),
                    "kind": .string(value(.choice, format: format, using: &random)),
                ]),
                "items": .array(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in
                        .object([
                            "sku": .string(value(.code, format: format, using: &random)),
                            "qty": .number(Double(Int.random(in: 1...9, using: &random))),
                        ])
                    }),
                "tags": .array(
                    (0..<Int.random(in: 0...2, using: &random)).map { _ in .string(["new", "sale", "old"].randomElement(using: &random)!) }),
            ]
            if Bool.random(using: &random) {
                object["note"] = Bool.random(using: &random) ? .null : .string(value(.text, format: format, using: &random))
            }
            lines.append(JSONWriter.string(.object(object)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A CSV cell: quoted when it holds a comma, a quote or a line break.
    static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
