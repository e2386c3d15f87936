import ArgumentParser
import Foundation
import RuleCheck

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert between JSON Schema and rules files.",
        subcommands: [Import.self, Export.self])

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a rules file for a JSON Schema.",
            discussion: """
                Findings (what is approximated or not checked) go to standard error with their JSON \
                pointers; --strict makes any finding an error (exit 2).
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable { case yaml, json }

        @Argument(help: "The JSON Schema (draft-07, 2019-09 or 2020-12).")
        var schema: String

        @Option(name: .customLong("ui"), help: "An RJSF uiSchema (ui:order, ui:title, ui:readonly, ui:enumNames).")
        var uiSchema: String?

        @Flag(help: "Exit with status 2 when anything is approximated or not supported.")
        var strict = false

        @Option(help: "The rules file's format: yaml or json.")
        var format: Format = .yaml

        func run() throws {
            var stderr = StandardError()
            guard let data = FileManager.default.contents(atPath: schema) else {
                print("\(schema): error: cannot read the JSON Schema", to: &stderr)
                throw ExitCode(2)
            }
            var ui: [UInt8]?
            if let uiSchema {
                guard let uiData = FileManager.default.contents(atPath: uiSchema) else {
                    print("\(uiSchema): error: cannot read the UI schema", to: &stderr)
                    throw ExitCode(2)
                }
                ui = Array(uiData)
            }
            do {
                let result = try JSONSchemaImport.rulesFile(jsonSchema: Array(data), uiSchema: ui, source: schema,
                                                            uiSource: uiSchema ?? "uiSchema.json", strict: strict, json: format == .json)
                for finding in result.findings { print(finding.description, to: &stderr) }
                print(result.text, terminator: "")
            } catch {
                print(error.description, to: &stderr)
                throw ExitCode(2)
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a JSON Schema (draft 2020-12) for a rules file.")

        @Argument(help: "The rules file (YAML or JSON).")
        var rules: String

        func run() throws { try notBuiltYet("schema export") }
    }
}
