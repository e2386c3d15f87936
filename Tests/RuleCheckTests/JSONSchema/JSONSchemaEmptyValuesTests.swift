import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Under JSON Schema an empty array or text is a value, not an absent property: an imported
/// schema gives the server's answer for `[]` and `""` — in a batch check of JSON or CSV and in
/// a form alike — while an absent property stays valid when it is not required.
@Suite("JSON Schema: empty arrays and texts are values")
struct JSONSchemaEmptyValuesTests {
    static let schema = #"""
        {"properties": {
           "photos": {"type": "array", "items": {"type": "string"}, "minItems": 1},
           "tags": {"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 1},
           "name": {"type": "string", "minLength": 1},
           "nick": {"type": "string"},
           "code": {"type": "string", "pattern": "^[0-9]+$"}},
         "required": ["nick"]}
        """#

    /// `"photos": []` fails `minItems: 1`, as ajv says (it used to pass as an absent field);
    /// `"name": ""` fails `minLength: 1`; `"nick": ""` is given, so `required` holds.
    @Test func jsonRecordsKeepEmptyApartFromAbsent() throws {
        let (rules, findings) = try SchemaTest.importing(Self.schema)
        #expect(!findings.contains { $0.message.contains("an empty array counts as an empty field") })
        #expect(try SchemaTest.errors(rules, #"{"nick": "x"}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"nick": "x", "photos": []}"#) == ["photos items"])
        #expect(try SchemaTest.errors(rules, #"{"nick": "x", "tags": []}"#) == ["tags items"])
        #expect(try SchemaTest.errors(rules, #"{"nick": "x", "name": ""}"#) == ["name min_length"])
        #expect(try SchemaTest.errors(rules, #"{"nick": "x", "code": ""}"#) == ["code pattern"])
        #expect(try SchemaTest.errors(rules, #"{"nick": ""}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{}"#) == ["nick required"])
        #expect(try SchemaTest.errors(rules, #"{"nick": null}"#) == ["nick required"])
    }

    /// The same from the bytes of a JSON Lines record (the batch checker's own reader).
    @Test func jsonLinesBytesAgree() throws {
        let (rules, _) = try SchemaTest.importing(Self.schema)
        let checker = RecordChecker(rules, today: Fixtures.today)
        for (line, expected) in [
            (#"{"nick": "x", "photos": []}"#, ["photos items"]), (#"{"nick": "x", "name": ""}"#, ["name min_length"]),
            (#"{"nick": ""}"#, []),
        ] {
            let bytes = Array(line.utf8)
            let violations = bytes.withUnsafeBufferPointer { checker.session().check(json: $0, maxDepth: 64) }
            #expect(violations?.filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" } == expected, "\(line)")
        }
    }

    /// In CSV a cell holds an array as JSON text: `[]` is an empty array; an empty cell is absent.
    @Test func csvCellsKeepAnEmptyArray() throws {
        let (rules, _) = try SchemaTest.importing(Self.schema)
        let checker = RecordChecker(rules, today: Fixtures.today)
        let columns = checker.columns(["nick", "photos", "tags"])
        func errors(_ cells: [String]) -> [String] {
            checker.check(cells: cells, columns: columns).filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }
        }
        expectEqual(errors(["x", "[]", "[]"]), ["photos items", "tags items"])
        expectEqual(errors(["x", "", ""]), [])
        #expect(errors(["x", #"["a.jpg"]"#, #"["a"]"#]) == [])
    }

    /// A form: setting an empty list or text is a value the form holds and judges; clearing
    /// the field makes it absent.
    @Test func aFormHoldsEmptyValues() throws {
        let (rules, _) = try SchemaTest.importing(Self.schema)
        var form = Form(rules, today: Fixtures.today)
        try form.set("nick", to: "")
        #expect(form["nick"].issues.isEmpty)
        expectEqual(form.record["nick"], .string(""))
        try form.set("photos", to: .list([]))
        expectEqual(form["photos"].issues.map(\.code), [.items])
        expectEqual(form.record["photos"], .array([]))
        try form.set("name", to: "")
        expectEqual(form["name"].issues.map(\.code), [.minLength])
        try form.clear("photos")
        #expect(form["photos"].issues.isEmpty)
        expectEqual(form.record["photos"], nil)
    }

    /// An optional object given as `{}` is there, so its required members are required — in the
    /// batch checker and in a form filled with the record alike (`POST /v1/forms` with a record).
    @Test func anObjectGivenEmptyIsThereInAFormToo() throws {
        let (rules, _) = try SchemaTest.importing(
            #"{"properties": {"owner": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}"#)
        let record: JSONObject = ["owner": [:]]
        #expect(SchemaTest.errors(rules, record) == ["owner.name required"])
        let (form, dropped) = Form.filled(rules, record: record, today: Fixtures.today)
        #expect(dropped.isEmpty)
        let issues = rules.fields.map(\.path).flatMap { path in form[path].issues.map { "\(path) \($0.code.rawValue)" } }
        expectEqual(issues, ["owner.name required"])
        expectEqual(form.record, record)
        // A saved draft keeps the object.
        let data = try JSONEncoder().encode(form.snapshot)
        let restored = try Form(rules, snapshot: JSONDecoder().decode(FormSnapshot.self, from: data), today: Fixtures.today)
        expectEqual(restored.record, record)
        expectEqual(restored["owner.name"].issues.map(\.code), [.required])
        expectEqual(SchemaTest.errors(rules, [:]), [])
        expectEqual(Form.filled(rules, record: [:], today: Fixtures.today).form.record, [:])
    }

    /// An optional array of objects given as `[]` fails `minItems: 1`, as an array of values
    /// does — from a JSON record, its bytes, a CSV cell `[]`, a form filled with it and its
    /// snapshot — while an absent one stays valid; a required one given `[]` is given.
    @Test func anArrayOfObjectsGivenEmptyIsThere() throws {
        let (rules, findings) = try SchemaTest.importing(
            #"""
            {"properties": {
               "drivers": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}, "minItems": 1},
               "cars": {"type": "array", "items": {"type": "object", "properties": {"plate": {"type": "string"}}}}},
             "required": ["cars"]}
            """#)
        #expect(!findings.contains { $0.message.contains("an empty array counts as an empty field") })
        let checker = RecordChecker(rules, today: Fixtures.today)
        for (line, expected) in [
            (#"{"drivers": [], "cars": []}"#, ["drivers items"]),
            (#"{"cars": []}"#, []),
            (#"{"drivers": [{"name": "a"}], "cars": [{"plate": "x"}]}"#, []),
            (#"{}"#, ["cars required"]),
            // null is no array: the schema says so of both (cars is there, so its error is a required field's).
            (#"{"drivers": null, "cars": null}"#, ["cars required", "drivers type"]),
        ] {
            #expect(try SchemaTest.errors(rules, line) == expected, "\(line)")
            let violations = Array(line.utf8).withUnsafeBufferPointer { checker.session().check(json: $0, maxDepth: 64) }
            let bytes = violations?.filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }.sorted()
            expectEqual(bytes, expected, "bytes \(line)")
        }
        let columns = checker.columns(["drivers", "cars"])
        func cellErrors(_ cells: [String]) -> [String] {
            checker.check(cells: cells, columns: columns).filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }
        }
        expectEqual(cellErrors(["[]", "[]"]), ["drivers items"])
        expectEqual(cellErrors(["", "[]"]), [])

        let record: JSONObject = ["drivers": [], "cars": []]
        let (form, dropped) = Form.filled(rules, record: record, today: Fixtures.today)
        #expect(dropped.isEmpty)
        expectEqual(form["drivers"].issues.map(\.code), [.items])
        #expect(form["cars"].issues.isEmpty)
        expectEqual(form.record, record)
        let data = try JSONEncoder().encode(form.snapshot)
        let restored = try Form(rules, snapshot: JSONDecoder().decode(FormSnapshot.self, from: data), today: Fixtures.today)
        expectEqual(restored.record, record)
        expectEqual(restored["drivers"].issues.map(\.code), [.items])
    }
}
