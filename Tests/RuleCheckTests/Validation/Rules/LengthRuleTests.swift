@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `min_length` / `max_length` (Validation/Rules/LengthRule.swift): as a field's own key and as a
/// check, one rule with one message.
@Suite("Rule kind: length")
struct LengthRuleTests {
    @Test func aKeyAndACheckFailAlike() throws {
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "text", "min_length: 3", value: "ab")
                == ["min_length | f must be at least 3 characters long | min_length: 3"])
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "text", "max_length: 1", value: "ab")
                == ["max_length | f must be at most 1 character long | max_length: 1"])
        #expect(
            try RuleProbe.failures(type: "text", "checks:\n  - {max_length: 1, when: 'true'}", value: "ab")
                == ["max_length | f must be at most 1 character long | max_length: 1 when true"])
    }

    @Test func scalarsAreCountedNotBytes() throws {
        // Five Cyrillic letters: ten UTF-8 bytes, five scalars.
        #expect(try RuleProbe.failures(type: "text", "max_length: 5", value: "Пётр1").isEmpty)
        expectEqual(try RuleProbe.failures(type: "text", "max_length: 4", value: "Пётр1").map { String($0.prefix(10)) }, ["max_length"])
    }

    @Test func aMessageNamesTheFailedChecksLimitAndOtherwiseTheFieldsOwn() throws {
        let failures = try RuleProbe.failures(
            type: "text", "min_length: 2\nmessage: '{min_length}..{max_length}'\nchecks:\n  - max_length: 3",
            value: "abcd")
        expectEqual(failures, ["max_length | 2..3 | max_length: 3"])
    }

    @Test func inTheirFixedOrderWithTheOtherTextRules() throws {
        let failures = try RuleProbe.failures(
            type: "text", "pattern: '[0-9]+'\nmax_length: 2\nmin_length: 1", value: "abc")
        expectEqual(failures.map { String($0.prefix { $0 != " " }) }, ["max_length", "pattern"])
    }

    @Test func compilingTheKeyAndTheCheckGivesTheSameRule() throws {
        let rules = try RuleSet(
            yaml: "fields:\n  - id: f\n    type: text\n    min_length: 2\n    checks:\n      - min_length: 2",
            source: "t.yaml")
        let field = try #require(rules.field("f"))
        expectEqual(field.keyRules.map(\.rule), ["min_length: 2"])
        expectEqual(field.checks.map(\.rule), ["min_length: 2"])
        expectEqual(field.keyRules.map(\.source), [.key])
        expectEqual(field.checks.map(\.source), [.check(0)])
        expectEqual(field.minLength, 2)
    }
}
