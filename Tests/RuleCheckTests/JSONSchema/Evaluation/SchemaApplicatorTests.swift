@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The in-place applicators and how each reports: `allOf` its subschemas' failures, `anyOf`,
/// `oneOf`, `not` one failure of their own, `if` none (the branch taken reports its failures).
@Suite("JSON Schema evaluator: applicators")
struct SchemaApplicatorTests {
    @Test(arguments: [
        (#"{"allOf": [{"minimum": 1}, {"maximum": 3}]}"#, "2", true),
        (#"{"allOf": [{"minimum": 1}, {"maximum": 3}]}"#, "4", false),
        (#"{"anyOf": [{"type": "string"}, {"minimum": 3}]}"#, "1", false),
        (#"{"anyOf": [{"type": "string"}, {"minimum": 3}]}"#, "3", true),
        (#"{"oneOf": [{"minimum": 1}, {"maximum": 3}]}"#, "2", false),
        (#"{"oneOf": [{"minimum": 1}, {"maximum": 3}]}"#, "5", true),
        (#"{"not": {"type": "null"}}"#, "null", false),
        (#"{"if": {"minimum": 10}, "then": {"multipleOf": 5}, "else": {"maximum": 3}}"#, "15", true),
        (#"{"if": {"minimum": 10}, "then": {"multipleOf": 5}, "else": {"maximum": 3}}"#, "12", false),
        (#"{"if": {"minimum": 10}, "then": {"multipleOf": 5}, "else": {"maximum": 3}}"#, "5", false),
        (#"{"then": {"const": 1}}"#, "2", true),
        (#"{"allOf": [true, {"not": false}]}"#, "1", true),
        (#"false"#, "1", false),
    ])
    func verdicts(_ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance), valid)
    }

    @Test func eachApplicatorReportsAsTheBriefSays() throws {
        let schema = ##"""
            {"properties": {
              "all": {"allOf": [{"minimum": 5}, {"multipleOf": 2}]},
              "any": {"anyOf": [{"type": "string"}, {"minimum": 5}]},
              "one": {"oneOf": [{"minimum": 1}, {"maximum": 3}]},
              "neither": {"not": {"const": 0}},
              "branch": {"if": {"type": "string"}, "then": {"minLength": 3}, "else": {"type": "null"}}}}
            """##
        let instance = #"{"all": 3, "any": 1, "one": 2, "neither": 0, "branch": "ab"}"#
        let failures = try EvaluatorTest.evaluator(schema).failures(EvaluatorTest.value(instance))
        expectEqual(
            failures.map(EvaluatorTest.summary),
            [
                "/all: /properties/all/allOf/0/minimum", "/all: /properties/all/allOf/1/multipleOf", "/any: /properties/any/anyOf",
                "/branch: /properties/branch/then/minLength", "/neither: /properties/neither/not", "/one: /properties/one/oneOf",
            ])
        expectEqual(failures.map(\.keyword), ["minimum", "multipleOf", "anyOf", "minLength", "not", "oneOf"])
        expectEqual(failures[5].kind, .oneOf(matches: 2))
        expectEqual(failures[5].message, "must match exactly one of the oneOf schemas, not 2")
        expectEqual(
            try EvaluatorTest.failures(
                #"{"properties": {"branch": {"if": {"type": "string"}, "else": {"type": "null"}}}}"#, #"{"branch": 1}"#),
            ["/branch: /properties/branch/else/type"])
    }

    @Test func aFalseSchemaReportsTheKeywordThatLedThere() throws {
        let failures = try EvaluatorTest.evaluator(#"{"properties": {"gone": false}}"#).failures(EvaluatorTest.value(#"{"gone": 1}"#))
        expectEqual(failures.map(EvaluatorTest.summary), ["/gone: /properties/gone"])
        expectEqual(failures.map(\.keyword), ["properties"])
        expectEqual(failures.map(\.kind), [.falseSchema])
        let root = try EvaluatorTest.evaluator("false").failures(1)
        expectEqual(root.map(EvaluatorTest.summary), [": "])
        expectEqual(root.map(\.absoluteKeywordLocation), ["urn:rulecheck:root#"])
    }
}
