import Foundation
import RuleCheck

/// A JSON Schema (and its UI schema) as the rules of a subcommand.
enum SchemaRules {
    /// Imports the schema; its findings come back as printable warning lines.
    static func load(
        _ bytes: [UInt8], path: String, uiSchema: String?
    ) throws(RulesFile.RulesFileError)
        -> (rules: RuleSet, findings: [String])
    {
        let ui = try uiSchema.map { path throws(RulesFile.RulesFileError) in try RulesFile.read(path, what: "UI schema") }
        do {
            let imported = try RuleSet.importing(
                jsonSchema: Data(bytes), uiSchema: ui.map { Data($0) }, source: path,
                options: JSONSchemaImportOptions(uiSchemaSource: uiSchema ?? "uiSchema.json"))
            let findings = imported.findings.map { finding in
                let pointer = finding.pointer.isEmpty ? "/" : finding.pointer
                let kind = finding.kind == .unsupported ? "not supported" : finding.kind.rawValue
                return VisibleText.escaped("\(finding.location): warning: \(pointer): \(kind): \(finding.message)")
            }
            return (imported.rules, findings)
        } catch {
            throw RulesFile.RulesFileError(text: error.description)
        }
    }
}
