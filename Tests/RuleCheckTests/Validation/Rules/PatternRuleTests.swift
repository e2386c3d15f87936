@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `pattern` (Validation/Rules/PatternRule.swift): as a field's own key and as a check.
@Suite("Rule kind: pattern")
struct PatternRuleTests {
    @Test func aKeyAndACheckFailAlike() throws {
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "text", "pattern: '[0-9]{3}'", value: "12a")
                == ["pattern | f must be 3 digits | pattern: [0-9]{3}"])
        #expect(try RuleProbe.failures(type: "text", "pattern: '[0-9]{3}'", value: "123").isEmpty)
    }

    @Test func aKeyNamesANamedPatternBySourceACheckAsWritten() throws {
        let named = """
            patterns:
              digits: '[0-9]+'
            fields:
              - id: f
                type: text
                pattern: '@digits'
                checks:
                  - pattern: '@digits'
            """
        let rules = try RuleSet(yaml: named, source: "t.yaml")
        let field = try #require(rules.field("f"))
        expectEqual(field.keyRules.map(\.rule), ["pattern: [0-9]+"])
        expectEqual(field.checks.map(\.rule), ["pattern: @digits"])
    }

    @Test func theMatchLimitIsARegexLimitNamingThePattern() throws {
        let value = String(repeating: "a", count: 40) + "!"
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "text", "pattern: '(a+)+$'", value: value)
                == ["regex_limit | f: the value is too complex to check against its pattern | pattern: (a+)+$"])
    }

    @Test func placeholderNamesTheFailedChecksPattern() throws {
        let failures = try RuleProbe.failures(
            type: "text", "pattern: 'a.*'\nchecks:\n  - {pattern: '.*z', message: 'own {pattern}'}", value: "ab")
        expectEqual(failures, ["pattern | own .*z | pattern: .*z"])
    }
}
