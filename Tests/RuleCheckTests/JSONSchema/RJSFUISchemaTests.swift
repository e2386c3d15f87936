import Foundation
@testable import RuleCheck
import Testing

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
        try RuleSet.importing(jsonSchema: Data(schema.utf8), uiSchema: Data(ui.utf8), source: "s.json",
                              options: JSONSchemaImportOptions(uiSchemaSource: "ui.json"))
    }

    @Test func orderTitlesReadOnlyAndEnumNames() throws {
        let (rules, findings) = try Self.importing(##"""
            {"ui:order": ["kind", "*", "title"],
             "kind": {"ui:enumNames": ["Car", "Flat"], "ui:title": "Kind"},
             "price": {"ui:readonly": true, "ui:widget": "updown"},
             "owner": {"ui:order": ["phone", "name"], "name": {"ui:title": "Name"}},
             "drivers": {"items": {"ui:order": ["b", "a"]}}}
            """##)
        #expect(rules.sections[0].fields.map { rules.fields[$0.index].path }.filter { !$0.contains(".") }
                == ["kind", "price", "owner", "drivers", "title"])
        #expect(rules.field("kind")?.title == "Kind")
        #expect(rules.field("kind")?.options.map(\.title) == ["Car", "Flat"])
        #expect(rules.field("owner.name")?.title == "Name")
        #expect(rules.field("owner")?.members.map { rules.fields[$0.index].path } == ["owner.phone", "owner.name"])
        #expect(rules.field("drivers")?.members.map { rules.fields[$0.index].path } == ["drivers.b", "drivers.a"])
        var form = Form(rules)
        #expect { _ = try form.set("price", text: "5") } throws: { error in (error as? FormError)?.code == .disabledField }
        #expect(findings.map(\.pointer) == ["/price/ui:widget"])
        #expect(findings.first?.kind == .ignored)
        #expect(findings.first?.location == FileLocation(file: "ui.json", line: 3, column: 33))
    }

    @Test func unknownNamesAndJSONFormsAreReported() throws {
        let (_, findings) = try Self.importing(##"{"ui:order": ["title", "nope"], "ghost": {"ui:title": "x"}}"##)
        #expect(findings.map(\.pointer) == ["/ui:order", "/ui:order", "/ghost"])
        let (_, jsonForms) = try Self.importing(##"{"type": "VerticalLayout", "elements": []}"##)
        #expect(jsonForms.map(\.kind) == [.unsupported])
    }
}
