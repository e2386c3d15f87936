@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `type`, `enum`, `const` and JSON Schema's equality: numbers by value, strings by code point,
/// objects whatever the order of members.
@Suite("JSON Schema evaluator: type, enum, const")
struct SchemaValueKeywordTests {
    @Test(arguments: [
        (#"{"type": "integer"}"#, "1", true),
        (#"{"type": "integer"}"#, "1.0", true),
        (#"{"type": "integer"}"#, "1e2", true),
        (#"{"type": "integer"}"#, "1.5", false),
        (#"{"type": "integer"}"#, "9007199254740993", true),
        (#"{"type": "integer"}"#, "9007199254740993.5", false),
        (#"{"type": "integer"}"#, #""1""#, false),
        (#"{"type": "number"}"#, "0.1", true),
        (#"{"type": ["string", "null"]}"#, "null", true),
        (#"{"type": ["string", "null"]}"#, "0", false),
        (#"{"type": "object"}"#, "[]", false),
        (#"{"type": "array"}"#, "[]", true),
        (#"{"type": "boolean"}"#, "0", false),
    ])
    func type(_ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance), valid)
    }

    @Test(arguments: [
        (#"{"enum": [1, "a", null]}"#, "1.0", true),
        (#"{"enum": [1, "a", null]}"#, "1.5", false),
        (#"{"enum": [{"a": [1, 2]}]}"#, #"{"a": [1.0, 2]}"#, true),
        (#"{"enum": [{"a": [1, 2]}]}"#, #"{"a": [2, 1]}"#, false),
        (#"{"enum": [{"a": 1, "b": 2}]}"#, #"{"b": 2, "a": 1}"#, true),
        (#"{"enum": [{"a": 1}]}"#, #"{"a": 1, "b": 2}"#, false),
        (#"{"enum": [false]}"#, "0", false),
        (#"{"enum": [0]}"#, "false", false),
        (#"{"enum": ["\u00e9"]}"#, #""e\u0301""#, false),
        (#"{"enum": ["\u00e9"]}"#, #""\u00e9""#, true),
        (#"{"const": 0.1}"#, "0.10", true),
        (#"{"const": 9007199254740993}"#, "9007199254740992", false),
        (#"{"const": 9007199254740993}"#, "9007199254740993.0", true),
        (#"{"const": [1, [true, null]]}"#, "[1, [true, null]]", true),
        (#"{"const": null}"#, "0", false),
    ])
    func enumAndConst(_ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance), valid)
    }

    @Test func equalityIsExactAndDeep() throws {
        let decimal = JSONValue.decimal(try #require(ExactDecimal("1.50")))
        #expect(SchemaEquality.equal(.number(1.5), decimal))
        #expect(!SchemaEquality.equal(.number(1.5), .decimal(try #require(ExactDecimal("1.5000000000000000001")))))
        #expect(SchemaEquality.equal(.number(-0.0), .number(0)))
        // Compared with a stack of its own, not by recursion (no deeper: releasing a JSONValue
        // recurses).
        var deep: JSONValue = 1
        var other: JSONValue = 1.0
        for _ in 0..<2_000 {
            deep = [deep]
            other = [other]
        }
        #expect(SchemaEquality.equal(deep, other))
        #expect(
            SchemaEquality.firstRepeat(in: (0..<40).map { JSONValue.number(Double($0)) } + [20.0]).map { [$0.first, $0.second] } == [
                20, 40,
            ])
    }

    @Test func typeFailureNamesTheTypes() throws {
        let failure = try #require(
            try EvaluatorTest.evaluator(#"{"properties": {"a": {"type": ["string", "null"]}}}"#).failures(EvaluatorTest.value(#"{"a": 5}"#))
                .first)
        expectEqual(failure.kind, .type(expected: ["string", "null"], actual: "number"))
        expectEqual(failure.message, "must be a string or null, not a number")
        expectEqual(failure.instanceLocation.pointer, "/a")
        expectEqual(failure.keywordLocation, "/properties/a/type")
        expectEqual(failure.absoluteKeywordLocation, "urn:rulecheck:root#/properties/a/type")
        expectEqual(failure.rootSchemaPointer, "/properties/a/type")
        expectEqual(failure.keyword, "type")
    }
}
