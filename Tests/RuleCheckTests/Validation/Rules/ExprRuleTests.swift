@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `expr` checks (Validation/Rules/ExprRule.swift).
@Suite("Rule kind: expr")
struct ExprRuleTests {
    @Test func aConditionThatDoesNotHoldFails() throws {
        #expect(
            try RuleProbe.failures(type: "integer", "checks:\n  - expr: f * 2 > 7", value: "3")
                == ["check | f has a value that is not accepted | expr: f * 2 > 7"])
        #expect(try RuleProbe.failures(type: "integer", "checks:\n  - expr: f * 2 > 7", value: "4").isEmpty)
    }

    @Test func whenGatesTheCheckAndIsPartOfTheRule() throws {
        let keys = "checks:\n  - {expr: f > 10, when: f > 1}"
        #expect(
            try RuleProbe.failures(type: "integer", keys, value: "3")
                == ["check | f must be more than 10 | expr: f > 10 when f > 1"])
        #expect(try RuleProbe.failures(type: "integer", keys, value: "1").isEmpty)
    }

    @Test func checksRunAfterTheFieldsOwnKeysInWrittenOrder() throws {
        let failures = try RuleProbe.failures(
            type: "integer", "min: 5\nchecks:\n  - expr: f > 100\n  - max: 2", value: "3")
        expectEqual(failures.map { String($0.prefix { $0 != " " }) }, ["min", "check", "max"])
    }
}
