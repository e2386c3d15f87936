import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A Divar `errors` object with a text for `minItems` and one for `maxItems`: each failure says
/// its own, and export writes each under its own keyword.
@Suite("JSON Schema: one message per items keyword")
struct DivarItemMessagesTests {
    static let schema = #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
         "properties": {"photos": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3,
                                   "errors": {"minItems": {"fa": "دست‌کم یک عکس بگذارید", "en": "Add a photo"},
                                              "maxItems": {"fa": "حداکثر سه عکس", "en": "At most three photos"}}}}}
        """#

    static func messages(_ rules: RuleSet, _ record: String, _ locale: String) throws -> [String] {
        RecordChecker(rules, today: Day(iso: "2026-11-22")!, locale: locale)
            .check(json: try JSONParser().parse(record).object ?? [:]).violations.map(\.message)
    }

    @Test(arguments: [("fa", "دست‌کم یک عکس بگذارید", "حداکثر سه عکس"), ("en", "Add a photo", "At most three photos")])
    func eachKeywordSaysItsOwnText(_ locale: String, _ tooFew: String, _ tooMany: String) throws {
        let (rules, findings) = try RuleSet.importing(jsonSchema: Data(Self.schema.utf8), source: "photos.schema.json")
        expectEqual(findings.map(\.message), [])
        expectEqual(try Self.messages(rules, #"{"photos": []}"#, locale), [tooFew])
        expectEqual(try Self.messages(rules, #"{"photos": ["a", "b", "c", "d"]}"#, locale), [tooMany])
        expectEqual(try Self.messages(rules, #"{"photos": ["a"]}"#, locale), [])
    }

    @Test func exportWritesEachUnderItsKeyword() throws {
        let (rules, _) = try RuleSet.importing(jsonSchema: Data(Self.schema.utf8), source: "photos.schema.json")
        let yaml = try RuleSet(
            yaml: """
                form: p
                fields:
                  - id: photos
                    type: values
                    min_items: 1
                    max_items: 3
                    messages:
                      items.min: Add a photo
                      items.max: At most three photos
                """, source: "p.yaml")
        for exported in [rules.jsonSchema(), yaml.jsonSchema()] {
            let schema = try JSONParser().parse(exported)
            let errors = schema.object?["properties"]?.object?["photos"]?.object?["errors"]?.object
            #expect(errors?["minItems"] != nil && errors?["maxItems"] != nil, "\(exported)")
            #expect(errors?["minItems"] != errors?["maxItems"], "\(exported)")
        }
        let again = try RuleSet.importing(jsonSchema: Data(yaml.jsonSchema().utf8), source: "p.schema.json").rules
        // (An empty list is no value for rules written in YAML, `empty_values: absent`: there the
        // minItems text is the export's, checked above.)
        expectEqual(try Self.messages(again, #"{"photos": ["a", "b", "c", "d"]}"#, "en"), ["At most three photos"])
    }
}
