@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Reading cells from their bytes (the batch checker's way) gives what reading them as `String`s
/// gives (the form's way): numbers, dates, bools and options, on random cells.
@Suite("Values read from bytes")
struct ValueBytesTests {
    static let rules = """
        fields:
          - {id: amount, type: number}
          - {id: count, type: integer}
          - {id: day, type: date, format: dd.MM.yyyy}
          - {id: flag, type: bool}
          - {id: colour, type: choice, options: [red, green, blue, green_light]}
          - {id: term, type: choice, options: [12, 6, 3]}
          - {id: town, type: choice, options: [Москва, Kazan]}
          - {id: note, type: text}
        """

    /// Cells of the kinds a field of each type meets, right and wrong.
    static func randomCell(_ generator: inout SeededRandom) -> String {
        let pieces = [
            "0", "1", "7", "9", ".", "-", "+", "e", " ", "true", "No", "YES", "fAlSe", "red", "green",
            "12", "6", "3.0", "Москва", "Kazan", "٣", "é", "01.05.2024", "31.02.2024", "1.5.2024", "é",
            "123456789012345", "1234567890123456", "0.000000000000001", "00", "K",
        ]
        return (0..<Int.random(in: 0...3, using: &generator)).map { _ in generator.pick(pieces) }.joined()
    }

    @Test func cellsReadTheSameFromBytesAsFromStrings() throws {
        let rules = try RuleSet(yaml: Self.rules)
        let evaluator = FieldEvaluator(rules: rules, locale: "en", numbers: nil)
        var generator = SeededRandom(seed: 0xB17E5)
        var differences: [String] = []
        // With no locale, and in locales whose numbers group with `.` or `,` or a space.
        let locales: [NumberSymbols?] = [nil, NumberSymbols(locale: "de"), NumberSymbols(locale: "fr"), NumberSymbols(locale: "en")]
        for index in 0..<20_000 {
            let text = Self.randomCell(&generator)
            let locale = locales[index % locales.count]
            for field in rules.fields {
                let fromString = ValueReader.read(text: text, for: field, locale: locale)
                let fromBytes = UTF8Text.withBytes(of: text) {
                    ValueReader.read(utf8: $0, for: field, options: evaluator.optionTables[field.id.index], locale: locale)
                }
                if !Self.same(fromString, fromBytes) { differences.append("\(field.path): '\(text)'") }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    /// Equal results, and numbers equal to the bit (so that -0 stays -0).
    static func same(_ a: Result<Value?, ValueReader.Unreadable>, _ b: Result<Value?, ValueReader.Unreadable>) -> Bool {
        switch (a, b) {
        case (.success(.number(let x)?), .success(.number(let y)?)): x.bitPattern == y.bitPattern
        default: a == b
        }
    }

    /// Decimals of up to 15 digits are read without `strtod`; they must come out as `Double(_:)`
    /// reads them, to the bit (longer ones, `.decimal` or not, stand for that `Double` too).
    @Test func decimalsAgreeWithDouble() {
        var generator = SeededRandom(seed: 15)
        for _ in 0..<20_000 {
            var text = generator.pick(["", "-", "+"])
            let before = Int.random(in: 1...9, using: &generator)
            for _ in 0..<before { text += String(Int.random(in: 0...9, using: &generator)) }
            text += "."
            for _ in 0..<Int.random(in: 1...(17 - before), using: &generator) { text += String(Int.random(in: 0...9, using: &generator)) }
            let parsed = UTF8Text.withBytes(of: text) { NumberText.parse(ascii: $0) }
            expectEqual(parsed?.number?.bitPattern, Double(text)?.bitPattern, "\(text)")
            expectEqual(NumberText.parse(text)?.number?.bitPattern, Double(text)?.bitPattern, "\(text)")
            expectEqual(parsed, NumberText.parse(text), "\(text)")
        }
    }

    /// An option is found by its bytes exactly when it is found by comparing values; text that is
    /// not ASCII is left to the comparison (`é` written as one scalar or two is the same option).
    @Test func optionsAreFoundAsByComparison() throws {
        let rules = try RuleSet(yaml: Self.rules)
        for field in rules.fields where field.type == .choice {
            guard let table = OptionTable(field) else {
                #expect(field.path == "town")  // options that are not ASCII are compared one by one
                continue
            }
            let values: [Value] = field.options.map(\.value) + ["gree", "green ", "Red", 12.5, 6, true, "Kazañ", "Kazan"]
            for value in values {
                let index = field.options.firstIndex { $0.value == value }
                switch table.lookup(value, of: field) {
                case .index(let found): #expect(found == index, "\(field.path) \(value)")
                case .none: #expect(index == nil, "\(field.path) \(value)")
                case .unknown: #expect(value.text.map { !$0.utf8.allSatisfy { $0 < 0x80 } } == true)
                }
            }
        }
    }

    @Test func byteKeyTablesKeepTheFirstOfEqualKeys() {
        let table = ByteKeyTable(
            [(Array("a".utf8), 0), (Array("bb".utf8), 1), (Array("a".utf8), 2), ([], 3)]
                + (0..<100).map { (Array("key\($0)".utf8), 10 + $0) })
        func find(_ key: String) -> Int? { UTF8Text.withBytes(of: key) { table.find($0) } }
        #expect(find("a") == 0 && find("bb") == 1 && find("") == 3 && find("b") == nil && find("aa") == nil)
        #expect((0..<100).allSatisfy { find("key\($0)") == 10 + $0 } && find("key100") == nil)
    }
}

/// A bool as text: `true`, `yes`, `1`, `false`, `no`, `0` in any ASCII case, nothing else — no
/// spaces, no other script's letters or digits that look like them. Expected by hand.
@Suite("A bool as text")
struct BoolTextTests {
    @Test(arguments: [
        ("true", true), ("TRUE", true), ("Yes", true), ("yEs", true), ("1", true),
        ("false", false), ("False", false), ("NO", false), ("0", false),
    ])
    func words(_ text: String, _ expected: Bool) {
        expectEqual(ValueReader.bool(text), expected)
    }

    @Test(arguments: [
        "", " 1", "yes ", "truee", "y", "n", "on", "2", "۱", "ｙｅｓ", "\u{212A}", "ye\u{301}s", "TRUE\u{0}", "ja",
    ])
    func notABool(_ text: String) {
        expectEqual(ValueReader.bool(text), nil)
    }
}
