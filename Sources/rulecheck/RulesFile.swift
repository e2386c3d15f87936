import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckBatch

/// Loading the rules of a subcommand: a rules file, or a JSON Schema (detected from `$schema` or
/// forced with `--rules-format jsonschema`) with its UI schema. Errors are printed on standard
/// error (never into a report on standard output) and end the command with exit status 2; a
/// schema's import findings are warnings on standard error. `lint` prints errors, findings and
/// warnings as its output instead.
enum RulesFile {
    /// The largest rules file read: a 100,000-field form is about 15 MB.
    static let maxSize = 64 << 20

    /// The compiled rules of `path`, or exit status 2 with the errors on standard error.
    static func load(_ path: String, source: RulesSource? = nil) throws -> RuleSet {
        var stderr = StandardError()
        do {
            let loaded = try compile(path, source: source)
            for finding in loaded.findings { print(finding, to: &stderr) }
            return loaded.rules
        } catch {
            print(error.text, to: &stderr)
            throw ExitCode(2)
        }
    }

    /// `lint`: every error, import finding and warning written to `output`; exit status 2 when
    /// there are errors.
    static func lint(_ path: String, source: RulesSource?, to output: OutputSink) throws {
        do {
            let loaded = try compile(path, source: source)
            for finding in loaded.findings { try output.write(finding + "\n") }
            for warning in loaded.rules.warnings { try output.write(warning.description + "\n") }
        } catch let error as RulesFileError {
            try output.write(error.text + "\n")
            try output.flush()
            throw ExitCode(2)
        }
        try output.flush()
    }

    /// Why a rules file gave no rules, as printed.
    struct RulesFileError: Error {
        let text: String
    }

    /// The whole of a file named on the command line, or why it cannot be read.
    static func read(_ path: String, what: String) throws(RulesFileError) -> [UInt8] {
        do {
            return try InputFile.contents(of: path, limit: maxSize)
        } catch {
            throw RulesFileError(text: "\(VisibleText.escaped(path)): error: cannot read the \(what): \(error)")
        }
    }

    private static func compile(
        _ path: String, source: RulesSource?
    ) throws(RulesFileError)
        -> (rules: RuleSet, findings: [String])
    {
        let bytes = try read(path, what: "rules file")
        let format = source?.rulesFormat ?? .auto
        if format == .jsonschema || (format == .auto && JSONSchemaImport.looksLikeJSONSchema(bytes)) {
            return try SchemaRules.load(bytes, path: path, uiSchema: source?.uiSchema)
        }
        if let ui = source?.uiSchema {
            throw RulesFileError(
                text: "\(VisibleText.escaped(ui)): error: --ui goes with a JSON Schema, and '\(VisibleText.escaped(path))' is a rules file")
        }
        do {
            // Diagnostics name the file as the user wrote it.
            return (try RuleSet(bytes: bytes, source: path), [])
        } catch {
            throw RulesFileError(text: error.description)
        }
    }
}
