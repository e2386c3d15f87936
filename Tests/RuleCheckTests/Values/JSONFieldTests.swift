import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The `json` field type: any JSON value, narrowed by `json_types`, its value rules applying to
/// the values of their type — alike in a rules file, a form (set and typed), a batch check of
/// JSON and CSV, messages, snapshots, samples and the schema export.
@Suite("JSON fields")
struct JSONFieldTests {
    static let yaml = """
        form: payload
        fields:
          - id: v
            type: json
            title: Value
            json_types: [string, integer, array]
            required: true
            min_length: 2
            max: 10
            max_items: 2
            unique_items: true
          - id: any
            type: json
            initial: 12
            checks:
              - expr: 'any in [12, ''twelve'', json(''[1, 2]''), json(''{"a": true}'')]'
          - id: shape
            type: text
            visible_if: json_type(v) == 'array'
          - id: tags
            type: values
            item_type: json
            json_types: [string, number, 'null']
        """
    static let today = Day(iso: "2026-11-22")!

    private func rules() throws -> RuleSet { try RuleSet(yaml: Self.yaml, source: "payload.yaml") }

    private func errors(_ record: String) throws -> [String] {
        let checker = RecordChecker(try rules(), today: Self.today)
        return checker.check(json: try JSONParser().parse(record).object ?? [:]).violations.filter { $0.severity == .error }
            .map { "\($0.field) \($0.code.rawValue)" }
    }

    @Test func jsonRecordsKeepJSONTypes() throws {
        #expect(try errors(#"{"v": "ab", "any": 12}"#) == [])
        #expect(try errors(#"{"v": 7, "any": 12.0}"#) == [])
        #expect(try errors(#"{"v": [1, "a"], "any": {"a": true}}"#) == [])
        #expect(try errors(#"{"v": "a"}"#) == ["v min_length"])
        #expect(try errors(#"{"v": ""}"#) == ["v min_length"])  // "" is a JSON string, present
        #expect(try errors(#"{"v": 11}"#) == ["v max"])
        #expect(try errors(#"{"v": 1.5}"#) == ["v type"])
        #expect(try errors(#"{"v": true}"#) == ["v type"])
        #expect(try errors(#"{"v": {"a": 1}}"#) == ["v type"])
        #expect(try errors(#"{"v": [1, 1.0]}"#) == ["v items"])
        #expect(try errors(#"{"v": [1, 2, 3]}"#) == ["v items"])
        #expect(try errors(#"{"v": null}"#) == ["v required"])
        #expect(try errors(#"{"v": "ab", "any": [2, 1]}"#) == ["any check"])
        #expect(try errors(#"{"v": "ab", "any": "12"}"#) == ["any check"])
        #expect(try errors(#"{"v": "ab", "tags": [1, "a", null, 2.5]}"#) == [])
        #expect(try errors(#"{"v": "ab", "tags": [true]}"#) == ["tags type"])
        #expect(try errors(#"{"v": [1], "shape": "x"}"#) == [])
    }

    @Test func messagesSayWhatWasExpected() throws {
        let checker = RecordChecker(try rules(), today: Self.today)
        let messages = checker.check(json: ["v": .bool(true)]).violations.map(\.message)
        expectEqual(messages, ["Value: 'true' is not a JSON string, a whole JSON number or a JSON array"])
        let russian = RecordChecker(try rules(), today: Self.today, locale: "ru")
        expectEqual(
            russian.check(json: ["v": .bool(true)]).violations.map(\.message),
            ["«Value»: «true» — ожидается JSON-строка, целое JSON-число или JSON-массив"])
    }

    /// A CSV cell is the JSON text it reads as, else a string: `12` is a number, `"12"` and
    /// `abc` are strings, an empty cell is no value.
    @Test func csvCellsAreJSONText() throws {
        let checker = RecordChecker(try rules(), today: Self.today)
        let columns = checker.columns(["v", "any"])
        func errors(_ cells: [String]) -> [String] {
            checker.check(cells: cells, columns: columns).filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }
        }
        expectEqual(errors(["ab", "12"]), [])
        expectEqual(errors(["7", "twelve"]), [])
        expectEqual(errors(["12", "12"]), ["v max"])
        #expect(errors([#""12""#, "12"]) == [])
        #expect(errors(["[1, 2]", #"{"a": true}"#]) == [])
        expectEqual(errors(["true", "12"]), ["v type"])
        expectEqual(errors(["", ""]), ["v required"])
    }

    @Test func aFormSetsAndTypesJSONValues() throws {
        var form = Form(try rules(), today: Self.today)
        expectEqual(form["any"].value, 12)
        try form.set("v", to: "ab")
        #expect(form["v"].issues.isEmpty)
        try form.set("v", to: [1, 2])  // a list set as a value is a JSON array
        expectEqual(form["v"].value, .structured([1, 2]))
        #expect(form["shape"].isVisible)
        expectEqual(form.record["v"], [1, 2])
        #expect(throws: FormError.self) { try form.set("v", to: 1.5) }
        try form.type("v", text: #""12""#)
        expectEqual(form["v"].value, "12")
        #expect(form.displayText("v") == #""12""#)
        try form.type("v", text: "9")
        expectEqual(form["v"].value, 9)
        try form.type("v", text: "[1, 2, 3]")
        expectEqual(form["v"].issues.map(\.code), [.items])
        #expect(form.displayText("v") == "[1, 2, 3]")  // as typed
        try form.set("v", to: .structured([1, 2]))
        expectEqual(form.displayText("v"), "[1,2]")
        try form.type("v", text: "true")
        expectEqual(form["v"].value, nil)
        expectEqual(form["v"].issues.map(\.code), [.type])
    }

    @Test func snapshotsAndFilledFormsKeepJSONValues() throws {
        let rules = try rules()
        var form = Form(rules, today: Self.today)
        try form.set("v", to: .structured([1, "a"]))
        try form.set("any", to: .structured(["a": true]))
        try form.set("tags", to: [1, "x"])
        let data = try JSONEncoder().encode(form.snapshot)
        let restored = try Form(rules, snapshot: JSONDecoder().decode(FormSnapshot.self, from: data), today: Self.today)
        expectEqual(restored.record, form.record)
        let (filled, dropped) = Form.filled(rules, record: form.record, today: Self.today)
        #expect(dropped.isEmpty)
        expectEqual(filled.record, form.record)
    }

    @Test func keysThatDoNotFitAreErrors() {
        let yaml = """
            fields:
              - id: v
                type: json
                json_types: [strng]
                mask: '000'
              - id: w
                type: json
                checks:
                  - expr: w == json('not json')
              - id: t
                type: text
                json_types: [string]
            """
        expectEqual(
            Fixtures.diagnostics(yaml),
            [
                "test.yaml:4:18: error: json_types names JSON types (string, number, integer, boolean, array, object, null), not 'strng'; did you mean 'string'?",
                "test.yaml:5:5: error: 'mask' applies to text fields, not json fields",
                "test.yaml:9:25: error: json() needs valid JSON text, such as json('{\"a\": 1}')",
                "test.yaml:12:5: error: 'json_types' applies to json fields and values fields of json items, not text fields",
            ])
    }

    /// Sample records of a rule set with json fields pass its checks; the export keeps the field.
    @Test func samplesAndTheExport() throws {
        let rules = try rules()
        var generator = SampleGenerator(rules, today: Self.today, seed: 7)
        let checker = RecordChecker(rules, today: Self.today)
        for _ in 0..<40 {
            let record = generator.next()
            #expect(checker.check(json: record.object).violations.isEmpty, "\(record.object)")
            let columns = checker.columns(generator.columns)
            #expect(checker.check(cells: record.cells(generator.columns), columns: columns).isEmpty, "\(record.object)")
        }
        let schema = rules.jsonSchema()
        #expect(schema.contains(#""x-rulecheck-type": "json""#))
        let imported = try RuleSet(jsonSchema: Data(schema.utf8), source: "export.json")
        #expect(imported.field("v")?.type == .json && imported.field("v")?.jsonTypes == [.string, .integer, .array])
        expectEqual(imported.field("tags")?.itemType, .json)
        for record in [#"{"v": 1.5}"#, #"{"v": [1, 1]}"#, #"{"v": "ab", "any": 3}"#, #"{"v": "ab", "tags": [true]}"#] {
            let object = try JSONParser().parse(record).object ?? [:]
            expectEqual(
                RecordChecker(imported, today: Self.today).check(json: object).violations.map(\.code),
                checker.check(json: object).violations.map(\.code), "\(record)")
        }
    }
}

/// `defaults.empty_values: present` in a rules file: an empty text or list given is a value.
@Suite("Empty values")
struct EmptyValuesTests {
    static let yaml = """
        defaults:
          empty_values: present
        fields:
          - id: name
            type: text
            min_length: 1
          - id: nick
            type: text
            required: true
          - id: tags
            type: values
            min_items: 1
        """

    @Test func emptyTextsAndListsAreValues() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "test.yaml")
        expectEqual(rules.emptyValues, .present)
        let checker = RecordChecker(rules, today: JSONFieldTests.today)
        func errors(_ record: JSONObject) -> [String] {
            checker.check(json: record).violations.filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }
        }
        expectEqual(errors(["nick": ""]), [])
        expectEqual(errors(["nick": "x", "name": "", "tags": []]), ["name min_length", "tags items"])
        expectEqual(errors([:]), ["nick required"])
        // An empty CSV cell is no value; a cell [] is an empty list.
        let columns = checker.columns(["nick", "name", "tags"])
        #expect(
            checker.check(cells: ["", "", "[]"], columns: columns).map { "\($0.field) \($0.code.rawValue)" } == [
                "nick required", "tags items",
            ])
    }

    @Test func theDefaultIsAbsentAndOtherWordsAreErrors() throws {
        let rules = try RuleSet(yaml: "fields:\n  - id: name\n    type: text\n    min_length: 1\n", source: "test.yaml")
        expectEqual(rules.emptyValues, .absent)
        #expect(RecordChecker(rules).check(json: ["name": ""]).violations.isEmpty)
        expectEqual(
            Fixtures.diagnostics("defaults:\n  empty_values: maybe\nfields:\n  - id: a\n"),
            ["test.yaml:2:17: error: empty_values must be 'absent' or 'present', not 'maybe'"])
    }
}
