import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

// Keeps the examples of Docs/ true: every YAML example compiles, the evaluation table of
// Docs/expressions.md holds, and the value-reading rules of Docs/rules-format.md are what the
// readers do. (The `rulecheck` examples, the broken file's lint output among them, run the built
// command in rulecheckTests/DocsCLITests.)

private func document(_ name: String) throws -> String {
    let url = Repository.file("Docs").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
}

/// The fenced code blocks of a Markdown document in `language`.
private func codeBlocks(_ text: String, language: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if current == nil, line == "```" + language {
            current = []
        } else if current != nil, line == "```" {
            blocks.append(current!.joined(separator: "\n"))
            current = nil
        } else {
            current?.append(line)
        }
    }
    return blocks
}

private let today = Day(iso: "2026-11-22")!

@Suite("Docs examples")
struct DocsExamplesTests {
    @Test(arguments: ["rules-format.md", "expressions.md", "locales.md"])
    func yamlExamplesCompileWithoutWarnings(_ name: String) throws {
        let blocks = codeBlocks(try document(name), language: "yaml").filter { !$0.hasPrefix("# broken") }
        #expect(!blocks.isEmpty)
        for block in blocks {
            do {
                // As if in Rules/, so that an example's includes find Rules/blocks/.
                let rules = try RuleSet(yaml: block + "\n", source: "Rules/" + name)
                #expect(rules.warnings.isEmpty, "\(rules.warnings)\n\(block)")
            } catch {
                Testing.Issue.record("a YAML example of \(name) does not compile:\n\(error)\n\(block)")
            }
        }
    }

    // MARK: The evaluation table of Docs/expressions.md

    private static let tableFields = """
        form: table
        fields:
          - {id: n, type: number}
          - {id: m, type: number}
          - {id: t, type: text}
          - {id: d, type: date}
          - {id: e, type: date}
          - {id: b, type: bool}
          - {id: tags, type: multi_choice, options: [a, b, c]}
        """

    /// What an expression of the table gives, written by hand: a value, a date (as ISO text), a
    /// number no `Double` holds (its digits), or nothing.
    enum Evaluated: Equatable {
        case null
        case value(Value)
        case date(String)
        case exact(String)

        /// The result as the table writes it.
        var written: String {
            switch self {
            case .null: "null"
            case .date(let iso): "\"" + iso + "\""
            case .exact(let digits): digits
            case .value(.text(let text)): "\"" + text + "\""
            case .value(.bool(let flag)): flag ? "true" : "false"
            case .value(.number(let number)) where number == number.rounded(): String(Int(number))
            case .value(.number(let number)): "\(number)"
            case .value(let other): "unexpected \(other)"
            }
        }
    }

    /// The evaluation table of Docs/expressions.md, row by row: expression, inputs (JSON, `today`
    /// among them when the row sets the day), and the result each row expects, written here by
    /// hand rather than read from the document, so that the engine is held to values no part of
    /// it produced.
    static let evaluationTable: [(expression: String, inputs: String, result: Evaluated)] = [
        ("1 + 2 * 3", "", .value(7)),
        ("(1 + 2) * 3", "", .value(9)),
        ("2 + 3 * 4 - 6 / 2", "", .value(11)),
        ("-2 * 3", "", .value(-6)),
        ("-(2 + 3)", "", .value(-5)),
        ("10 / 4", "", .value(2.5)),
        ("7 - 2 - 1", "", .value(4)),
        ("n * 1.5", #"{"n": 3}"#, .value(4.5)),
        ("1 / 0", "", .null),
        ("not 1 == 2", "", .value(true)),
        ("true or false and false", "", .value(true)),
        ("(true or false) and false", "", .value(false)),
        ("! false && true", "", .value(true)),
        ("5 > 3 and 'a' != 'b'", "", .value(true)),
        ("1 == 1.0", "", .value(true)),
        ("9007199254740993 > 9007199254740992", "", .value(true)),
        ("9007199254740993 == 9007199254740992", "", .value(false)),
        ("n == 9007199254740993", #"{"n": 9007199254740993}"#, .value(true)),
        ("n", #"{"n": 9007199254740993}"#, .exact("9007199254740993")),
        ("-9007199254740993", "", .exact("-9007199254740993")),
        ("0.1 == 0.10000000000000001", "", .value(false)),
        ("multiple_of(3000000001, 2)", "", .value(false)),
        ("multiple_of(10000000.005, 0.01)", "", .value(false)),
        ("multiple_of(100000000000.05, 0.1)", "", .value(false)),
        ("multiple_of(n, 0.1)", #"{"n": 0.30000000001}"#, .value(false)),
        ("multiple_of(0.0075, 0.0001)", "", .value(true)),
        ("multiple_of(123456789012345678901234567890, 10)", "", .value(true)),
        ("0.1 + 0.2", "", .value(0.30000000000000004)),
        ("0.1 + 0.2 == 0.3", "", .value(false)),
        ("9007199254740993 + 0", "", .value(9007199254740992)),
        (#"'a' + "b""#, "", .value(.text("ab"))),
        ("t + '!'", #"{"t": "hi"}"#, .value(.text("hi!"))),
        (#"'it\'s'"#, "", .value(.text("it's"))),
        ("3 in [1, 2, 3]", "", .value(true)),
        ("'x' in ['a', 'b']", "", .value(false)),
        ("'a' in tags", #"{"tags": ["a", "b"]}"#, .value(true)),
        ("'b' < 'c'", "", .value(true)),
        ("'Z' < 'a'", "", .value(true)),
        ("len('ёжик')", "", .value(4)),
        ("len('🙂')", "", .value(1)),
        (#"len('line\nbreak')"#, "", .value(10)),
        ("len(tags)", #"{"tags": ["a", "c"]}"#, .value(2)),
        ("count(tags)", #"{"tags": ["a", "c"]}"#, .value(2)),
        ("upper('ёж') + lower('ЖУК')", "", .value(.text("ЁЖжук"))),
        ("upper('straße')", "", .value(.text("STRASSE"))),
        ("trim('  a b  ')", "", .value(.text("a b"))),
        ("matches('abc123', '[0-9]+')", "", .value(true)),
        ("matches('abc', '^[0-9]+$')", "", .value(false)),
        (#"matches('2024', '^\d{4}$')"#, "", .value(true)),
        (#"matches('a.b', 'a\.b')"#, "", .value(true)),
        ("matches('ABC', '(?i)^abc$')", "", .value(true)),
        ("empty('')", "", .value(true)),
        ("empty(n)", #"{"n": 0}"#, .value(false)),
        ("empty(b)", #"{"b": false}"#, .value(false)),
        ("n == null", "", .value(true)),
        ("n != null", "", .value(false)),
        ("n == 0", "", .value(false)),
        ("n == m", "", .value(true)),
        ("n > 1", "", .value(false)),
        ("n <= 1", "", .value(false)),
        ("not (n > 1)", "", .value(true)),
        ("n + 1", "", .null),
        ("-n", "", .null),
        ("t == ''", "", .value(true)),
        ("t + 'x'", "", .null),
        ("t + ''", #"{"t": "x"}"#, .null),
        ("len(t)", "", .null),
        ("t in ['a', 'b']", "", .value(false)),
        ("t in [null, 'a']", "", .value(false)),
        ("n in [1, 2, null]", #"{"n": 2}"#, .value(true)),
        ("not b", "", .value(true)),
        ("b == false", "", .value(false)),
        ("b == false", #"{"b": false}"#, .value(true)),
        ("b and true", "", .value(false)),
        ("b or true", "", .value(true)),
        ("null == null", "", .value(true)),
        ("count(tags)", "", .value(0)),
        ("count(null)", "", .value(0)),
        ("tags == null", "", .value(true)),
        ("lower(t)", "", .null),
        ("trim('   ')", "", .null),
        ("matches(t, 'a')", "", .value(false)),
        ("d + 1y", "", .null),
        ("d - e", #"{"d": "2024-03-01"}"#, .null),
        ("age(d)", "", .null),
        ("year(d)", "", .null),
        ("today", "", .date("2026-11-22")),
        ("today - 18y", "", .date("2008-11-22")),
        ("today + 60d", "", .date("2027-01-21")),
        ("today - 1y - 6m", "", .date("2025-05-22")),
        ("today + -18y", "", .date("2008-11-22")),
        ("18y + 2000-01-01", "", .date("2018-01-01")),
        ("year(today)", "", .value(2026)),
        ("today > 2026-01-01", "", .value(true)),
        ("today - 2026-01-01", "", .value(325)),
        ("2024-03-01 - 2024-02-01", "", .value(29)),
        ("2024-01-31 + 1m", "", .date("2024-02-29")),
        ("2023-01-31 + 1m", "", .date("2023-02-28")),
        ("2024-01-31 + 1m + 1m", "", .date("2024-03-29")),
        ("2024-01-31 + 2m", "", .date("2024-03-31")),
        ("2023-03-31 - 1m", "", .date("2023-02-28")),
        ("2024-02-29 + 1y", "", .date("2025-02-28")),
        ("2024-02-29 - 1y", "", .date("2023-02-28")),
        ("2024-02-29 + 4y", "", .date("2028-02-29")),
        ("2024-12-31 + 1d", "", .date("2025-01-01")),
        ("2024-02-28 + 2d", "", .date("2024-03-01")),
        ("2024-01-01 + 2w", "", .date("2024-01-15")),
        ("d > e", #"{"d": "2024-01-02", "e": "2024-01-01"}"#, .value(true)),
        ("age(d)", #"{"d": "2008-11-22"}"#, .value(18)),
        ("age(d)", #"{"d": "2008-11-23"}"#, .value(17)),
        ("year(d)", #"{"d": "1999-12-31"}"#, .value(1999)),
        ("age(d)", #"{"d": "2008-02-29", "today": "2026-02-28"}"#, .value(17)),
        ("d <= today - 18y", #"{"d": "2008-02-29", "today": "2026-02-28"}"#, .value(false)),
        ("age(d)", #"{"d": "2008-02-29", "today": "2026-03-01"}"#, .value(18)),
        ("d <= today - 18y", #"{"d": "2008-02-29", "today": "2026-03-01"}"#, .value(true)),
        ("round(2.5)", "", .value(3)),
        ("round(-2.5)", "", .value(-3)),
        ("round(n / 3)", #"{"n": 2}"#, .value(1)),
        ("floor(-2.5)", "", .value(-3)),
        ("ceil(2.1)", "", .value(3)),
        ("ceil(-0.5)", "", .value(0)),
        ("trunc(-2.7)", "", .value(-2)),
        ("round(n)", "", .null),
    ]

    /// The document's table is this one, row for row, as text.
    @Test func theEvaluationTableIsTheDocuments() throws {
        let text = try document("expressions.md")
        let start = try #require(text.range(of: "<!-- evaluation table: start -->"))
        let end = try #require(text.range(of: "<!-- evaluation table: end -->"))
        let rows = text[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2).map(String.init)
        func code(_ text: String) -> String { text.isEmpty ? "" : "`" + text + "`" }
        let written = Self.evaluationTable.map {
            "| \(code($0.expression)) | \(code($0.inputs)) | \(code($0.result.written)) |".replacingOccurrences(of: "|  |", with: "| |")
        }
        expectEqual(rows, written)
    }

    @Test func theEvaluationTableHolds() throws {
        #expect(Self.evaluationTable.count > 90)
        for (expression, inputs, expected) in Self.evaluationTable {
            var rules: RuleSet?
            for type in ["number", "text", "bool", "date"] {
                let yaml = Self.tableFields + "\n  - {id: r, type: \(type), value: \(JSONWriter.quoted(expression))}\n"
                if let compiled = try? RuleSet(yaml: yaml, source: "table.yaml") {
                    rules = compiled
                    break
                }
            }
            guard let rules else {
                Testing.Issue.record("does not compile: \(expression)")
                continue
            }
            var day = today
            var values: JSONObject = [:]
            if !inputs.isEmpty, case .object(let object) = try JSONParser().parse(inputs) {
                values = object
                if case .string(let iso)? = object["today"] { day = try #require(Day(iso: iso)) }
                values["today"] = nil
            }
            var form = Form(rules, today: day)
            for (path, json) in values {
                try form.set(path, to: form.value(json, for: path))
            }
            let got = form["r"].value
            switch expected {
            case .null: expectEqual(got, nil, "\(expression) with \(inputs)")
            case .value(let value): expectEqual(got, value, "\(expression) with \(inputs)")
            case .date(let iso): expectEqual(got, .date(try #require(Day(iso: iso))), "\(expression) with \(inputs)")
            case .exact(let digits):
                expectEqual(got, .decimal(try #require(ExactDecimal(digits))), "\(expression) with \(inputs)")
            }
        }
    }

    // MARK: How values are read (Docs/rules-format.md)

    private static let readingRules = """
        form: reading
        fields:
          - {id: t}
          - {id: n, type: number}
          - {id: i, type: integer}
          - {id: d, type: date, format: dd.MM.yyyy}
          - {id: b, type: bool}
          - {id: c, type: choice, options: [passport, license]}
          - {id: months, type: choice, options: [12, 6]}
          - {id: flag, type: choice, options: [true, false]}
          - {id: tags, type: multi_choice, options: [pickup, courier, post]}
        """

    @Test func readingValuesFromText() throws {
        let form = Form(try RuleSet(yaml: Self.readingRules), today: today)
        func read(_ path: String, _ text: String) -> Value?? {
            var copy = form
            do {
                try copy.set(path, text: text)
                return .some(copy[path].value)
            } catch {
                // FormOptionErrorTests pins which of the two.
                #expect(error.code == .typeMismatch || error.code == .notAnOption)
                return nil
            }
        }
        expectEqual(read("t", "  a b  "), .some(.text("  a b  ")))
        expectEqual(read("t", ""), .some(nil))
        expectEqual(read("n", "-12"), .some(.number(-12)))
        expectEqual(read("n", "3.5"), .some(.number(3.5)))
        expectEqual(read("n", "+7"), .some(.number(7)))
        for bad in ["1e3", "1,000", "1 000", ".5", "5.", "12a"] { #expect(read("n", bad) == nil, "\(bad)") }
        expectEqual(read("i", "3.0"), .some(.number(3)))
        expectEqual(read("i", "3.5"), nil)
        expectEqual(read("d", "01.02.2024"), .some(.date(Day(iso: "2024-02-01")!)))
        expectEqual(read("d", "2024-02-01"), nil)
        expectEqual(read("d", "1.2.2024"), nil)
        for yes in ["true", "TRUE", "Yes", "1"] { #expect(read("b", yes) == .some(.bool(true)), "\(yes)") }
        for no in ["false", "No", "0"] { #expect(read("b", no) == .some(.bool(false)), "\(no)") }
        expectEqual(read("b", "y"), nil)
        expectEqual(read("c", "passport"), .some(.text("passport")))
        expectEqual(read("c", "Passport"), nil)
        expectEqual(read("months", "12"), .some(.number(12)))
        expectEqual(read("months", "12.0"), .some(.number(12)))
        expectEqual(read("flag", "yes"), .some(.bool(true)))
        expectEqual(read("flag", "1"), .some(.bool(true)))
        #expect(read("tags", #"["pickup", "post"]"#) == .some(.list(["pickup", "post"])))
        expectEqual(read("tags", "pickup"), nil)
    }

    @Test func readingValuesFromJSON() throws {
        let form = Form(try RuleSet(yaml: Self.readingRules), today: today)
        func read(_ path: String, _ json: JSONValue) -> Value?? {
            do {
                return .some(try form.value(json, for: path))
            } catch {
                #expect(error.code == .typeMismatch || error.code == .notAnOption)
                return nil
            }
        }
        expectEqual(read("t", .string("x")), .some(.text("x")))
        expectEqual(read("t", .number(1)), nil)
        expectEqual(read("t", .null), .some(nil))
        expectEqual(read("i", .number(1.0)), .some(.number(1)))
        expectEqual(read("i", .number(1.5)), nil)
        expectEqual(read("i", .string("80")), nil)
        // Replay edits, Form.value(_:for:) and snapshots: dates are yyyy-MM-dd whatever the format.
        expectEqual(read("d", .string("2024-02-01")), .some(.date(Day(iso: "2024-02-01")!)))
        expectEqual(read("d", .string("01.02.2024")), nil)
        expectEqual(read("b", .bool(true)), .some(.bool(true)))
        expectEqual(read("b", .string("true")), nil)
        expectEqual(read("months", .number(12)), .some(.number(12)))
        expectEqual(read("months", .string("12")), nil)
        expectEqual(read("flag", .bool(false)), .some(.bool(false)))
        expectEqual(read("tags", .array([.string("pickup")])), .some(.list(["pickup"])))
        expectEqual(read("tags", .array([])), .some(nil))

        // Batch JSON input: dates in the field's format.
        let checker = RecordChecker(try RuleSet(yaml: Self.readingRules), today: today)
        #expect(checker.check(json: ["d": .string("01.02.2024")]).violations.isEmpty)
        expectEqual(checker.check(json: ["d": .string("2024-02-01")]).violations.map(\.code), [.type])
    }

    @Test func batchTypeMessage() throws {
        let rules = try RuleSet(
            contentsOf: Repository.file("Rules/osago.yaml"))
        let violation = RecordChecker(rules, today: today).check(["engine_power": "150hp"])
            .first { $0.field == "engine_power" }
        expectEqual(violation?.code, .type)
        expectEqual(violation?.message, "Engine power, hp: '150hp' is not a number")
    }

    @Test func placeholdersAreFilledWhateverFailed() throws {
        var form = Form(
            try RuleSet(
                yaml: """
                    form: placeholders
                    fields:
                      - id: quantity
                        type: integer
                        title: Quantity
                        min: 1
                        max: 10
                        message: '{title} must be between {min} and {max}'
                    """), today: today)
        let changes = try form.set("quantity", to: 0)
        expectEqual(changes.issues["quantity"]?.map(\.message), ["Quantity must be between 1 and 10"])
        expectEqual(try form.set("quantity", to: 11).issues["quantity"]?.map(\.message), ["Quantity must be between 1 and 10"])
    }
}
