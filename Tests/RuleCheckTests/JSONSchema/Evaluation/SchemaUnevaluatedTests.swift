@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `unevaluatedProperties` and `unevaluatedItems` see what in-place applicators evaluated —
/// `$ref`, `allOf`, the `anyOf`/`oneOf` subschemas that matched, `if` when it holds, the branch
/// taken, `dependentSchemas` — and nothing from `not` or from subschemas that failed.
@Suite("JSON Schema evaluator: unevaluated")
struct SchemaUnevaluatedTests {
    @Test(arguments: [
        (#"{"properties": {"a": true}, "unevaluatedProperties": false}"#, #"{"a": 1, "b": 2}"#, false),
        (#"{"allOf": [{"properties": {"a": true}}], "unevaluatedProperties": false}"#, #"{"a": 1}"#, true),
        (##"{"$ref": "#/$defs/a", "$defs": {"a": {"properties": {"a": true}}}, "unevaluatedProperties": false}"##, #"{"a": 1}"#, true),
        (
            #"{"anyOf": [{"properties": {"a": true}}, {"properties": {"b": true}}], "unevaluatedProperties": false}"#, #"{"a": 1, "b": 2}"#,
            true
        ),
        (
            #"{"anyOf": [{"properties": {"a": true}}, {"properties": {"b": true}, "required": ["c"]}], "unevaluatedProperties": false}"#,
            #"{"a": 1, "b": 2}"#, false
        ),
        (
            #"{"oneOf": [{"properties": {"a": true}, "required": ["a"]}, {"required": ["b"]}], "unevaluatedProperties": false}"#,
            #"{"a": 1}"#, true
        ),
        (#"{"not": {"not": {"properties": {"a": true}}}, "unevaluatedProperties": false}"#, #"{"a": 1}"#, false),
        (#"{"if": {"properties": {"a": {"const": 1}}}, "unevaluatedProperties": false}"#, #"{"a": 1}"#, true),
        (#"{"if": {"properties": {"a": {"const": 1}}}, "unevaluatedProperties": false}"#, #"{"a": 2}"#, false),
        (
            #"{"dependentSchemas": {"a": {"properties": {"b": true}}}, "properties": {"a": true}, "unevaluatedProperties": false}"#,
            #"{"a": 1, "b": 2}"#, true
        ),
        (#"{"patternProperties": {"^x": true}, "unevaluatedProperties": {"type": "number"}}"#, #"{"xa": "s", "y": 1}"#, true),
        (#"{"allOf": [{"unevaluatedProperties": true}], "unevaluatedProperties": false}"#, #"{"a": 1}"#, true),
        (#"{"prefixItems": [true], "unevaluatedItems": false}"#, "[1, 2]", false),
        (#"{"allOf": [{"prefixItems": [true, true]}], "unevaluatedItems": false}"#, "[1, 2]", true),
        (#"{"contains": {"const": 2}, "unevaluatedItems": false}"#, "[2, 2]", true),
        (#"{"contains": {"const": 2}, "unevaluatedItems": false}"#, "[2, 3]", false),
        (#"{"items": true, "unevaluatedItems": false}"#, "[1, 2]", true),
    ])
    func verdicts(_ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance), valid)
    }

    /// In 2019-09, `contains` leaves no annotation `unevaluatedItems` sees; `items` (one
    /// schema) evaluates them all.
    @Test func twentyNineteenItems() throws {
        #expect(try !EvaluatorTest.isValid(#"{"contains": {"const": 2}, "unevaluatedItems": false}"#, "[2]", dialect: .draft2019_09))
        #expect(try EvaluatorTest.isValid(#"{"items": {"const": 2}, "unevaluatedItems": false}"#, "[2]", dialect: .draft2019_09))
        #expect(
            try EvaluatorTest.isValid(
                #"{"items": [true], "additionalItems": true, "unevaluatedItems": false}"#, "[2, 3]", dialect: .draft2019_09))
    }

    @Test func oneFailurePerUnevaluatedMember() throws {
        let schema = #"{"properties": {"a": true}, "unevaluatedProperties": false, "prefixItems": [true], "unevaluatedItems": false}"#
        let evaluator = try EvaluatorTest.evaluator(schema)
        let objectFailures = evaluator.failures(try EvaluatorTest.value(#"{"c": 1, "a": 1, "b": 2}"#))
        expectEqual(objectFailures.map(EvaluatorTest.summary), ["/b: /unevaluatedProperties", "/c: /unevaluatedProperties"])
        expectEqual(objectFailures.map(\.kind), [.unevaluatedProperty("b"), .unevaluatedProperty("c")])
        let arrayFailures = evaluator.failures(try EvaluatorTest.value("[1, 2, 3]"))
        expectEqual(arrayFailures.map(EvaluatorTest.summary), ["/1: /unevaluatedItems", "/2: /unevaluatedItems"])
        expectEqual(arrayFailures.map(\.kind), [.unevaluatedItem(1), .unevaluatedItem(2)])
        // A schema: its failures at the member, below the keyword.
        expectEqual(
            try EvaluatorTest.failures(#"{"unevaluatedProperties": {"type": "string"}}"#, #"{"a": 1}"#), ["/a: /unevaluatedProperties/type"]
        )
    }
}
