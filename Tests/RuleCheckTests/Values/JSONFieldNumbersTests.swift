import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A `json` field's numbers are exact, as every other number is: a number with more digits than
/// a `Double` holds keeps them in the field's value, in arrays and objects it holds, in `min`/`max`,
/// `json_types: [integer]`, `in [...]`, `json('…')` constants and imported `const`/`enum`.
@Suite("JSON fields: exact numbers")
struct JSONFieldNumbersTests {
    static let yaml = """
        fields:
          - id: n
            type: json
            json_types: [integer, array, object]
            min: 9007199254740993
            checks:
              - expr: 'n in [9007199254740993, json(''[9007199254740993]''), json(''{"a": 0.10000000000000001}'')]'
        """
    static let today = Day(iso: "2026-11-22")!

    private func errors(_ record: String, yaml: String = Self.yaml) throws -> [String] {
        let checker = RecordChecker(try RuleSet(yaml: yaml, source: "n.yaml"), today: Self.today)
        return checker.check(json: try JSONParser().parse(record).object ?? [:]).violations
            .map { "\($0.field) \($0.code.rawValue)" }
    }

    @Test func bigNumbersKeepTheirDigits() throws {
        #expect(try errors(#"{"n": 9007199254740993}"#) == [])
        #expect(try errors(#"{"n": 9007199254740992}"#) == ["n min", "n check"])
        #expect(try errors(#"{"n": 9007199254740993.5}"#) == ["n type"])
        #expect(try errors(#"{"n": [9007199254740993]}"#) == [])
        #expect(try errors(#"{"n": [9007199254740992]}"#) == ["n check"])
        #expect(try errors(#"{"n": {"a": 0.10000000000000001}}"#) == [])
        #expect(try errors(#"{"n": {"a": 0.1}}"#) == ["n check"])
    }

    @Test func aFormKeepsTheDigits() throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "n.yaml"), today: Self.today)
        try form.type("n", text: "9007199254740993")
        expectEqual(form["n"].value, Value(exactly: ExactDecimal("9007199254740993")!))
        #expect(form["n"].issues.isEmpty)
        #expect(JSONWriter.string(.object(form.record)) == #"{"n":9007199254740993}"#)
        try form.type("n", text: #"{"a": 0.10000000000000001}"#)
        #expect(form["n"].issues.isEmpty)
        #expect(JSONWriter.string(.object(form.record)) == #"{"n":{"a":0.10000000000000001}}"#)
    }

    @Test func importedConstAndEnumCompareExactly() throws {
        let schema = #"""
            {"properties": {"c": {"const": 9007199254740993},
                            "e": {"enum": [[9007199254740993], {"x": 12345678901234567890}, "s"]}}}
            """#
        let (rules, _) = try SchemaTest.importing(schema)
        func errors(_ record: String) throws -> [String] { try SchemaTest.errors(rules, record) }
        #expect(try errors(#"{"c": 9007199254740993, "e": [9007199254740993]}"#) == [])
        #expect(try errors(#"{"e": {"x": 12345678901234567890}}"#) == [])
        #expect(try errors(#"{"c": 9007199254740992}"#) == ["c option"])
        #expect(try errors(#"{"e": [9007199254740992]}"#) == ["e check"])
        #expect(try errors(#"{"e": {"x": 12345678901234567891}}"#) == ["e check"])
    }

    /// A form's footprint (a server's form budget) counts what a `json` field holds.
    @Test func theFootprintCountsJSONValues() throws {
        var form = Form(try RuleSet(yaml: "fields:\n  - id: v\n    type: json\n", source: "v.yaml"), today: Self.today)
        let empty = form.footprint.bytes
        let long = String(repeating: "x", count: 10_000)
        try form.set("v", to: .structured(["a": [.string(long), .string(long)]]))
        #expect(form.footprint.bytes >= empty + 20_000)
    }
}
