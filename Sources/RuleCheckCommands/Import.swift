import ArgumentParser
import RuleCheck
import RuleCheckBatch
import RuleCheckXLSForm

/// `rulecheck import xlsform FORM`: the rules file of a form of another tool.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a rules file for a form of another tool.",
        subcommands: [XLSForm.self])

    struct XLSForm: RuleCheckSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "xlsform",
            abstract: "Print a rules file for an XLSForm (.xlsx, or pyxform's CSV or markdown).",
            discussion: """
                The survey's questions become fields, the choices sheet their options; relevant, \
                required, constraint, calculation, choice_filter, default and read_only become the \
                rules (Docs/xlsform.md). Each line of the rules ends with a comment naming the cell \
                it comes from (survey!F12). What the rules cannot say with ODK's meaning is a finding \
                on standard error, at its cell, and is left out; --strict makes any finding that is \
                not only a note an error (exit 2). The same form is read directly wherever a rules \
                file is (lint, check, replay, preview, serve).
                """)

        @Argument(help: "The XLSForm: an .xlsx workbook, or pyxform's .csv or .md text of one.")
        var form: String

        enum Syntax: String, ExpressibleByArgument, CaseIterable { case xlsx, csv, markdown }

        @Option(help: "How the form is written: xlsx, csv or markdown (by default: by its name and content).")
        var syntax: Syntax?

        @Flag(help: "Exit with status 2 when a finding is more than a note (a rule not translated, or approximated).")
        var strict = false

        func run(streams: StandardStreams) throws {
            var stderr = StandardError(streams)
            do {
                let bytes = try RulesFile.read(form, what: "XLSForm")
                let translator = XLSFormTranslator(syntax: syntax.flatMap { XLSFormTranslator.Syntax(rawValue: $0.rawValue) })
                let translated = try translator.translate(bytes, name: form)
                // The rules must compile as written: the same check as loading the form directly.
                let loaded = try translated.compiled(source: form)
                for warning in loaded.findingWarnings { print(warning, to: &stderr) }
                let output = OutputSink(descriptor: streams.output)
                try output.write(translated.text)
                try output.flush()
                if strict, loaded.findings.contains(where: { $0.kind != .ignored }) { throw ExitCode(2) }
            } catch let error as RulesFile.RulesFileError {
                print(error.text, to: &stderr)
                throw ExitCode(2)
            } catch let error as RulesError {
                print(error.description, to: &stderr)
                throw ExitCode(2)
            }
        }
    }
}
