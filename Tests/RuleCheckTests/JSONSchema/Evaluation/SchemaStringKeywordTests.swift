import Patterns
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Lengths in code points; `pattern` with ECMA-262's meaning as an unanchored search; a match
/// that hits PCRE2's limit is a failure of its own, never a pass.
@Suite("JSON Schema evaluator: strings")
struct SchemaStringKeywordTests {
    @Test(arguments: [
        (#"{"minLength": 2}"#, #""😀""#, false),
        (#"{"minLength": 2}"#, #""😀😀""#, true),
        (#"{"maxLength": 1}"#, #""e\u0301""#, false),
        (#"{"maxLength": 1}"#, #""\u00e9""#, true),
        (#"{"maxLength": 2}"#, #""日本""#, true),
        (#"{"minLength": 1}"#, "5", true),
        (#"{"pattern": "[0-9]"}"#, #""abc1def""#, true),
        (#"{"pattern": "^\\d+$"}"#, #""١٢٣""#, false),
        (#"{"pattern": "^a$"}"#, #""a\n""#, false),
        (#"{"pattern": "^\\p{Letter}+$"}"#, #""ёж""#, true),
        (#"{"pattern": "^.$"}"#, #""😀""#, true),
        (#"{"pattern": "a"}"#, "[]", true),
    ])
    func lengthAndPattern(_ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance), valid)
    }

    @Test func lengthFailuresCountCodePoints() throws {
        let failure = try #require(try EvaluatorTest.evaluator(#"{"minLength": 3}"#).failures(EvaluatorTest.value(#""😀é""#)).first)
        expectEqual(failure.kind, .minLength(limit: 3, actual: 2))
        expectEqual(failure.message, "must be at least 3 characters long, not 2")
    }

    @Test func aPatternThatHitsItsLimitIsNotAPass() throws {
        var options = SchemaEvaluationOptions()
        options.patternLimits = Pattern.Limits(matchLimit: 1_000)
        let evaluator = try JSONSchemaEvaluator(root: EvaluatorTest.value(#"{"not": {"pattern": "^(a+)+$"}}"#), options: options)
        let instance = JSONValue.string(String(repeating: "a", count: 40) + "b")
        // Quiet inside `not`, the limit still makes the instance invalid and is reported.
        #expect(!evaluator.isValid(instance))
        let failures = evaluator.failures(instance)
        expectEqual(failures.map(\.kind), [.regexLimit(pattern: "^(a+)+$")])
        expectEqual(failures.map(\.keywordLocation), ["/not/pattern"])
        #expect(failures[0].isIndeterminate)
    }
}
