import Patterns
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A record checked under a ``MatchBudget`` that stops (its job cancelled, or too many matches at
/// PCRE2's limit) stops too, at its next list item: its caller throws the result away, so the rest
/// of the record is not worth a violation each. The server's huge-record flood (issue 38): one
/// ~880 KB record of 22,000 list items went on after the budget stopped, each item a
/// `regex_limit` violation of three strings at no regex cost — ~20 MB a request, for nothing.
@Suite("A stopped match budget")
struct StoppedBudgetTests {
    @Test func aRecordStopsAtTheNextListItemOnceItsBudgetStops() throws {
        let rules = try RuleSet(yaml: CatastrophicRules.crewYAML, source: "crew.yaml")
        let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!)
        let member: JSONValue = .object(["name": .string(CatastrophicRules.slowName)])
        let record: JSONObject = ["members": .array(Array(repeating: member, count: 2_000))]
        let budget = MatchBudget(maxLimitHits: 5)
        let violations = budget.run { checker.check(json: record).violations }
        #expect(budget.isExhausted)
        // Six values reached the limit (the sixth stopped the budget); the check ended there.
        #expect(violations.count <= 6, "\(violations.count) violations after the budget stopped")
        // Without a budget, every item is checked (values that fail at once, to keep it quick).
        let quick: JSONValue = .object(["name": .string("ab")])
        let everyItem = checker.check(json: ["members": .array(Array(repeating: quick, count: 2_000))]).violations
        expectEqual(everyItem.count, 2_000)
    }
}
