import Foundation
import HTTPTypes
import RuleCheck
import RuleCheckBatch
import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// An imported JSON Schema with arrays (empty ones too), values of several JSON types and large
/// numbers gives one answer for a record wherever it is checked: a form filled with it, the batch
/// checker on JSON Lines and on CSV, and `POST /v1/check` of a server over the rules the import
/// prints. Records are drawn at random (seeded) from values of every JSON type per property.
@Suite("Imported schemas: form = batch (JSON, CSV) = HTTP")
struct SchemaAgreementTests {
    static let schema = #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "properties": {
           "name": {"type": "string", "minLength": 1, "maxLength": 8},
           "photos": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+\\.jpg$"}, "minItems": 1, "maxItems": 2},
           "tags": {"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 1, "uniqueItems": true},
           "any": {"type": "array"},
           "code": {"type": ["string", "integer"], "minLength": 2, "minimum": 10},
           "fixed": {"const": {"k": [1, true]}},
           "kind": {"enum": [6, "foo", [], true, {"foo": 12}, null]},
           "free": {},
           "count": {"type": "integer", "maximum": 9007199254740991},
           "big": {"type": ["integer", "array"], "minimum": 9007199254740993, "maxItems": 1},
           "pair": {"anyOf": [{"type": "integer"}, {"minimum": 2}]}},
         "required": ["name", "extra"],
         "dependencies": {"code": ["name"]}}
        """#
    static let today = Day(iso: "2026-11-22")!

    /// Values a property may be given: absent (nil), and JSON of every type, valid or not.
    static let pool: [JSONValue?] = [
        nil, .null, "", "a", "ab", "abcdefghij", "x.jpg", "A.PNG", "foo", 6, 6.0, 12, 1, 1.5, 2.5, 9_007_199_254_740_991,
        -2, true, false, [], ["a"], ["a", "a"], ["a", "b", "c"], ["x.jpg"], [1, "a"], ["k": [1, true]], ["foo": 12], [:],
        ["foo": false], Self.decimal("9007199254740993"), Self.decimal("9007199254740992.5"), [Self.decimal("9007199254740993")],
        ["foo": Self.decimal("12345678901234567890")],
    ]

    /// A number no `Double` holds, as `JSONParser` reads it.
    static func decimal(_ text: String) -> JSONValue { .decimal(ExactDecimal(text) ?? .zero) }

    @Test(arguments: [1, 2, 3])
    func everyWayGivesTheSameAnswer(seed: UInt64) async throws {
        let (printed, _) = try JSONSchemaImport.rulesFile(jsonSchema: Array(Self.schema.utf8), uiSchema: nil, source: "s.json")
        let rules = try RuleSet(yaml: printed, source: "s.yaml")
        let imported = try RuleSet(jsonSchema: Data(Self.schema.utf8), source: "s.json")
        let checker = RecordChecker(rules, today: Self.today)
        let directory = try TemporaryDirectory()
        let harness = ServerHarness(files: [try directory.write("s.yaml", printed)])
        let keys = ["name", "photos", "tags", "any", "code", "fixed", "kind", "free", "count", "big", "pair", "extra"]
        var random = Random(seed: seed)
        var compared = 0
        for _ in 0..<60 {
            var record: JSONObject = [:]
            for key in keys {
                if let value = Self.pool[random.next(below: Self.pool.count)] { record[key] = value }
            }
            let json = JSONWriter.string(.object(record))
            let expected = Self.errors(checker.check(json: record).violations)
            // The rules the import made in memory and the printed ones agree.
            expectEqual(Self.errors(RecordChecker(imported, today: Self.today).check(json: record).violations), expected, "\(json)")

            // Batch, JSON Lines (the byte reader).
            let sink = OutputSink.memory()
            _ = try BatchCheck(checker: checker, options: .init(jobs: 1))
                .run(bytes: Array((json + "\n").utf8), name: "-", format: .jsonl, report: ReportFormat.json.report(to: sink))
            expectEqual(Self.errors(report: sink.text), expected, "jsonl \(json)")

            // HTTP.
            let answer = try await harness.send(.post, "/v1/check", text: json)
            expectEqual(Self.errors(report: answer.text), expected, "http \(json)")

            // A form filled with the record: its issues, and the values it could not take.
            // (A value the form could not take leaves its field empty, which `required` then
            // judges; the batch checker reports the value's type instead. A form holds no null:
            // a null is an empty field there, so whether such a field is `required` is the form's
            // question, not the record's, and is left out on both sides.)
            let (form, dropped) = Form.filled(rules, record: record, today: Self.today)
            let refused = Set(dropped.map(\.field))
            let nulls = Set(record.filter { $0.value == .null }.map { "\($0.key) required" })
            let fromForm =
                rules.fields.map(\.path).flatMap { path in
                    form[path].issues.filter { !(refused.contains(path) && $0.code == .required) }.map { "\(path) \($0.code.rawValue)" }
                } + dropped.filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }
            expectEqual(fromForm.filter { !nulls.contains($0) }.sorted(), expected.filter { !nulls.contains($0) }, "form \(json)")

            // CSV: each value as its cell's text. A cell has no JSON type but a json field's, so
            // the values a cell cannot tell apart (12 for a text field, "" which is an empty cell,
            // no value) are left out of the record compared.
            var csvRecord = record
            for (key, value) in record where !Self.cellCanHold(value, rules.field(key)) { csvRecord[key] = nil }
            let cells = keys.map { Self.cell(csvRecord[$0], rules.field($0)) }
            let columns = checker.columns(keys)
            expectEqual(
                Self.errors(checker.check(cells: cells, columns: columns)), Self.errors(checker.check(json: csvRecord).violations),
                "csv \(cells)")
            compared += expected.count
        }
        #expect(compared > 50)
    }

    /// `field code` of each error, sorted.
    static func errors(_ violations: [Violation]) -> [String] {
        violations.filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }.sorted()
    }

    static func errors(report: String) -> [String] {
        let violations = (try? JSONParser().parse(report))?["violations"]?.array ?? []
        return violations.filter { $0["severity"]?.string == "error" }
            .map { "\($0["field"]?.string ?? "?") \($0["code"]?.string ?? "?")" }.sorted()
    }

    /// A JSON value as a CSV cell: a string as is (a json field's as the text that reads back as
    /// the string), anything else as JSON text.
    static func cell(_ value: JSONValue?, _ field: FieldRules?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let text)? where field?.type == .json && (text.isEmpty || (try? JSONParser().parse(text)) != nil):
            JSONWriter.string(.string(text))
        case .string(let text)?: text
        case let value?: JSONWriter.string(value)
        }
    }

    /// Whether a cell holds the value as the JSON record does: any value of a json field; a
    /// non-empty string of a text field; a number of a number field; an array of a list field.
    /// A null is no cell's: an empty cell is no value, and the schema tells null from absent.
    static func cellCanHold(_ value: JSONValue, _ field: FieldRules?) -> Bool {
        switch (field?.type, value) {
        case (_, .null): false
        case (.json?, _), (nil, _): true
        case (.text?, .string(let text)): !text.isEmpty
        case (.integer?, .number), (.number?, .number), (.integer?, .decimal), (.number?, .decimal): true
        case (.values?, .array), (.multiChoice?, .array): true
        case (.choice?, .string(let text)): !text.isEmpty
        case (.choice?, .number), (.choice?, .bool): true
        default: false
        }
    }

    /// SplitMix64: seeded, the same records every run.
    struct Random {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}

/// A `json` field over HTTP, as the preview page drives it: its layout node names its types, text
/// typed into it is the JSON it reads as, and the answer shows the value as that text.
@Suite("/v1/forms: json fields")
struct JSONFieldFormTests {
    @Test func typedTextIsTheJSONItReadsAs() async throws {
        let directory = try TemporaryDirectory()
        let rules = "fields:\n  - id: v\n    type: json\n    json_types: [string, array]\n    max_items: 1\n"
        let harness = ServerHarness(files: [try directory.write("j.yaml", rules)])
        let (id, created) = try await harness.newForm()
        let node = created.json["layout"]?["sections"]?[0]?["fields"]?[0]
        #expect(node?["type"] == "json" && node?["json_types"] == ["string", "array"])
        let array = try await harness.edit(id, #"{"type": "v", "text": "[1]"}"#)
        expectEqual(array.json["changes"]?["values"], .object(["v": [1]]))
        expectEqual(array.json["record"]?["v"], [1])
        let string = try await harness.edit(id, #"{"type": "v", "text": "\"12\""}"#)
        expectEqual(string.json["changes"]?["values"], .object(["v": "12"]))
        let set = try await harness.edit(id, #"{"set": "v", "value": [1, 2]}"#)
        expectEqual(set.json["display"], .object(["v": "[1,2]"]))
        expectEqual(set.json["changes"]?["issues"]?["v"]?[0]?["code"], "items")
        let refused = try await harness.edit(id, #"{"set": "v", "value": 3}"#)
        expectEqual(refused.status, 422)
    }
}
