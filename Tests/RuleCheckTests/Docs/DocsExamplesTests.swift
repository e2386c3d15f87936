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

    @Test func theEvaluationTableHolds() throws {
        let text = try document("expressions.md")
        let start = try #require(text.range(of: "<!-- evaluation table: start -->"))
        let end = try #require(text.range(of: "<!-- evaluation table: end -->"))
        let rows = text[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2)
        #expect(rows.count > 90)
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            try #require(cells.count == 3, "\(row)")
            let (expression, inputs, expected) = (cells[0], cells[1], cells[2])
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
            #expect(form["r"].value?.json ?? .null == (try JSONParser().parse(expected)), "\(expression) with \(inputs)")
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
