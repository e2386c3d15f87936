import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A list inside a list's item through JSON Schema: exported as an array of objects inside an
/// array's `items`, imported back as the same nested list, with the same verdicts.
@Suite("JSON Schema nested lists")
struct JSONSchemaNestedListTests {
    @Test(arguments: UISchemaFormat.allCases)
    func exportImportKeepsTheNestedList(_ format: UISchemaFormat) throws {
        let rules = try NestedListTests.rules()
        let (again, findings) = try SchemaTest.roundTrip(rules, ui: format)
        #expect(findings.isEmpty, "\(findings)")
        expectEqual(again.fields.map(\.path), rules.fields.map(\.path))
        expectEqual(again.field("drivers.violations.code")?.list, again.field("drivers.violations")?.id)
        expectEqual(again.field("drivers.violations")?.maxItems, 2)
        expectEqual(SchemaTest.layout(again), SchemaTest.layout(rules))
        let seen = JSONSchemaRoundTripTests.expectSameReports(rules, again, seed: 24, count: 120)
        #expect(seen.valid > 0 && seen.invalid > 0, "\(seen)")
    }

    @Test func theExportedSchemaNestsTheArrays() throws {
        let schema = try JSONParser().parse(try NestedListTests.rules().jsonSchema())
        let inner = schema["properties"]?["drivers"]?["items"]?["properties"]?["violations"]
        expectEqual(inner?["type"], .string("array"))
        expectEqual(inner?["maxItems"], .number(2))
        expectEqual(inner?["items"]?["properties"]?["code"]?["type"], .string("string"))
    }

    /// A schema written by hand: an array of objects inside an array's items.
    @Test func aHandWrittenNestedArrayImports() throws {
        let schema = """
            {"type": "object", "properties": {
              "orders": {"type": "array", "items": {"type": "object", "required": ["lines"], "properties": {
                "id": {"type": "string"},
                "lines": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["sku"], "properties": {
                  "sku": {"type": "string", "pattern": "^[A-Z]{3}$"},
                  "qty": {"type": "integer", "minimum": 1}}}}}}}}}
            """
        let (rules, findings) = try RuleSet.importing(jsonSchema: Data(schema.utf8), source: "orders.json")
        #expect(findings.isEmpty, "\(findings)")
        expectEqual(rules.field("orders.lines")?.type, .list)
        expectEqual(rules.field("orders.lines.sku")?.list, rules.field("orders.lines")?.id)
        let record: JSONObject = [
            "orders": .array([
                .object(["id": "A", "lines": .array([.object(["sku": "ABC", "qty": 2]), .object(["sku": "abc", "qty": 0])])]),
                .object(["id": "B", "lines": .array([])]),
            ])
        ]
        let found = RecordChecker(rules, today: Fixtures.today).check(json: record).violations.map { "\($0.field) \($0.code)" }
        expectEqual(found, ["orders[0].lines[1].sku pattern", "orders[0].lines[1].qty min", "orders[1].lines items"])
    }
}
