import ArgumentParser
import Foundation
import RuleCheck

/// Loading a rules file for a subcommand: diagnostics are printed, and a file with errors ends
/// the command with exit status 2. A JSON Schema is imported (its findings printed as warnings).
enum RulesFile {
    static func load(_ path: String, printWarnings: Bool = false, source: RulesSource? = nil) throws -> RuleSet {
        let format = source?.rulesFormat ?? .auto, uiSchema = source?.uiSchema
        let rules: RuleSet
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): error: cannot read the rules file")
                throw ExitCode(2)
            }
            if format == .jsonschema || (format == .auto && JSONSchemaImport.looksLikeJSONSchema(Array(data))) {
                rules = try SchemaRules.load(data, path: path, uiSchema: uiSchema, printFindings: printWarnings)
            } else {
                if let ui = uiSchema {
                    print("\(ui): error: --ui goes with a JSON Schema, and '\(path)' is a rules file")
                    throw ExitCode(2)
                }
                // Diagnostics name the file as the user wrote it.
                rules = try RuleSet(yaml: String(decoding: data, as: UTF8.self), source: path)
            }
        } catch let error as RulesError {
            print(error.description)
            throw ExitCode(2)
        }
        if printWarnings {
            for warning in rules.warnings { print(warning.description) }
        }
        return rules
    }
}
