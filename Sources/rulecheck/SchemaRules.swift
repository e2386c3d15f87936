import ArgumentParser
import Foundation
import RuleCheck

/// A JSON Schema (and its UI schema) as the rules of a subcommand.
enum SchemaRules {
    /// Imports the schema; findings are printed as warnings, on standard output with the other
    /// warnings of `lint`, else on standard error.
    static func load(_ data: Data, path: String, uiSchema: String?, printFindings: Bool) throws -> RuleSet {
        var ui: Data?
        if let uiSchema {
            guard let uiData = FileManager.default.contents(atPath: uiSchema) else {
                print("\(uiSchema): error: cannot read the UI schema")
                throw ExitCode(2)
            }
            ui = uiData
        }
        let imported = try RuleSet.importing(jsonSchema: data, uiSchema: ui, source: path,
                                             options: JSONSchemaImportOptions(uiSchemaSource: uiSchema ?? "uiSchema.json"))
        var stderr = StandardError()
        for finding in imported.findings {
            let line = "\(finding.location): warning: \(finding.pointer.isEmpty ? "/" : finding.pointer): \(finding.kind == .unsupported ? "not supported" : finding.kind.rawValue): \(finding.message)"
            if printFindings { print(line) } else { print(line, to: &stderr) }
        }
        return imported.rules
    }
}
