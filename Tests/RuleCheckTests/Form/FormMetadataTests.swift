import Foundation
import Patterns
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// What a screen reads to build a field's cell.
@Suite("Form: field metadata")
struct FormMetadataTests {
    static let yaml = """
        form: cells
        defaults:
          date_format: dd.MM.yyyy
        fields:
          - id: phone
            type: text
            mask: '+7 (000) 000-00-00'
          - id: passport
            type: text
            mask: '0000 000000'
          - id: name
            type: text
            pattern: '[A-Za-z ]+'
            min_length: 2
            max_length: 40
          - id: birth_date
            type: date
            max: today - 18y
          - id: power
            type: number
            min: 1
            max: power_limit
          - id: power_limit
            type: integer
            initial: 500
          - id: kind
            type: choice
            options:
              - {value: car, title: Car}
              - {value: truck, title: Truck}
          - id: agree
            type: bool
        """

    private func form() throws -> Form {
        Form(try RuleSet(yaml: Self.yaml, source: "cells.yaml"), today: Day(iso: "2026-11-22")!)
    }

    @Test func masksGiveKeyboardAndPlaceholder() throws {
        let form = try form()
        let phone = try #require(form.metadata("phone"))
        expectEqual(phone.keyboard, .phone)
        expectEqual(phone.placeholder, "+7 (___) ___-__-__")
        expectEqual(phone.mask?.notation, "+7 (000) 000-00-00")
        expectEqual(phone.mask?.format("9161234567").text, "+7 (916) 123-45-67")
        expectEqual(form.metadata("passport")?.keyboard, .number)
        expectEqual(form.metadata("name")?.keyboard, .text)
    }

    @Test func lengthsPatternAndEvaluatedBounds() throws {
        var form = try form()
        let name = try #require(form.metadata("name"))
        expectEqual(name.pattern, "[A-Za-z ]+")
        #expect(name.minLength == 2 && name.maxLength == 40)
        let birth = try #require(form.metadata("birth_date"))
        expectEqual(birth.max, .date(Day(iso: "2008-11-22")!))
        expectEqual(birth.dateFormat?.pattern, "dd.MM.yyyy")
        expectEqual(birth.placeholder, "dd.MM.yyyy")
        expectEqual(birth.keyboard, .number)
        expectEqual(form.metadata("power")?.max, 500)
        try form.set("power_limit", to: 300)
        #expect(form.metadata("power")?.max == 300)  // evaluated now
        expectEqual(form.metadata("power")?.min, 1)
        expectEqual(form.metadata("power")?.keyboard, .decimal)
        expectEqual(form.metadata("power_limit")?.keyboard, .number)
    }

    @Test func optionsWithTitles() throws {
        let form = try form()
        let kind = try #require(form.metadata("kind"))
        expectEqual(kind.options.map(\.title), ["Car", "Truck"])
        expectEqual(kind.keyboard, .notTyped)
        expectEqual(form.metadata("agree")?.keyboard, .notTyped)
        expectEqual(form.metadata("nowhere"), nil)
    }

    /// The mask that applies now: a check's, while its `when` holds (Rules/osago.yaml).
    @Test func theMaskOfACheckAppliesWhileItsWhenHolds() throws {
        let root = Repository.root
        let rules = try RuleSet(contentsOf: root.appendingPathComponent("Rules/osago.yaml"))
        var form = Form(rules, today: Day(iso: "2026-11-22")!)
        expectEqual(form.metadata("doc_number")?.mask, nil)
        try form.set("doc_type", to: "passport")
        expectEqual(form.metadata("doc_number")?.mask?.notation, "0000 000000")
        expectEqual(form.metadata("doc_number")?.placeholder, "____ ______")
        try form.type("doc_number", text: "4509123456")
        expectEqual(form["doc_number"].value, "4509 123456")
        try form.set("doc_type", to: "residence_permit")
        expectEqual(form.metadata("doc_number")?.mask?.notation, "00 0000000")
        try form.set("doc_type", to: "foreign_citizen_passport")
        expectEqual(form.metadata("doc_number")?.mask, nil, "a check's pattern, not a mask")
        expectEqual(form.metadata("plate")?.mask?.notation, "A 000 AA 009", "the field's own mask, named in masks:")
        // A list's field named without an item: its own mask, no bounds evaluated.
        let template = try #require(form.metadata("drivers.license_number"))
        expectEqual(template.mask?.notation, "00 00 000000")
        #expect(form.metadata("drivers[0].license_number") == nil)  // no such item
    }

    /// A file field's limits: what a file picker's `accept` and a size check need.
    @Test func fileFieldsGiveTheirLimits() throws {
        let rules = try RuleSet(
            yaml: """
                form: files
                fields:
                  - id: photos
                    type: file
                    min_items: 2
                    max_items: 4
                    max_size: 15 MB
                    media_types: [image/jpeg, image/*]
                """, source: "files.yaml")
        let photos = try #require(Form(rules).metadata("photos"))
        expectEqual(photos.maxSize, 15 * 1024 * 1024, "a MB of max_size is 1024 KB")
        expectEqual(photos.mediaTypes, ["image/jpeg", "image/*"])
        #expect(photos.minItems == 2 && photos.maxItems == 4)
        expectEqual(photos.keyboard, .notTyped)
        #expect(try #require(Form(try RuleSet(yaml: Self.yaml, source: "cells.yaml")).metadata("phone")).mediaTypes.isEmpty)
    }

    /// The JSON `rulecheck serve` sends: what is there, nothing that is not.
    @Test func metadataAsJSON() throws {
        var form = try form()
        let phone = try #require(form.metadata("phone")).json
        expectEqual(
            phone,
            .object([
                "path": "phone", "title": "phone", "type": "text", "keyboard": "phone", "computed": false, "mask": "+7 (000) 000-00-00",
                "placeholder": "+7 (___) ___-__-__",
            ]))
        #expect(
            try #require(form.metadata("birth_date")).json
                == .object([
                    "path": "birth_date", "title": "birth_date", "type": "date", "keyboard": "number", "computed": false,
                    "max": "2008-11-22", "bounds": "at most 22.11.2008", "date_format": "dd.MM.yyyy", "placeholder": "dd.MM.yyyy",
                ]))
        try form.set("power_limit", to: 300)
        expectEqual(form.metadata("power")?.json["max"], .number(300))
        expectEqual(form.metadata("name")?.json["min_length"], .number(2))
        expectEqual(form.metadata("name")?.json["pattern"], "[A-Za-z ]+")
        expectEqual(
            form.metadata("kind")?.json["options"],
            .array([.object(["value": "car", "title": "Car"]), .object(["value": "truck", "title": "Truck"])]))
        expectEqual(form.metadata("kind")?.json["keyboard"], "not_typed")
        expectEqual(form.metadata("agree")?.json["options"], nil, "options only for choices")
    }
}
