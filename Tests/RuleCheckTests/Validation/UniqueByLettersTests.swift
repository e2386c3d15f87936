@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `unique_by` compares key values as `==` does, `letters:` included.
@Suite("unique_by and letters")
struct UniqueByLettersTests {
    func violations(letters: String, _ names: [String]) throws -> [IssueCode] {
        let rules = try RuleSet(
            yaml: """
                form: cities
                fields:
                  - id: cities
                    type: list
                    unique_by: [name]
                    item:
                      - id: name
                        type: text
                        letters: \(letters)
                """, source: "cities.yaml")
        let items = names.map { JSONValue.object(["name": .string($0)]) }
        return RecordChecker(rules, today: Fixtures.today).check(json: ["cities": .array(items)]).violations.map(\.code)
    }

    /// Issue 38, item 9: `unique_by` compared the key texts as written, so كرج (Arabic kaf, yeh)
    /// and کرج (Persian keheh) — one city to `==` under `letters: arabic_variants` — were two.
    @Test func arabicVariantsAreOneKey() throws {
        expectEqual(try violations(letters: "arabic_variants", ["كرج", "کرج"]), [.unique])
        expectEqual(try violations(letters: "arabic_variants", ["می‌خواهم", "میخواهم"]), [.unique], "ZWNJ left out")
        expectEqual(try violations(letters: "exact", ["كرج", "کرج"]), [], "exact letters: two keys")
    }
}
