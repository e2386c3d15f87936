import Foundation
import Patterns
import RuleCheck
import Testing

/// `Form.inputHints`, as Docs/engine.md ("Building an input") shows it.
@Suite("Form input hints")
struct FormInputHintsTests {
    let rules: RuleSet

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        rules = try RuleSet(contentsOf: root.appendingPathComponent("Rules/osago.yaml"))
    }

    @Test func theMaskOfACheckAppliesWhileItsWhenHolds() throws {
        var form = Form(rules, today: Day(iso: "2026-11-22") ?? .today())
        #expect(form.inputHints("doc_number").mask == nil)
        try form.set("doc_type", to: "passport")
        #expect(form.inputHints("doc_number").mask?.notation == "0000 000000")
        #expect(form.inputHints("doc_number").mask?.format("4509123456").text == "4509 123456")
        try form.set("doc_type", to: "residence_permit")
        #expect(form.inputHints("doc_number").mask?.notation == "00 0000000")
        try form.set("doc_type", to: "foreign_citizen_passport")
        #expect(form.inputHints("doc_number").mask == nil, "a pattern, not a mask")
        #expect(form.inputHints("plate").mask?.notation == "A 000 AA 009", "the field's own mask, named in masks:")
    }

    @Test func datesLengthsAndItemFields() throws {
        var form = Form(rules)
        #expect(form.inputHints("insurant.birth_date").dateFormat?.pattern == "yyyy-MM-dd")
        #expect(form.inputHints("vin").dateFormat == nil)
        #expect(form.inputHints("insurant.last_name").maxLength == 50)
        #expect(form.inputHints("insurant.last_name").minLength == nil)
        #expect(form.inputHints("drivers.license_number").mask?.notation == "00 00 000000", "an item field without an item")
        try form.append("drivers")
        #expect(form.inputHints("drivers[0].birth_date").dateFormat?.pattern == "yyyy-MM-dd")
        #expect(form.inputHints("drivers[0].license_number").mask?.notation == "00 00 000000")
        let none = form.inputHints("no_such_field")
        #expect(none.mask == nil && none.dateFormat == nil && none.maxLength == nil)
        #expect(form.inputHints("drivers[3].birth_date").dateFormat == nil, "no such item")
    }
}
