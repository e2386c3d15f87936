import Foundation
import Patterns
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// What apps added to rules files, through JSON Schema and back: masks with alternatives, classes,
/// optional blocks, open tails and kept characters; `digits: ascii`; file fields; pages; hints
/// JSON Forms has no place for; composed forms (exported flat).
@Suite("JSON Schema: masks, files, pages, composed forms")
struct JSONSchemaAppFeaturesTests {
    static let yaml = """
        form: app
        title: App
        pages: true
        mask_classes:
          R: {chars: АВЕКМНОРСТУХ, case: upper}
          D: 1-5
        sections:
          - id: car
            title: Car
            fields:
              - {id: plate, mask: ['R 000 RR 00', 'R 000 RR 000'], required: true}
              - {id: phone, mask: '+{7} (000) 000-00-00', mask_value: extracted, digits: ascii}
              - {id: code, mask: 'D0[-00] 0…', checks: [{when: 'plate != null', mask: ['00', '000'], message: 'Two or three digits'}]}
              - {id: power, type: integer, digits: ascii, ui: {unit: hp, widget: updown}}
          - id: docs
            fields:
              - {id: photos, type: file, required: true, min_items: 1, max_items: 4, max_size: 2 MB, media_types: [image/*, application/pdf]}
        """

    static let rules: RuleSet = {
        do { return try RuleSet(yaml: yaml, source: "app.yaml") } catch { preconditionFailure("\(error)") }
    }()

    static func schema() throws -> JSONValue {
        try JSONParser().parse(Array(rules.jsonSchema().utf8))
    }

    @Test func masksKeepTheirAlternativesClassesAndValueForm() throws {
        let schema = try Self.schema()
        expectEqual(schema["x-rulecheck-mask-classes"], ["R": ["chars": "АВЕКМНОРСТУХ", "case": "upper"], "D": "1-5"])
        let properties = try #require(schema["properties"])
        // Alternatives as an array, never one joined string.
        expectEqual(properties["plate"]?["x-rulecheck-mask"], ["R 000 RR 00", "R 000 RR 000"])
        // The regex other validators see: ECMA-262 code points, both alternatives.
        let plate = try #require(properties["plate"]?["pattern"]?.string)
        #expect(plate.hasPrefix("^(?:[\\u{410}\\u{412}") && !plate.contains("\\x{") && plate.contains("|"))
        // An extracted value is what is checked: 7 and the ten digits typed.
        expectEqual(
            properties["phone"],
            [
                "type": "string", "pattern": "^7[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]$",
                "x-rulecheck-mask": "+{7} (000) 000-00-00", "x-rulecheck-mask-value": "extracted", "x-rulecheck-digits": "ascii",
            ])
        expectEqual(properties["code"]?["pattern"], "^[1-5][0-9](?:-[0-9][0-9])? [0-9][0-9]*$")
        expectEqual(
            properties["code"]?["x-rulecheck-checks"],
            [["when": "plate != null", "mask": ["00", "000"], "message": "Two or three digits"]])
        expectEqual(
            properties["power"], ["type": "integer", "x-rulecheck-digits": "ascii", "x-rulecheck-ui": ["unit": "hp", "widget": "updown"]])

        let (again, findings) = try SchemaTest.importing(Self.rules.jsonSchema())
        #expect(findings.isEmpty, "\(findings)")
        let plateMask = try #require(again.field("plate")?.mask)
        expectEqual(plateMask.alternatives, ["R 000 RR 00", "R 000 RR 000"])
        #expect(plateMask.classes["R"] == (try MaskCharacterClass("АВЕКМНОРСТУХ", case: .upper)))
        expectEqual(plateMask.format("а123вс777").text, "А 123 ВС 777")
        #expect(again.field("phone")?.maskValue == .extracted && again.field("phone")?.digits == .ascii)
        #expect(again.field("power")?.digits == .ascii && again.field("power")?.ui == ["unit": "hp", "widget": "updown"])
        expectEqual(SchemaTest.inputs(again), SchemaTest.inputs(Self.rules))
        for record: JSONValue in [
            [
                "plate": "А 123 ВС 777", "phone": "79161234567", "code": "12-34 5",
                "photos": [["name": "a.jpg", "size": 10, "type": "image/jpeg"]],
            ],
            ["plate": "A 123 BC 77", "phone": "+7 (916) 123-45-67", "code": "62 5", "power": 5],
            ["plate": "Х 001 ХХ 01", "code": "1 5678"],
        ] {
            let fields = try #require(record.object)
            expectEqual(SchemaTest.errors(again, fields), SchemaTest.errors(Self.rules, fields))
        }
        expectEqual(
            SchemaTest.errors(again, ["plate": "A 123 BC 77", "code": "1 5678"]),
            ["code mask", "code mask", "photos required", "plate mask"])
    }

    @Test func fileFieldsAreArraysOfFileObjects() throws {
        let photos = try #require(try Self.schema()["properties"]?["photos"])
        expectEqual(
            photos,
            [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "name": ["type": "string", "minLength": 1], "size": ["type": "integer", "minimum": 0, "maximum": 2_097_152],
                        "type": ["type": "string", "minLength": 1, "pattern": "^(?:image\\/.*|application\\/pdf)$"],
                    ], "required": ["name", "size", "type"], "additionalProperties": false,
                ], "minItems": 1, "maxItems": 4, "x-rulecheck-type": "file", "x-rulecheck-media-types": ["image/*", "application/pdf"],
            ])
        let (again, _) = try SchemaTest.importing(Self.rules.jsonSchema())
        let field = try #require(again.field("photos"))
        #expect(field.type == .file && field.maxSize == 2_097_152 && field.mediaTypes == ["image/*", "application/pdf"])
        #expect(field.minItems == 1 && field.maxItems == 4 && field.members.isEmpty)
        let record: JSONObject = [
            "plate": "А 123 ВС 77",
            "photos": [
                ["name": "a.jpg", "size": 3_000_000, "type": "image/jpeg"], ["name": "b.mov", "size": 10, "type": "video/quicktime"],
            ],
        ]
        expectEqual(SchemaTest.errors(again, record), ["photos file_size", "photos media_type"])
    }

    @Test func pagesTravelInTheSchemaAndAsAJSONFormsStepper() throws {
        expectEqual(try Self.schema()["x-rulecheck-pages"], true)
        let stepper = try JSONParser().parse(Array(Self.rules.uiSchema(.jsonForms).utf8))
        #expect(stepper["type"] == "Categorization" && stepper["options"] == ["variant": "stepper", "showNavButtons": true])
        for format in UISchemaFormat.allCases {
            let (again, _) = try SchemaTest.roundTrip(Self.rules, ui: format)
            expectEqual(SchemaTest.pages(again), ["car (Car): car", "docs (docs): docs"])
        }
        // Several sections on one page: each section's page.
        let grouped = try RuleSet(
            yaml: """
                form: g
                sections:
                  - {id: who, page: about_you, fields: [{id: name}]}
                  - {id: contacts, title: Contacts, page: about_you, fields: [{id: email}]}
                  - {id: car, fields: [{id: plate}]}
                """)
        let schema = try JSONParser().parse(Array(grouped.jsonSchema().utf8))
        expectEqual(schema["x-rulecheck-pages"], nil)
        expectEqual(
            schema["x-rulecheck-sections"],
            [
                ["id": "who", "page": "about_you", "fields": ["name"]],
                ["id": "contacts", "title": "Contacts", "page": "about_you", "fields": ["email"]], ["id": "car", "fields": ["plate"]],
            ])
        let categories = try JSONParser().parse(Array(grouped.uiSchema(.jsonForms).utf8))["elements"]
        #expect(categories?[0]?["options"] == ["page": "about_you"] && categories?[1]?["options"] == ["page": "about_you"])
        expectEqual(categories?[2]?["options"], nil)
        for format in UISchemaFormat.allCases {
            let (again, _) = try SchemaTest.roundTrip(grouped, ui: format)
            expectEqual(SchemaTest.pages(again), ["about_you (who): who, contacts", "car (car): car"])
        }
        // Sections without pages stay tabs.
        let tabs = try RuleSet(yaml: "form: t\nsections:\n  - {id: a, fields: [{id: x}]}\n  - {id: b, fields: [{id: y}]}\n")
        expectEqual(try JSONParser().parse(Array(tabs.uiSchema(.jsonForms).utf8))["options"], nil)
        #expect(try SchemaTest.roundTrip(tabs, ui: .jsonForms).rules.pages.isEmpty)
    }

    @Test func aServersStepperIsAWizard() throws {
        let schema = #"{"properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}}}"#
        let ui = ##"""
            {"type": "Categorization", "options": {"variant": "stepper"}, "elements": [
              {"type": "Category", "label": "Who", "elements": [{"type": "Control", "scope": "#/properties/a"}]},
              {"type": "Category", "label": "More", "options": {"page": "who"}, "elements": [{"type": "Control", "scope": "#/properties/b"}]},
              {"type": "Category", "label": "Done", "elements": [{"type": "Control", "scope": "#/properties/c"}]}]}
            """##
        let (rules, findings) = try SchemaTest.importing(schema, ui: ui)
        #expect(findings.isEmpty)
        expectEqual(SchemaTest.pages(rules), ["who (Who): who, more", "done (Done): done"])
        var form = Form(rules, today: Fixtures.today)
        expectEqual(form.currentPage?.id, "who")
        _ = try form.nextPage()
        expectEqual(form.currentPage?.id, "done")
        #expect(try SchemaTest.rulesFile(schema, ui: ui).contains("    page: 'who'\n"))
    }

    @Test func includedBlocksExportAsOrdinaryGroups() throws {
        let block = """
            masks:
              phone: ['+7 (000) 000-00-00', '8 (000) 000-00-00']
            fields:
              - {id: city, required: true}
              - {id: street, enabled_if: not empty(city)}
              - {id: phone, mask: '@phone'}
            """
        let rules = try RuleSet(
            yaml: """
                form: c
                includes:
                  address: blocks/address.yaml
                fields:
                  - {id: home, include: address, title: Home}
                  - {id: same, type: bool, initial: true}
                  - {id: work, include: address, visible_if: not same}
                """, source: "c.yaml", includes: ["blocks/address.yaml": block])
        expectEqual(rules.field("work.street")?.includedFrom.isEmpty, false)
        let schema = try JSONParser().parse(Array(rules.jsonSchema().utf8))
        expectEqual(
            schema["properties"]?["work"]?["properties"]?["street"], ["type": "string", "x-rulecheck-enabled-if": "not empty(city)"])
        expectEqual(
            schema["properties"]?["home"]?["properties"]?["phone"]?["x-rulecheck-mask"], ["+7 (000) 000-00-00", "8 (000) 000-00-00"])
        let (again, findings) = try SchemaTest.roundTrip(rules, ui: .rjsf)
        #expect(findings.isEmpty)
        expectEqual(again.fields.map(\.path), rules.fields.map(\.path))
        // The same names mean the same fields: work.street reads work.city.
        var form = Form(again, today: Fixtures.today)
        try form.set("home.city", to: "Kazan")
        #expect(!form["work.street"].isEnabled && form["home.street"].isEnabled)
        #expect(again.fields.allSatisfy { $0.includedFrom.isEmpty })
        JSONSchemaRoundTripTests.expectSameReports(rules, again, seed: 3, count: 40)
    }

    @Test func badAppKeywordsAreErrorsAtTheirPlace() throws {
        for (property, message) in [
            (
                #"{"type": "string", "x-rulecheck-mask": 5}"#,
                "/properties/a/x-rulecheck-mask: x-rulecheck-mask must be a mask, or an array of its alternatives"
            ),
            (
                #"{"type": "string", "x-rulecheck-mask": []}"#,
                "/properties/a/x-rulecheck-mask: x-rulecheck-mask must be a mask, or an array of its alternatives"
            ),
            (
                #"{"type": "array", "x-rulecheck-type": "file", "x-rulecheck-media-types": "image/*"}"#,
                "/properties/a/x-rulecheck-media-types: x-rulecheck-media-types must be an array of media types"
            ),
            (#"{"type": "string", "x-rulecheck-digits": 1}"#, "/properties/a/x-rulecheck-digits: x-rulecheck-digits must be a string"),
        ] {
            let error = try #require(throws: RulesError.self) { try SchemaTest.importing(#"{"properties": {"a": \#(property)}}"#) }
            expectEqual(error.diagnostics.map(\.message), [message])
        }
        let classes = try #require(throws: RulesError.self) {
            try SchemaTest.importing(#"{"x-rulecheck-mask-classes": {"R": 5}, "properties": {"a": {"type": "string"}}}"#)
        }
        #expect(
            classes.diagnostics.map(\.message) == [
                #"/x-rulecheck-mask-classes/R: mask class 'R' must be its characters, or {"chars": …, "case": "upper" | "lower"}"#
            ])
        // A value the compiler refuses is its error, at the keyword.
        let digits = try #require(throws: RulesError.self) {
            try SchemaTest.importing(#"{"properties": {"a": {"type": "string", "x-rulecheck-digits": "roman"}}}"#)
        }
        expectEqual(digits.diagnostics.first?.location, FileLocation(file: "s.json", line: 1, column: 41))
        let (_, findings) = try SchemaTest.importing(#"{"properties": {"a": {"type": "string", "x-rulecheck-type": "blob"}}}"#)
        expectEqual(findings.map(\.message), ["x-rulecheck-type 'blob' is not one of date, choice, file, json; it is not read"])
    }

    @Test func numbersAndIntegersKeepTheirTypes() throws {
        let rules = try RuleSet(
            yaml: """
                form: n
                fields:
                  - {id: price, type: number, checks: [{expr: 'multiple_of(price, 1)', message: Whole}]}
                  - {id: half, type: integer, value: 'round(price / 2)'}
                  - {id: low, type: integer, value: 'floor(price / 3) + ceil(price / 3) - trunc(price / 3)'}
                """)
        let schema = try JSONParser().parse(Array(rules.jsonSchema().utf8))
        // multipleOf: 1 is what other validators see; the field is still a number with a check.
        #expect(schema["properties"]?["price"]?["multipleOf"] == 1 && schema["properties"]?["price"]?["type"] == "number")
        let (again, findings) = try SchemaTest.roundTrip(rules, ui: .rjsf)
        #expect(findings.isEmpty)
        expectEqual(again.fields.map(\.type), [.number, .integer, .integer])
        expectEqual(SchemaTest.report(RecordChecker(again, today: Fixtures.today), ["price": 2.5]), ["price check error: Whole"])
        var form = Form(again, today: Fixtures.today)
        try form.set("price", to: 7)
        #expect(form["half"].value == .number(4) && form["low"].value == .number(3))
    }

    @Test func printedRulesFilesKeepWhatAppsAdded() throws {
        for rules in [Self.rules, try Fixtures.rules("kasko.yaml")] {
            for json in [false, true] {
                let text = try JSONSchemaImport.rulesFile(
                    jsonSchema: Array(rules.jsonSchema().utf8), uiSchema: nil, source: "e.json", json: json
                ).text
                let printed = try RuleSet(bytes: Array(text.utf8), source: json ? "p.json" : "p.yaml")
                expectEqual(SchemaTest.inputs(printed), SchemaTest.inputs(rules), "\(text)")
                expectEqual(SchemaTest.pages(printed), SchemaTest.pages(rules))
                JSONSchemaRoundTripTests.expectSameReports(rules, printed, seed: 5, count: 30)
            }
        }
    }
}
