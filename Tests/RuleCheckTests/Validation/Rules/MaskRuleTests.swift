import Patterns
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `mask` (Validation/Rules/MaskRule.swift): as a field's own key and as a check.
@Suite("Rule kind: mask")
struct MaskRuleTests {
    @Test func aKeyAndACheckFailAlike() throws {
        #expect(
            try RuleProbe.asKeyAndAsCheck(type: "text", "mask: '00-00'", value: "12-3")
                == ["mask | f must look like __-__ | mask: 00-00"])
        #expect(try RuleProbe.failures(type: "text", "mask: '00-00'", value: "12-34").isEmpty)
    }

    @Test func alternativesAreNamedWhole() throws {
        let rules = try RuleSet(
            yaml: "fields:\n  - id: f\n    type: text\n    mask: ['00', '000']\n    checks:\n      - mask: ['00', '000']",
            source: "t.yaml")
        let field = try #require(rules.field("f"))
        // The key names every alternative; a check names its mask as written first.
        expectEqual(field.keyRules.map(\.rule), ["mask: 00 | 000"])
        expectEqual(field.checks.map(\.rule), ["mask: 00"])
        expectEqual(field.mask?.notation, "00 | 000")
    }
}
