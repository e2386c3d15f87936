@testable import RuleCheck
import Testing

/// `min_items` / `max_items` (Validation/Rules/ItemCountRule.swift).
@Suite("Rule kind: item count")
struct ItemCountRuleTests {
    @Test func tooFewAndTooManyValues() throws {
        let keys = "options: [a, b, c]\nmin_items: 2\nmax_items: 2"
        #expect(
            try RuleProbe.failures(type: "multi_choice", keys, value: #"["a"]"#)
                == ["items | f needs at least 2 items | min_items: 2"])
        #expect(
            try RuleProbe.failures(type: "multi_choice", keys, value: #"["a","b","c"]"#)
                == ["items | f can have at most 2 items | max_items: 2"])
        #expect(try RuleProbe.failures(type: "multi_choice", keys, value: #"["a","b"]"#).isEmpty)
    }
}
