import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("JSON Schema and UI schema export")
struct JSONSchemaExportTests {
    static let yaml = """
        form: quote
        title: Quote
        defaults:
          date_format: dd.MM.yyyy
        gates:
          go: all
          start: [kind, owner]
        sections:
          - id: one
            title: First
            fields:
              - {id: kind, type: choice, required: true, options: [{value: car, title: Car}, {value: flat}]}
              - {id: code, pattern: '[0-9]{3}', required: 'kind == "car"', messages: {pattern: {en: 'Three digits', ru: 'Три цифры'}}}
              - {id: phone, mask: '+7 000', visible_if: 'kind == "flat"', required: true, ui: {widget: tel, row: 1}}
              - {id: n, type: integer, min: 1, max: 10, initial: 2, checks: [{expr: 'multiple_of(n, 2)'}, {expr: n > 1, message: Big}]}
              - {id: start, type: date, format: yyyy-MM-dd, initial: today, max: today + 30d, ui: {row: 1, description: When}}
          - id: two
            fields:
              - id: owner
                type: group
                display: '{last} {{x}}'
                fields:
                  - {id: first, enabled_if: 'false'}
                  - {id: last, required: true}
              - {id: photos, type: values, pattern: '[a-z]+', unique_items: true, max_items: 3}
              - {id: tags, type: multi_choice, options: [a, b], min_items: 1}
              - {id: total, type: number, value: n * 2}
              - id: drivers
                type: list
                item:
                  - {id: name, required: true}
                  - {id: age, type: integer, visible_if: name != null, enabled_if: name != "x"}
        """

    static func exported(_ draft: JSONSchemaDraft = .draft2020) throws -> JSONValue {
        try JSONParser().parse(Array(RuleSet(yaml: yaml, source: "quote.yaml").jsonSchema(draft: draft).utf8))
    }

    @Test func theFormAndItsFields() throws {
        let schema = try Self.exported()
        expectEqual(schema["$schema"], "https://json-schema.org/draft/2020-12/schema")
        #expect(try Self.exported(.draft7)["$schema"] == "http://json-schema.org/draft-07/schema#")
        #expect(schema["x-rulecheck-form"] == "quote" && schema["title"] == "Quote" && schema["x-rulecheck-date-format"] == "dd.MM.yyyy")
        expectEqual(schema["x-rulecheck-gates"], ["go": "all", "start": ["kind", "owner"]])
        expectEqual(schema["x-rulecheck-sections"]?[1], ["id": "two", "fields": ["owner", "photos", "tags", "total", "drivers"]])
        expectEqual(schema["required"], ["kind"])
        let properties = try #require(schema["properties"])
        expectEqual(properties["kind"], ["type": "string", "oneOf": [["const": "car", "title": "Car"], ["const": "flat"]]])
        #expect(
            properties["code"] == [
                "type": "string", "pattern": "^(?:[0-9]{3})$", "x-rulecheck-pattern": "[0-9]{3}",
                // Messages per locale: Divar's `errors` carries them (ajv-errors' errorMessage cannot).
                "errors": ["pattern": ["en": "Three digits", "ru": "Три цифры"]],
                "x-rulecheck-messages": ["pattern": ["en": "Three digits", "ru": "Три цифры"]],
                "x-rulecheck-required": "kind == \"car\"",
            ])
        expectEqual(properties["phone"]?["pattern"], "^\\+7 [0-9][0-9][0-9]$")
        expectEqual(properties["phone"]?["x-rulecheck-visible-if"], "kind == \"flat\"")
        #expect(properties["n"]?["minimum"] == 1 && properties["n"]?["maximum"] == 10 && properties["n"]?["default"] == 2)
        #expect(properties["n"]?["multipleOf"] == 2 && properties["n"]?["exclusiveMinimum"] == 1)
        expectEqual(properties["n"]?["x-rulecheck-checks"], [["expr": "multiple_of(n, 2)"], ["expr": "n > 1", "message": "Big"]])
        expectEqual(
            properties["start"],
            [
                "description": "When", "type": "string", "format": "date", "x-rulecheck-format": "yyyy-MM-dd",
                "x-rulecheck-max": "today + 30d", "x-rulecheck-initial": "today", "x-rulecheck-ui": ["row": 1],
            ])
        expectEqual(properties["phone"]?["x-rulecheck-ui"], ["row": 1, "widget": "tel"])
        let owner = try #require(properties["owner"])
        #expect(owner["type"] == "object" && owner["required"] == ["last"] && owner["x-rulecheck-display"] == "{last} {{x}}")
        expectEqual(owner["properties"]?["first"], ["type": "string", "readOnly": true, "x-rulecheck-enabled-if": "false"])
        expectEqual(owner["properties"]?["last"], ["type": "string", "x-rulecheck-required": "true"])
        expectEqual(
            properties["photos"],
            [
                "type": "array", "items": ["type": "string", "pattern": "^(?:[a-z]+)$"], "maxItems": 3, "uniqueItems": true,
                "x-rulecheck-pattern": "[a-z]+",
            ])
        expectEqual(properties["tags"], ["type": "array", "items": ["type": "string", "enum": ["a", "b"]], "minItems": 1])
        expectEqual(properties["total"], ["type": "number", "readOnly": true, "x-rulecheck-value": "n * 2"])
        expectEqual(
            properties["drivers"]?["items"],
            [
                "type": "object",
                "properties": [
                    "name": ["type": "string"],
                    "age": ["type": "integer", "x-rulecheck-visible-if": "name != null", "x-rulecheck-enabled-if": "name != \"x\""],
                ], "required": ["name"],
            ])
    }

    /// `titles:` leave as `x-rulecheck-titles` and come back: a field's title in other locales is
    /// not lost through a JSON Schema.
    @Test func titlesInOtherLocalesTravel() throws {
        let rules = try RuleSet(yaml: "fields:\n  - {id: age, type: integer, title: Age, titles: {fa: سن, fr: Âge}}\n")
        let schema = try JSONParser().parse(Array(rules.jsonSchema().utf8))
        expectEqual(schema["properties"]?["age"]?["title"], "Age")
        expectEqual(schema["properties"]?["age"]?["x-rulecheck-titles"], ["fa": "سن", "fr": "Âge"])
        let (back, findings) = try SchemaTest.importing(rules.jsonSchema())
        expectEqual(findings.map(\.message), [])
        expectEqual(back.field("age")?.titles, ["fa": "سن", "fr": "Âge"])
        expectEqual(back.field("age")?.title(in: "fa"), "سن")
        do {
            _ = try SchemaTest.importing(#"{"properties": {"a": {"type": "string", "x-rulecheck-titles": ["x"]}}}"#)
            Testing.Issue.record("an x-rulecheck-titles that is no object was accepted")
        } catch {
            expectEqual(
                "\(error)".split(separator: "\n").first.map(String.init),
                #"s.json:1:41: error: /properties/a/x-rulecheck-titles: x-rulecheck-titles must map locales to the title in each ({"fa": …, "fr": …}) [RC7010]"#
            )
        }
    }

    @Test func conditionalRequiredIsIfThen() throws {
        let blocks = try #require(try Self.exported()["allOf"]?.array)
        // code is required for cars; phone, required, only while visible (for flats).
        expectEqual(
            blocks,
            [
                ["if": ["properties": ["kind": ["const": "car"]], "required": ["kind"]], "then": ["required": ["code"]]],
                ["if": ["properties": ["kind": ["const": "flat"]], "required": ["kind"]], "then": ["required": ["phone"]]],
            ])
    }

    @Test func propertiesAreInTheFormsOrder() throws {
        let text = try RuleSet(yaml: Self.yaml, source: "quote.yaml").jsonSchema()
        let positions = ["\"kind\": {", "\"code\": {", "\"phone\": {", "\"n\": {", "\"start\": {", "\"owner\": {", "\"photos\": {"].map {
            text.range(of: $0)?.lowerBound
        }
        #expect(positions.allSatisfy { $0 != nil })
        expectEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted())
    }

    @Test func rjsfUISchema() throws {
        let ui = try JSONParser().parse(Array(RuleSet(yaml: Self.yaml, source: "quote.yaml").uiSchema(.rjsf).utf8))
        expectEqual(ui["ui:order"], ["kind", "code", "phone", "n", "start", "owner", "photos", "tags", "total", "drivers"])
        expectEqual(ui["phone"], ["ui:widget": "tel", "ui:row": 1])
        expectEqual(ui["start"], ["ui:row": 1])
        expectEqual(ui["owner"], ["ui:order": ["first", "last"]])
        expectEqual(ui["drivers"], ["items": ["ui:order": ["name", "age"]]])
        expectEqual(ui["kind"], nil)
    }

    @Test func jsonFormsUISchema() throws {
        let ui = try JSONParser().parse(Array(RuleSet(yaml: Self.yaml, source: "quote.yaml").uiSchema(.jsonForms).utf8))
        expectEqual(ui["type"], "Categorization")
        let first = try #require(ui["elements"]?[0])
        #expect(first["label"] == "First" && first["type"] == "Category")
        // Fields with the same row hint share a HorizontalLayout when they are next to each other
        // (phone and start are not: each has its own, so the hint comes back on import).
        expectEqual(first["elements"]?.array?.count, 5)
        expectEqual(
            first["elements"]?[2],
            [
                "type": "HorizontalLayout",
                "elements": [
                    [
                        "type": "Control", "scope": "#/properties/phone",
                        "rule": ["effect": "SHOW", "condition": ["scope": "#/properties/kind", "schema": ["const": "flat"]]],
                    ]
                ],
            ])
        expectEqual(first["elements"]?[3], ["type": "Control", "scope": "#/properties/n"])
        let second = try #require(ui["elements"]?[1])
        #expect(second["label"] == "two" && second["options"] == nil)
        expectEqual(
            second["elements"]?[0],
            [
                "type": "Group", "label": "owner",
                "elements": [
                    ["type": "Control", "scope": "#/properties/owner/properties/first"],
                    ["type": "Control", "scope": "#/properties/owner/properties/last"],
                ],
            ])
        let drivers = try #require(second["elements"]?[4])
        // Two rules on one field: the visibility goes on a layout around the control.
        expectEqual(
            drivers["options"]?["detail"]?["elements"]?[1],
            [
                "type": "VerticalLayout",
                "elements": [
                    [
                        "type": "Control", "scope": "#/properties/age",
                        "rule": ["effect": "ENABLE", "condition": ["scope": "#/properties/name", "schema": ["not": ["const": "x"]]]],
                    ]
                ], "rule": ["effect": "SHOW", "condition": ["scope": "#/properties/name", "schema": [:], "failWhenUndefined": true]],
            ])
    }

    @Test func oneSectionIsAVerticalLayoutAndRowsAreHorizontal() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - {id: a, ui: {row: 1}}
                  - {id: b, ui: {row: 1}}
                  - {id: c, ui: {group: Extra}}
                """, source: "t.yaml")
        let ui = try JSONParser().parse(Array(rules.uiSchema(.jsonForms).utf8))
        expectEqual(
            ui,
            [
                "type": "VerticalLayout",
                "elements": [
                    [
                        "type": "HorizontalLayout",
                        "elements": [["type": "Control", "scope": "#/properties/a"], ["type": "Control", "scope": "#/properties/b"]],
                    ], ["type": "Group", "label": "Extra", "elements": [["type": "Control", "scope": "#/properties/c"]]],
                ],
            ])
        let schema = try JSONParser().parse(Array(rules.jsonSchema().utf8))
        expectEqual(schema["x-rulecheck-sections"], nil)
    }
}
