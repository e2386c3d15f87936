@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `unique_items` and `unique_by` (Validation/Rules/UniqueRule.swift).
@Suite("Rule kind: unique")
struct UniqueRuleTests {
    @Test func aValueListedTwice() throws {
        #expect(
            try RuleProbe.failures(type: "values", "unique_items: true", value: #"["x","y","x"]"#)
                == ["items | f lists the same value more than once | unique_items: true"])
        #expect(try RuleProbe.failures(type: "values", "unique_items: true", value: #"["x","y"]"#).isEmpty)
    }

    @Test func twoItemsWithTheSameKey() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - id: cars
                    type: list
                    unique_by: [vin]
                    item:
                      - id: vin
                        title: VIN
                        type: text
                """, source: "t.yaml")
        let violations = RecordChecker(rules, today: Fixtures.today).check(json: [
            "cars": [["vin": "A"], ["vin": "B"], ["vin": "A"]]
        ]).violations
        expectEqual(violations.map(\.message), ["cars: items 1 and 3 have the same VIN"])
        expectEqual(violations.map(\.rule), ["unique_by: [vin]"])
    }

    /// (Moved from ValuesFieldTests.)
    @Test func uniqueItemsOnAMultiChoice() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - {id: tags, type: multi_choice, options: [a, b], unique_items: true}
                  - {id: more, type: multi_choice, options: [a, b]}
                """, source: "t.yaml")
        let violations = RecordChecker(rules).check(json: ["tags": ["a", "a"], "more": ["a", "a"]]).violations
        #expect(violations.map { "\($0.field) \($0.code)" } == ["tags items"])
    }
}
