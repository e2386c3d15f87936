import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("JSON Forms UI schema import")
struct JSONFormsUISchemaTests {
    static let schema = ##"""
        {"properties": {
          "kind": {"type": "string", "enum": ["car", "flat", "other"]},
          "title": {"type": "string", "title": "Title"},
          "price": {"type": "number"},
          "currency": {"type": "string", "enum": ["RUB", "USD"]},
          "urgent": {"type": "boolean"},
          "mileage": {"type": "integer"},
          "rooms": {"type": "integer"},
          "owner": {"type": "object", "title": "Owner", "properties": {"name": {"type": "string"}, "phone": {"type": "string"}}},
          "drivers": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}},
          "notes": {"type": "string"}}}
        """##

    static func importing(_ ui: String) throws -> (rules: RuleSet, findings: [ImportFinding]) {
        try SchemaTest.importing(schema, ui: ui)
    }

    @Test func categoriesAreSectionsAndControlsTheOrder() throws {
        let (rules, findings) = try Self.importing(
            ##"""
            {"type": "Categorization", "elements": [
              {"type": "Category", "label": "What & where", "elements": [
                {"type": "HorizontalLayout", "elements": [
                  {"type": "Control", "scope": "#/properties/title", "label": "Headline"},
                  {"type": "Control", "scope": "#/properties/kind", "options": {"format": "radio"}}]},
                {"type": "Group", "label": "Money", "elements": [
                  {"type": "Control", "scope": "#/properties/currency"},
                  {"type": "Control", "scope": "#/properties/price", "label": false}]}]},
              {"type": "Category", "label": "Details", "options": {"section": "more"}, "elements": [
                {"type": "Group", "label": "Who", "elements": [
                  {"type": "Control", "scope": "#/properties/owner/properties/phone"},
                  {"type": "Control", "scope": "#/properties/owner/properties/name"}]},
                {"type": "Control", "scope": "#/properties/drivers", "options": {"detail": {"type": "VerticalLayout", "elements": [
                  {"type": "Control", "scope": "#/properties/b"}, {"type": "Control", "scope": "#/properties/a", "label": "A"}]}}},
                {"type": "Label", "text": "Anything else?"}]}]}
            """##)
        expectEqual(
            SchemaTest.layout(rules),
            [
                "what_where (What & where): title, kind, currency, price",
                "more (Details): owner, owner.phone, owner.name, drivers, urgent, mileage, rooms, notes",
            ])
        expectEqual(rules.field("drivers")?.members.map { rules.fields[$0.index].path }, ["drivers.b", "drivers.a"])
        #expect(rules.field("title")?.title == "Headline" && rules.field("owner")?.title == "Who" && rules.field("drivers.a")?.title == "A")
        #expect(rules.field("title")?.ui == ["row": 1] && rules.field("kind")?.ui == ["row": 1, "options": ["format": "radio"]])
        expectEqual(rules.field("price")?.ui, ["group": "Money", "label": false])
        expectEqual(rules.field("owner.phone")?.ui, [:])
        expectEqual(
            findings.map(\.message),
            [
                "(UI schema) a Label element has no place in a rules file",
                "(UI schema) the UI schema has no control for urgent, mileage, rooms, notes; they follow the others (their rules still hold)",
            ])
        expectEqual(findings.first?.location, FileLocation(file: "ui.json", line: 15, column: 5))
    }

    @Test func topLevelGroupsAreSectionsWithTheRestBetweenThem() throws {
        let (rules, _) = try Self.importing(
            ##"""
            {"type": "VerticalLayout", "elements": [
              {"type": "Control", "scope": "#/properties/kind"},
              {"type": "Group", "label": "Price", "elements": [{"type": "Control", "scope": "#/properties/price"}]},
              {"type": "Control", "scope": "#/properties/title"},
              {"type": "Group", "label": "Owner's details", "elements": [{"type": "Control", "scope": "#/properties/owner/properties/name"}]}]}
            """##)
        // The last Group shows the schema's owner object: it is the group, not a section.
        expectEqual(
            SchemaTest.layout(rules).map { $0.components(separatedBy: ":")[0] }, ["main (main)", "price (Price)", "main_2 (main_2)"])
        expectEqual(rules.field("owner")?.title, "Owner's details")
        expectEqual(rules.sections[2].fields.map { rules.fields[$0.index].path }.prefix(3), ["title", "owner", "owner.name"])
    }

    @Test func rulesBecomeConditions() throws {
        let (rules, findings) = try Self.importing(
            ##"""
            {"type": "VerticalLayout", "elements": [
              {"type": "Control", "scope": "#/properties/kind"},
              {"type": "Control", "scope": "#/properties/price"},
              {"type": "Control", "scope": "#/properties/mileage",
               "rule": {"effect": "SHOW", "condition": {"scope": "#/properties/kind", "schema": {"const": "car"}}}},
              {"type": "Control", "scope": "#/properties/rooms",
               "rule": {"effect": "HIDE", "condition": {"scope": "#/properties/kind", "schema": {"enum": ["car", "other"]}}}},
              {"type": "Control", "scope": "#/properties/urgent",
               "rule": {"effect": "ENABLE", "condition": {"type": "AND", "conditions": [
                  {"scope": "#/properties/price", "schema": {"minimum": 100}, "failWhenUndefined": true},
                  {"type": "LEAF", "scope": "#/properties/currency", "expectedValue": "RUB"}]}}},
              {"type": "VerticalLayout",
               "rule": {"effect": "DISABLE", "condition": {"type": "OR", "conditions": [
                  {"scope": "#/properties/price", "schema": {"maximum": 10}}, {"scope": "#", "schema": {"required": ["title"]}}]}},
               "elements": [{"type": "Control", "scope": "#/properties/notes"}, {"type": "Control", "scope": "#/properties/currency"}]},
              {"type": "Control", "scope": "#/properties/title", "rule": {"effect": "SHOW", "condition": {"scope": "#/properties/nope", "schema": {}}}}]}
            """##)
        expectEqual(rules.field("mileage")?.visibleConditions.map(\.text), ["kind == 'car'"])
        expectEqual(rules.field("rooms")?.visibleConditions.map(\.text), ["not (kind in ['car', 'other'])"])
        expectEqual(rules.field("urgent")?.enabledConditions.map(\.text), ["((price != null) and (price >= 100)) and (currency == 'RUB')"])
        expectEqual(rules.field("notes")?.enabledConditions.map(\.text), ["not (((price == null or price <= 10)) or (title != null))"])
        expectEqual(findings.map(\.pointer), ["/elements/6/rule/condition/scope", ""])
        expectEqual(
            findings.last?.message.hasSuffix("no control for owner, drivers; they follow the others (their rules still hold)"), true)
        var form = Form(rules, today: Fixtures.today)
        #expect(!form["mileage"].isVisible && form["rooms"].isVisible && !form["urgent"].isEnabled && !form["notes"].isEnabled)
        _ = try form.set("kind", to: "car")
        _ = try form.set("price", to: 500)
        _ = try form.set("currency", to: "RUB")
        #expect(form["mileage"].isVisible && !form["rooms"].isVisible && form["urgent"].isEnabled)
        #expect(form["notes"].isEnabled)
    }

    @Test func aSchemasOwnVisibilityIsKeptAndJoined() throws {
        let (rules, _) = try SchemaTest.importing(
            ##"""
            {"properties": {"a": {"type": "boolean"}, "b": {"type": "boolean"}},
             "if": {"properties": {"a": {"const": true}}, "required": ["a"]}, "then": {"properties": {"c": {"type": "string"}}}}
            """##,
            ui: ##"""
                {"type": "VerticalLayout", "elements": [{"type": "Control", "scope": "#/properties/a"}, {"type": "Control", "scope": "#/properties/b"},
                  {"type": "Control", "scope": "#/properties/c", "rule": {"effect": "SHOW", "condition": {"scope": "#/properties/b", "schema": {"const": true}}}}]}
                """##)
        expectEqual(rules.field("c")?.visibleConditions.map(\.text), ["((a != null and a == true)) and (b == true)"])
    }
}
