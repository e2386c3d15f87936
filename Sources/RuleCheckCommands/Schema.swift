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
            abstract: "Print a JSON Schema (or, with --ui, a UI schema; with --to xlsform, an XLSForm) for a rules file.",
            discussion: """
                The JSON Schema accepts the same records wherever JSON Schema can say it; what it \
                cannot (expressions, masks, computed fields, sections, gates …) is written in \
                x-rulecheck-* keywords, so that 'rulecheck schema import' gives back the same rules. \
                With --ui, the UI schema is printed instead: run the command twice for both.

                With --to xlsform, the rules are written as an XLSForm .xlsx workbook (survey, \
                choices and settings sheets) that pyxform converts for ODK Collect and Enketo, and \
                that 'rulecheck import xlsform' reads back (Docs/xlsform.md). A rule XLSForm cannot \
                say is left out with a finding on standard error at its line and column; --strict \
                makes any finding that is not only a note an error (exit 2). The workbook is binary: \
                give -o FILE, or redirect standard output to a file.

                Examples:
                  rulecheck schema export Rules/listing.yaml > listing.schema.json
                  rulecheck schema export Rules/listing.yaml --ui jsonforms > listing.uischema.json
                  rulecheck schema export --to xlsform Rules/signup.yaml -o signup.xlsx
                """)

        enum Draft: String, ExpressibleByArgument, CaseIterable {
            case draft7 = "7", draft2020 = "2020-12"
        }

        enum UIFormat: String, ExpressibleByArgument, CaseIterable {
            case rjsf, jsonforms
        }

        enum Target: String, ExpressibleByArgument, CaseIterable {
            case jsonSchema = "json-schema"
            case xlsform
        }

        @OptionGroup var rulesFile: RulesFileArgument

        @Option(help: "The JSON Schema draft: 7 or 2020-12.")
        var draft: Draft = .draft2020

        @Option(help: "Print the UI schema instead: rjsf (react-jsonschema-form) or jsonforms.")
        var ui: UIFormat?

        @Option(help: "What to write: json-schema (a JSON Schema, or with --ui a UI schema) or xlsform (an .xlsx workbook).")
        var to: Target = .jsonSchema

        @Option(
            name: [.customShort("o"), .long], help: "With --to xlsform: the workbook file to write (else standard output, not a terminal).")
        var output: String?

        @Flag(help: "With --to xlsform: exit with status 2 when a rule is left out or approximated.")
        var strict = false

        @OptionGroup(title: "Reading the rules")
        var includes: IncludeRootOption

        mutating func validate() throws {
            try rulesFile.claimAlone()
            if to == .xlsform, ui != nil { throw ValidationError("--ui writes a UI schema; it cannot be given with --to xlsform") }
            if to != .xlsform, output != nil || strict {
                throw ValidationError("-o and --strict are options of --to xlsform (a JSON Schema is printed to standard output)")
            }
        }

        func run(streams: StandardStreams) throws {
            var loader = RulesLoader(includeRoots: includes.includeRoots)
            loader.translator = XLSFormTranslator()
            let ruleSet = try RulesFile.load(rulesFile.path, loader: loader, streams: streams)
            if to == .xlsform {
                try writeXLSForm(ruleSet, streams: streams)
                return
            }
            let output = OutputSink(descriptor: streams.output)
            if let ui {
                try output.write(ruleSet.uiSchema(ui == .rjsf ? .rjsf : .jsonForms))
            } else {
                try output.write(ruleSet.jsonSchema(draft: draft == .draft7 ? .draft7 : .draft2020))
            }
            try output.flush()
        }

        /// Writes the rules as an XLSForm workbook to `-o` or standard output (refused when that
        /// is a terminal), the findings to standard error.
        private func writeXLSForm(_ rules: RuleSet, streams: StandardStreams) throws {
            var stderr = StandardError(streams)
            if output == nil || output == "-", isatty(streams.output) == 1 {
                print(
                    "rulecheck: an .xlsx workbook is binary and is not written to a terminal: give -o FILE, or redirect standard output",
                    to: &stderr)
                throw ExitCode(2)
            }
            let export = XLSFormExporter().export(rules)
            for finding in export.findings { print(VisibleText.escaped(finding.description), to: &stderr) }
            let bytes: [UInt8]
            do {
                bytes = try XLSXWriter.write(export.workbook)
            } catch {
                print("rulecheck: cannot write the XLSForm: \(error.message)", to: &stderr)
                throw ExitCode(2)
            }
            if let output, output != "-" {
                do {
                    try Data(bytes).write(to: URL(fileURLWithPath: output))
                } catch {
                    print("rulecheck: cannot write \(output): \(error.localizedDescription)", to: &stderr)
                    throw ExitCode(2)
                }
            } else {
                let sink = OutputSink(descriptor: streams.output)
                try sink.write(bytes: bytes)
                try sink.flush()
            }
            if strict, export.findings.contains(where: { $0.kind != .ignored }) { throw ExitCode(2) }
        }
    }
}
