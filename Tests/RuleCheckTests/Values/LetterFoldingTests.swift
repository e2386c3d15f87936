import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `letters: arabic_variants`: ي and ی, ك and ک the same letter, ZWNJ left out, for option
/// matching and text comparison — alike in a form, in batch (CSV and JSON) and in JSON Schema.
@Suite("Arabic-script letter variants")
struct LetterFoldingTests {
    static let yaml = """
        form: f
        fields:
          - id: city
            type: choice
            letters: arabic_variants
            options: [تهران, کرج, یزد]
          - id: note
            type: text
            letters: arabic_variants
            visible_if: city == "كرج"
          - id: word
            type: text
            checks:
              - expr: word == "می‌خواهم"
          - id: plain_city
            type: choice
            options: [کرج]
        """

    @Test func foldingItself() {
        let folding = LetterFolding.arabicVariants
        expectEqual(folding.folded("كرج"), "کرج")
        expectEqual(folding.folded("علي"), "علی")
        expectEqual(folding.folded("می\u{200C}خواهم"), "میخواهم")
        expectEqual(folding.folded("Tehran 12"), "Tehran 12")
        expectEqual(LetterFolding.exact.folded("كرج"), "كرج")
    }

    @Test func optionsMatchInBatchAndKeepTheirOwnValue() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "f.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today)
        // Arabic kaf and yeh: the options کرج and یزد; the field without letters: refused.
        #expect(checker.check(["city": "كرج"]).isEmpty)
        #expect(checker.check(json: ["city": "يزد"]).violations.isEmpty)
        expectEqual(checker.check(["plain_city": "كرج"]).map(\.code), [.option])
        // A hidden note is reported: visible_if compares with folded letters, so "كرج" shows it.
        expectEqual(checker.check(["city": "تهران", "note": "x"]).map(\.code), [.hiddenValue])
        #expect(checker.check(["city": "كرج", "note": "x"]).isEmpty)
    }

    @Test func theFormStoresTheOptionsOwnValue() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "f.yaml")
        var form = Form(rules, today: Fixtures.today)
        try form.set("city", text: "كرج")
        expectEqual(form["city"].value, .text("کرج"))
        #expect(form["note"].isVisible)
        try form.set("city", to: .text("يزد"))
        expectEqual(form["city"].value, .text("یزد"))
        #expect(!form["note"].isVisible)
        #expect(throws: FormError.self) { try form.set("plain_city", to: .text("كرج")) }
    }

    /// Under `defaults.letters`, every comparison of text folds: a ZWNJ typed or left out.
    @Test func aFileWideDefault() throws {
        let exact = try RuleSet(yaml: Self.yaml, source: "f.yaml")
        expectEqual(RecordChecker(exact, today: Fixtures.today).check(["word": "میخواهم"]).map(\.code), [.check])
        let folded = try RuleSet(yaml: "defaults:\n  letters: arabic_variants\n" + Self.yaml, source: "f.yaml")
        #expect(RecordChecker(folded, today: Fixtures.today).check(["word": "میخواهم", "plain_city": "كرج"]).isEmpty)
        #expect(RecordChecker(folded, today: Fixtures.today).check(["word": "مي\u{200C}خواهم"]).isEmpty)
    }

    @Test func lettersRoundTripThroughJSONSchemaAndRefuseOtherWords() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "f.yaml")
        let back = try RuleSet(jsonSchema: Data(rules.jsonSchema().utf8), source: "f.schema.json")
        #expect(back.fields.first { $0.path == "city" }?.letters == .arabicVariants)
        #expect(back.fields.first { $0.path == "plain_city" }?.letters == .exact)
        do {
            _ = try RuleSet(
                yaml: "form: f\nfields:\n  - {id: a, letters: persian}\n  - {id: n, type: number, letters: exact}\n", source: "f.yaml")
            Issue.record("compiled")
        } catch {
            #expect(error.description.contains("letters must be 'exact'"))
            #expect(error.description.contains("'letters' applies to text, choice and multi_choice fields, not number fields"))
        }
    }
}
