@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `min` / `max` (Validation/Rules/RangeRule.swift): as a field's own key and as a check, for
/// numbers and dates, with bounds folded for a batch's day.
@Suite("Rule kind: range")
struct RangeRuleTests {
    @Test func aKeyAndACheckFailAlike() throws {
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "integer", "min: 18", value: "17")
                == ["min | f must be at least 18 | min: 18"])
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "number", "max: 2.5", value: "3")
                == ["max | f must be at most 2.5 | max: 2.5"])
    }

    @Test func dateBoundsThatReadTodayAreTheDayOfTheCheck() throws {
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "date", "max: today - 18y", value: "01.01.2010")
                == ["max | f must be on or before 22.11.2008 | max: today - 18y"])
    }

    @Test func aBoundReadingAnotherFieldThatIsEmptyIsNotApplied() throws {
        #expect(
            try RuleProbe.failures(
                type: "integer", "max: g", value: "5", extraFields: "  - id: g\n    type: integer"
            ).isEmpty)
    }

    @Test func aMessageShowsTheBoundInTheLocalesDigits() throws {
        let failures = try RuleProbe.failures(
            type: "integer", "min: 18\nmessage: '{min}'", value: "17", locale: "fa")
        expectEqual(failures, ["min | ۱۸ | min: 18"])
    }

    /// A bound that evaluates to null is not applied (the start is empty here). (Moved from
    /// RecordCheckerTests.)
    @Test func nullBoundsAreNotApplied() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - id: start
                    type: date
                  - id: end
                    type: date
                    min: start
                    checks:
                      - max: start + 10d
                """, source: "t.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today)
        expectEqual(checker.check(["end": "2026-01-01"]), [])
        expectEqual(checker.check(["start": "2026-01-05", "end": "2026-01-01"]).count, 1)
    }
}
