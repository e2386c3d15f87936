import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `type: null` (a JSON Schema's, or `json_types: [null]`) is enforced in every locale, its
/// message names what was expected, and export keeps it.
@Suite("JSON Schema: type null")
struct TypeNullTests {
    static let schema = #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
         "properties": {"gone": {"type": "null"}, "name": {"type": "string"}}}
        """#

    @Test(arguments: MessageLocale.builtIn)
    func aValueWhereNullIsAskedIsAViolationThatSaysNull(_ locale: String) throws {
        let (imported, _) = try RuleSet.importing(jsonSchema: Data(Self.schema.utf8), source: "n.schema.json")
        let yaml = try RuleSet(yaml: "form: n\nfields:\n  - {id: gone, type: json, json_types: [null]}\n", source: "n.yaml")
        for rules in [imported, yaml] {
            let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!, locale: locale)
            expectEqual(checker.check(json: try JSONParser().parse(#"{"gone": null}"#).object ?? [:]).violations, [])
            let violations = checker.check(json: try JSONParser().parse(#"{"gone": 5}"#).object ?? [:]).violations
            expectEqual(violations.map(\.code.rawValue), ["type"])
            let message = try #require(violations.first?.message)
            #expect(message.contains("null"), "\(locale): \(message)")
        }
    }

    @Test func exportKeepsIt() throws {
        let (imported, _) = try RuleSet.importing(jsonSchema: Data(Self.schema.utf8), source: "n.schema.json")
        #expect(imported.jsonSchema().contains(#""gone":{"type":"null"}"#) || imported.jsonSchema().contains(#""gone": {"type": "null""#))
        let yaml = try RuleSet(yaml: "form: n\nfields:\n  - {id: gone, type: json, json_types: [null]}\n", source: "n.yaml")
        #expect(yaml.jsonSchema().contains(#""gone": {"type": "null""#), "\(yaml.jsonSchema())")
    }
}
