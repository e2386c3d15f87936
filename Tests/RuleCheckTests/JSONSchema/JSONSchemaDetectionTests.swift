@testable import RuleCheck
import Testing

/// How a file given as rules is told to be a JSON Schema: a JSON object whose top-level keys
/// include `$schema`. The test first looks at the top-level keys without building anything (a
/// rules file written as JSON was parsed twice), so these pin what it says for keys that are
/// escaped, nested, inside strings, and for text that is not JSON.
@Suite("JSON Schema: telling a schema from a rules file")
struct JSONSchemaDetectionTests {
    @Test(arguments: [
        #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}"#,
        #"{"type": "object", "$schema": "x"}"#,
        #"  {"$schema": 1}"#,
        #"{"\u0024schema": "x"}"#,
        #"{"a": {"b": [1, {"c": 2}]}, "$schema": "x"}"#,
        #"{"a": "a \" quote, and \\", "$schema": "x"}"#,
        #"{"a": "}]", "$schema": "x"}"#,
    ])
    func aTopLevelSchemaKeyMakesASchema(_ text: String) {
        #expect(JSONSchemaImport.looksLikeJSONSchema(Array(text.utf8)))
        #expect(JSONSchemaImport.looksLikeJSONSchema([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
    }

    @Test(arguments: [
        #"{"fields": [{"id": "a", "$schema": 1}]}"#,
        #"{"form": "$schema", "fields": [{"id": "a"}]}"#,
        #"{"a": ["$schema", {"$schema": 1}]}"#,
        #"{"a": "\"$schema\": 1"}"#,
        #"["$schema"]"#,
        #"{"$schema": "x",}"#,
        #"{"$schema": "x"} {"b": 1}"#,
        #"{"$schema": "x""#,
        "fields:\n  - id: a\n",
        "",
    ])
    func otherwiseItIsARulesFile(_ text: String) {
        #expect(!JSONSchemaImport.looksLikeJSONSchema(Array(text.utf8)))
    }
}
