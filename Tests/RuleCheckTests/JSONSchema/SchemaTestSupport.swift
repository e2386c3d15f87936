import Foundation
import Patterns
@testable import RuleCheck
import Testing

/// Helpers for the JSON Schema tests: importing text, comparing verdicts of two rule sets.
enum SchemaTest {
    /// Imports a schema (and UI schema) given as text.
    static func importing(_ schema: String, ui: String? = nil, strict: Bool = false) throws -> (rules: RuleSet, findings: [ImportFinding]) {
        try RuleSet.importing(
            jsonSchema: Data(schema.utf8), uiSchema: ui.map { Data($0.utf8) }, source: "s.json",
            options: JSONSchemaImportOptions(strict: strict, uiSchemaSource: "ui.json"))
    }

    /// The rules file an import prints.
    static func rulesFile(_ schema: String, ui: String? = nil) throws -> String {
        try JSONSchemaImport.rulesFile(
            jsonSchema: Array(schema.utf8), uiSchema: ui.map { Array($0.utf8) }, source: "s.json",
            uiSource: "ui.json"
        ).text
    }

    /// `field code` of each error for a record, sorted.
    static func errors(_ rules: RuleSet, _ record: JSONObject) -> [String] {
        RecordChecker(rules, today: Fixtures.today).check(json: record).violations.filter { $0.severity == .error }
            .map { "\($0.field) \($0.code.rawValue)" }.sorted()
    }

    static func errors(_ rules: RuleSet, _ record: String) throws -> [String] {
        errors(rules, try JSONParser().parse(record).object ?? [:])
    }

    /// Every violation of a record, with its message, in the checker's order.
    static func report(_ checker: RecordChecker, _ record: JSONObject) -> [String] {
        checker.check(json: record).violations
            .map { "\($0.field) \($0.code.rawValue) \($0.severity.rawValue): \($0.message)" }
    }

    /// The rules exported and imported again (with the UI schema in `format`).
    static func roundTrip(
        _ rules: RuleSet, ui format: UISchemaFormat, draft: JSONSchemaDraft = .draft2020
    ) throws -> (rules: RuleSet, findings: [ImportFinding]) {
        try RuleSet.importing(
            jsonSchema: Data(rules.jsonSchema(draft: draft).utf8), uiSchema: Data(rules.uiSchema(format).utf8),
            source: "export.json", options: JSONSchemaImportOptions(uiSchemaSource: "export.ui.json"))
    }

    /// The paths of a rule set's fields by section, in order (what a screen shows, and where).
    static func layout(_ rules: RuleSet) -> [String] {
        rules.sections.map { section in
            "\(section.id) (\(section.title)): " + section.fields.map { rules.fields[$0.index].path }.joined(separator: ", ")
        }
    }

    /// How each field takes its value: type, masks (alternatives, classes, digits, value form),
    /// file rules, item rules; one line per field.
    static func inputs(_ rules: RuleSet) -> [String] {
        rules.fields.map { field in
            let mask =
                field.mask.map { mask in
                    mask.alternatives.joined(separator: " | ") + " "
                        + mask.classes.keys.sorted().map { name in
                            let characterClass = mask.classes[name]
                            return "\(name)=\(characterClass?.characters ?? "")/\(characterClass?.letterCase?.rawValue ?? "-")"
                        }.joined(separator: ",") + " \(mask.digits)"
                } ?? "-"
            return
                "\(field.path): \(field.type) \(field.itemType.map { "of \($0)" } ?? "") mask \(mask) \(field.maskValue) digits \(field.digits) "
                + "items \(field.minItems ?? -1)...\(field.maxItems ?? -1) unique \(field.uniqueItems) size \(field.maxSize ?? -1) "
                + "media \(field.mediaTypes) pattern \(field.pattern?.source ?? "-")"
        }
    }

    /// The pages: id, title, and the ids of their sections.
    static func pages(_ rules: RuleSet) -> [String] {
        rules.pages.map { page in "\(page.id) (\(page.title)): " + page.sections.map { rules.sections[$0].id }.joined(separator: ", ") }
    }

    /// Which of the features apps added a rule set uses.
    static func appFeatures(_ rules: RuleSet) -> Set<String> {
        var features = Set<String>()
        if !rules.pages.isEmpty { features.insert("pages") }
        for field in rules.fields {
            if let mask = field.mask, mask.alternatives.count > 1 { features.insert("mask alternatives") }
            if field.mask?.classes.isEmpty == false { features.insert("mask classes") }
            if field.maskValue == .extracted { features.insert("extracted") }
            if field.digits == .ascii { features.insert("ascii digits") }
            if field.type == .file { features.insert("files") }
        }
        return features
    }
}
