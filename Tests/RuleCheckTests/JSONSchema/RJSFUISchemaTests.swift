import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("RJSF uiSchema import")
struct RJSFUISchemaTests {
    static let schema = ##"""
        {"properties": {
          "title": {"type": "string"},
          "price": {"type": "number"},
          "kind": {"type": "string", "enum": ["car", "flat"]},
          "owner": {"type": "object", "properties": {"name": {"type": "string"}, "phone": {"type": "string"}}},
          "drivers": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}}}}
        """##

    static func importing(_ ui: String) throws -> (rules: RuleSet, findings: [ImportFinding]) {
        try RuleSet.importing(
            jsonSchema: Data(schema.utf8), uiSchema: Data(ui.utf8), source: "s.json",
            options: JSONSchemaImportOptions(uiSchemaSource: "ui.json"))
    }

    @Test func orderTitlesReadOnlyAndEnumNames() throws {
        let (rules, findings) = try Self.importing(
            ##"""
            {"ui:order": ["kind", "*", "title"],
             "kind": {"ui:enumNames": ["Car", "Flat"], "ui:title": "Kind"},
             "price": {"ui:readonly": true, "ui:widget": "updown"},
             "owner": {"ui:order": ["phone", "name"], "name": {"ui:title": "Name"}},
             "drivers": {"items": {"ui:order": ["b", "a"]}}}
            """##)
        expectEqual(
            rules.sections[0].fields.map { rules.fields[$0.index].path }.filter { !$0.contains(".") },
            ["kind", "price", "owner", "drivers", "title"])
        expectEqual(rules.field("kind")?.title, "Kind")
        expectEqual(rules.field("kind")?.options.map(\.title), ["Car", "Flat"])
        expectEqual(rules.field("owner.name")?.title, "Name")
        expectEqual(rules.field("owner")?.members.map { rules.fields[$0.index].path }, ["owner.phone", "owner.name"])
        expectEqual(rules.field("drivers")?.members.map { rules.fields[$0.index].path }, ["drivers.b", "drivers.a"])
        var form = Form(rules)
        #expect { _ = try form.set("price", text: "5") } throws: { error in (error as? FormError)?.code == .disabledField }
        #expect(findings.isEmpty)
        // Presentation keys are the field's ui hints.
        expectEqual(rules.field("price")?.ui, ["widget": "updown"])
    }

    @Test func presentationKeysBecomeHints() throws {
        let (rules, findings) = try Self.importing(
            ##"""
            {"ui:submitButtonOptions": {"norender": true},
             "title": {"ui:widget": "textarea", "ui:placeholder": "What are you selling?", "ui:help": "No phone numbers",
                       "ui:autofocus": true, "ui:options": {"rows": 5}, "ui:description": "Shown above"},
             "kind": {"ui:widget": "radio", "ui:options": {"inline": true}},
             "owner": {"name": {"ui:emptyValue": ""}}}
            """##)
        expectEqual(
            rules.field("title")?.ui,
            [
                "widget": "textarea", "placeholder": "What are you selling?", "help": "No phone numbers", "autofocus": true,
                "options": ["rows": 5], "description": "Shown above",
            ])
        expectEqual(rules.field("kind")?.ui, ["widget": "radio", "options": ["inline": true]])
        expectEqual(rules.field("owner.name")?.ui, ["emptyValue": ""])
        expectEqual(findings.map(\.pointer), ["/ui:submitButtonOptions"])
        expectEqual(findings.first?.kind, .ignored)
        expectEqual(findings.first?.location, FileLocation(file: "ui.json", line: 1, column: 2))
    }

    @Test func unknownNamesAndJSONFormsAreReported() throws {
        let (_, findings) = try Self.importing(##"{"ui:order": ["title", "nope"], "ghost": {"ui:title": "x"}}"##)
        expectEqual(findings.map(\.pointer), ["/ui:order", "/ui:order", "/ghost"])
        let (_, jsonForms) = try Self.importing(##"{"type": "VerticalLayout", "elements": []}"##)
        expectEqual(jsonForms.map(\.kind), [.approximated])
        expectEqual(
            jsonForms.first?.message,
            "(UI schema) the UI schema has no control for title, price, kind, owner, drivers; they follow the others (their rules still hold)"
        )
    }
}
