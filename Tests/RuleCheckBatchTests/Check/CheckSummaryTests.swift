import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// `CheckSummary.template` makes every `[digits]` of a path `[]`, as the regex `\[\d+\]` did.
@Suite("CheckSummary")
struct CheckSummaryTests {
    @Test(arguments: [
        ("drivers[0].birth_date", "drivers[].birth_date"),
        ("drivers[12].name", "drivers[].name"),
        ("a[1][22]", "a[][]"),
        ("doc_number", "doc_number"),
        ("a[]b", "a[]b"),
        ("a[x]", "a[x]"),
        ("a[1x]", "a[1x]"),
        ("a[12", "a[12"),
        ("[[3]]", "[[]]"),
        ("[", "["),
        ("x[٣]", "x[]"),  // an Arabic-Indic digit: \d matches it, through the regex fallback
        ("é[4]", "é[]"),
        ("", ""),
    ])
    func template(path: String, expected: String) {
        expectEqual(CheckSummary.template(path), expected)
    }

    @Test func templateAgreesWithTheRegex() {
        var generator = SplitMix64(seed: 0x7E3)  // seeded, so a failure reproduces
        let alphabet = Array("[]0123456789a.")
        for _ in 0..<2_000 {
            let path = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            expectEqual(CheckSummary.template(path), path.replacing(/\[\d+\]/, with: "[]"), "\(path)")
        }
    }
}
