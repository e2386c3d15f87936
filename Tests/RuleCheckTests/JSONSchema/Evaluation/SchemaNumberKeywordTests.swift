@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Bounds and `multipleOf`, decided exactly whatever the representation: `.number` doubles by
/// their shortest decimal, `.decimal` digits as written.
@Suite("JSON Schema evaluator: numbers")
struct SchemaNumberKeywordTests {
    @Test(arguments: [
        (#"{"minimum": 5}"#, "5", true),
        (#"{"minimum": 5}"#, "4.999999999999999", false),
        (#"{"exclusiveMinimum": 5}"#, "5", false),
        (#"{"exclusiveMinimum": 5}"#, "5.000000000000001", true),
        (#"{"maximum": 9007199254740992}"#, "9007199254740993", false),
        (#"{"maximum": 9007199254740993}"#, "9007199254740992", true),
        (#"{"exclusiveMaximum": 9007199254740993}"#, "9007199254740993", false),
        (#"{"maximum": 0.1}"#, "0.10000000000000001", false),
        (#"{"minimum": 5}"#, #""3""#, true),
    ])
    func bounds(_ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance), valid)
    }

    @Test(arguments: [
        (#"{"multipleOf": 0.01}"#, "0.0075", false),
        (#"{"multipleOf": 0.0001}"#, "0.0075", true),
        (#"{"multipleOf": 0.01}"#, "10000000.01", true),
        (#"{"multipleOf": 0.01}"#, "10000000.005", false),
        (#"{"multipleOf": 0.1}"#, "0.3", true),
        (#"{"multipleOf": 0.123456789}"#, "1e308", false),
        (#"{"multipleOf": 0.5}"#, "1e308", true),
        // 2^53 + 1 is a multiple of 3; the Double nearest it, 2^53, is not.
        (#"{"multipleOf": 3}"#, "9007199254740993", true),
        (#"{"multipleOf": 3}"#, "9007199254740992", false),
        (#"{"multipleOf": 3}"#, "9007199254740994", false),
        (#"{"multipleOf": 2}"#, "9007199254740994", true),
        (#"{"multipleOf": 1e-8}"#, "12391239123", true),
        (#"{"multipleOf": 7}"#, "-21", true),
        (#"{"multipleOf": 7}"#, "0", true),
    ])
    func multipleOf(_ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance), valid)
    }

    /// Draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` modify `minimum`/`maximum`; from
    /// draft-06 they are numbers of their own.
    @Test func exclusiveBoundsPerDialect() throws {
        let draft4 = #"{"minimum": 5, "exclusiveMinimum": true}"#
        #expect(try !EvaluatorTest.isValid(draft4, "5", dialect: .draft4))
        #expect(try EvaluatorTest.isValid(draft4, "5.5", dialect: .draft4))
        let failure = try #require(try EvaluatorTest.evaluator(draft4, dialect: .draft4).failures(EvaluatorTest.value("5")).first)
        expectEqual(failure.keyword, "minimum")
        expectEqual(failure.message, "must be greater than 5, not 5")
        expectEqual(
            try EvaluatorTest.compileProblems(draft4, dialect: .draft6), ["/exclusiveMinimum: exclusiveMinimum must be a number, not true"])
        expectEqual(
            try EvaluatorTest.compileProblems(#"{"exclusiveMaximum": 3}"#, dialect: .draft4),
            ["/exclusiveMaximum: exclusiveMaximum must be a boolean in draft-04, not 3"])
        #expect(try !EvaluatorTest.isValid(#"{"exclusiveMaximum": 3}"#, "3", dialect: .draft6))
    }

    @Test func failuresCarryTheExactNumbers() throws {
        let evaluator = try EvaluatorTest.evaluator(#"{"multipleOf": 0.01, "maximum": 10}"#)
        let failures = evaluator.failures(try EvaluatorTest.value("10.005"))
        expectEqual(failures.map(\.message), ["must be a multiple of 0.01, not 10.005", "must be at most 10, not 10.005"])
        expectEqual(failures.map(\.keyword), ["multipleOf", "maximum"])
    }
}
