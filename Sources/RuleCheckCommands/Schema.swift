import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckBatch
import RuleCheckXLSForm

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert between JSON Schema and rules files.",
        subcommands: [Import.self, Export.self])

    struct Import: RuleCheckSubcommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a rules file for a JSON Schema.",
            discussion: """
                The rules hold the schema itself (json_schema:), which decides which records are \
                valid, and the fields a form shows for it. Findings go to standard error with their \
                JSON pointers; --strict makes any finding that is not only a note an error (exit 2): \
                a $ref to a schema not given with --schema, above all.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable { case yaml, json }

        @Argument(help: "The JSON Schema (draft-04, -06, -07, 2019-09 or 2020-12).")
        var schema: String

        @Option(name: .customLong("ui"), help: "Its UI schema: an RJSF uiSchema or a JSON Forms UI schema.")
        var uiSchema: String?

        @Flag(help: "Exit with status 2 when a finding is more than a note (a $ref to a schema not given).")
        var strict = false

        @Option(help: "The rules file's format: yaml or json.")
        var format: Format = .yaml

        @OptionGroup var jsonSchema: JSONSchemaOptions

        func run(streams: StandardStreams) throws {
            var stderr = StandardError(streams)
            do {
                let data = try RulesFile.read(schema, what: "JSON Schema")
                let ui = try uiSchema.map { path throws(RulesFile.RulesFileError) in try RulesFile.read(path, what: "UI schema") }
                var options = JSONSchemaImportOptions(
                    strict: strict, uiSchemaSource: uiSchema ?? "uiSchema.json", formats: jsonSchema.formats.value,
                    baseURI: schema == "-" ? nil : SchemaDocuments.fileURL(schema))
                options.parsedDocuments = try SchemaDocuments.read(jsonSchema.documents, limit: RulesLoader.maxBytes).get()
                let result = try JSONSchemaImport.rulesFile(
                    jsonSchema: data, uiSchema: ui, source: schema, options: options, json: format == .json)
                for finding in result.findings { print(VisibleText.escaped(finding.description), to: &stderr) }
                let output = OutputSink(descriptor: streams.output)
                try output.write(result.text)
                try output.flush()
            } catch let error as RulesFile.RulesFileError {
                print(error.text, to: &stderr)
                throw ExitCode(2)
            } catch let error as RulesError {
                print(error.description, to: &stderr)
                throw ExitCode(2)
            }
        }
    }

    struct Export: RuleCheckSubcommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a JSON Schema (or, with --ui, a UI schema) for a rules file.",
            discussion: """
                The JSON Schema accepts the same records wherever JSON Schema can say it; what it \
                cannot (expressions, masks, computed fields, sections, gates …) is written in \
                x-rulecheck-* keywords, so that 'rulecheck schema import' gives back the same rules. \
                With --ui, the UI schema is printed instead: run the command twice for both.

                Examples:
                  rulecheck schema export Rules/listing.yaml > listing.schema.json
                  rulecheck schema export Rules/listing.yaml --ui jsonforms > listing.uischema.json
                """)

        enum Draft: String, ExpressibleByArgument, CaseIterable {
            case draft7 = "7", draft2020 = "2020-12"
        }

        enum UIFormat: String, ExpressibleByArgument, CaseIterable {
            case rjsf, jsonforms
        }

        @OptionGroup var rulesFile: RulesFileArgument

        @Option(help: "The JSON Schema draft: 7 or 2020-12.")
        var draft: Draft = .draft2020

        @Option(help: "Print the UI schema instead: rjsf (react-jsonschema-form) or jsonforms.")
        var ui: UIFormat?

        @OptionGroup(title: "Reading the rules")
        var includes: IncludeRootOption

        mutating func validate() throws {
            try rulesFile.claimAlone()
        }

        func run(streams: StandardStreams) throws {
            var loader = RulesLoader(includeRoots: includes.includeRoots)
            loader.translator = XLSFormTranslator()
            let ruleSet = try RulesFile.load(rulesFile.path, loader: loader, streams: streams)
            let output = OutputSink(descriptor: streams.output)
            if let ui {
                try output.write(ruleSet.uiSchema(ui == .rjsf ? .rjsf : .jsonForms))
            } else {
                try output.write(ruleSet.jsonSchema(draft: draft == .draft7 ? .draft7 : .draft2020))
            }
            try output.flush()
        }
    }
}
