import Patterns
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The rules file's mask toolkit: classes, alternatives, the extracted value, and digits of other
/// scripts — in a form and in a batch check alike.
@Suite("Rules: mask keys and digits")
struct RulesMaskKeysTests {
    static let yaml = """
        form: masks
        mask_classes:
          R: {chars: АВЕКМНОРСТУХ, case: upper}
        masks:
          phone: ['+7 (000) 000-00-00', '8 (000) 000-00-00']
        fields:
          - id: plate
            type: text
            mask: ['R 000 RR 00', 'R 000 RR 000']
          - id: phone
            type: text
            mask: '@phone'
          - id: phone_digits
            type: text
            mask: '+{7} (000) 000-00-00'
            mask_value: extracted
          - id: code
            type: text
            mask: '0000'
            digits: ascii
          - id: power
            type: integer
          - id: latin_power
            type: integer
            digits: ascii
          - id: birth
            type: date
        """

    private func rules() throws -> RuleSet { try RuleSet(yaml: Self.yaml, source: "masks.yaml") }

    @Test func classesAndAlternativesInAForm() throws {
        var form = Form(try rules(), today: Day(iso: "2026-11-22")!)
        try form.type("plate", text: "а123вс777")
        expectEqual(form["plate"].value, "А 123 ВС 777")
        #expect(form["plate"].issues.isEmpty)
        try form.type("phone", text: "89161234567")
        expectEqual(form["phone"].value, "8 (916) 123-45-67")
        expectEqual(form.metadata("phone")?.mask?.alternatives, ["+7 (000) 000-00-00", "8 (000) 000-00-00"])
        #expect(form.metadata("phone")?.keyboard == .number)  // not every alternative starts with +
    }

    @Test func anExtractedValueIsStoredAndShownFormatted() throws {
        var form = Form(try rules(), today: Day(iso: "2026-11-22")!)
        try form.type("phone_digits", text: "9161234567")
        expectEqual(form["phone_digits"].value, "79161234567")
        #expect(form["phone_digits"].issues.isEmpty)
        try form.set("phone_digits", to: "79161234567")
        expectEqual(form.displayText("phone_digits"), "+7 (916) 123-45-67")
        try form.set("phone_digits", to: "+7 (916) 123-45-67")
        #expect(form["phone_digits"].issues.map(\.code) == [.mask])  // the formatted text is not the value
    }

    @Test func theBatchCheckReadsAsTheFormTypes() throws {
        let checker = RecordChecker(try rules(), today: Day(iso: "2026-11-22")!)
        let good = checker.check([
            "plate": "А 123 ВС 77", "phone_digits": "79161234567", "power": "١٥٠",
            "birth": "۱۹۹۰-۰۵-۰۱", "phone": "8 (९१६) १२३-४५-६७",
        ])
        #expect(good.isEmpty, "\(good)")
        let bad = checker.check(["code": "١٢٣٤", "latin_power": "١٥٠", "phone_digits": "+7 (916) 123-45-67"])
        expectEqual(bad.map(\.field).sorted(), ["code", "latin_power", "phone_digits"])
        #expect(bad.first { $0.field == "latin_power" }?.code == .type)
    }

    @Test(arguments: [
        ("mask_classes:\n  RR: x\nfields:\n  - id: a\n    mask: '0'\n", "a mask class is named by one character, not 'RR'"),
        (
            "mask_classes:\n  R: {chars: 'z-a'}\nfields:\n  - id: a\n    mask: '0'\n",
            "mask class 'R': character class range ends before it starts"
        ),
        ("mask_classes:\n  R: {chars: x, case: title}\nfields:\n  - id: a\n    mask: '0'\n", "case must be upper or lower, not 'title'"),
        (
            "fields:\n  - id: a\n    mask: '0'\n    digits: arabic\n",
            "digits must be 'any' (the digits of every script, read as 0–9), 'ascii' (only 0–9) or 'fold' (a text's digits of every script stored as 0–9), not 'arabic'"
        ),
        (
            "fields:\n  - id: a\n    mask: '0'\n    mask_value: raw\n",
            "mask_value must be 'formatted' (the text as the mask shows it) or 'extracted' (what was typed, with {…} characters), not 'raw'"
        ),
        ("fields:\n  - id: a\n    type: integer\n    mask_value: extracted\n", "'mask_value' applies to text fields, not integer fields"),
        ("fields:\n  - id: a\n    mask: ['0', '0[']\n", "mask '0[': optional block '[' is not closed with ']'"),
        (
            "masks:\n  m: '0'\nfields:\n  - id: a\n    mask: ['@m', '00']\n",
            "a named mask '@m' has no alternatives here; list them under 'masks:'"
        ),
    ])
    func mistakes(_ yaml: String, _ message: String) {
        let error = #expect(throws: RulesError.self) { try RuleSet(yaml: "form: x\n" + yaml, source: "x.yaml") }
        expectEqual(error?.errors.map(\.message).contains(message), true, "\(error?.errors.map(\.message) ?? [])")
    }
}
