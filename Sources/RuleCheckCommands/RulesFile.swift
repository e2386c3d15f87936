import ArgumentParser
import RuleCheck
import RuleCheckBatch

/// Loading the rules of a subcommand with ``RulesLoader`` (the server's loader too): a rules
/// file, or a JSON Schema (detected from `$schema` or forced with `--rules-format jsonschema`)
/// with its UI schema. Errors are printed on standard error (never into a report on standard
/// output) and end the command with exit status 2; a schema's import findings are warnings on
/// standard error. `lint` prints errors, findings and warnings as its output instead.
enum RulesFile {
    /// The compiled rules of `path`, or exit status 2 with the errors on `streams`' standard error
    /// (the import findings of a JSON Schema are warnings there).
    static func load(_ path: String, loader: RulesLoader = RulesLoader(), streams: StandardStreams) throws -> RuleSet {
        var stderr = StandardError(streams)
        do {
            let loaded = try loader.load(path)
            for warning in loaded.findingWarnings { print(warning, to: &stderr) }
            return loaded.rules
        } catch {
            print(error.description, to: &stderr)
            throw ExitCode(2)
        }
    }

    /// `lint`: every error, import finding and warning written to `output`; exit status 2 when
    /// there are errors.
    static func lint(_ path: String, loader: RulesLoader, to output: OutputSink) throws {
        do {
            let loaded = try loader.load(path)
            for warning in loaded.findingWarnings { try output.write(warning + "\n") }
            for warning in loaded.rules.warnings { try output.write(warning.description + "\n") }
        } catch let error as RulesError {
            try output.write(error.description + "\n")
            try output.flush()
            throw ExitCode(2)
        }
        try output.flush()
    }

    /// Why a file named on the command line gave nothing, as printed.
    struct RulesFileError: Error {
        let text: String
    }

    /// The whole of a file named on the command line (`schema import`'s schema and UI schema),
    /// held to the cap of rules files, or why it cannot be read.
    static func read(_ path: String, what: String) throws(RulesFileError) -> [UInt8] {
        switch FileBytes.read(path, limit: RulesLoader.maxBytes) {
        case .success(let bytes): return bytes
        case .failure(let failure):
            throw RulesFileError(
                text: "\(VisibleText.escaped(path)): error: cannot read the \(what): \(failure) [\(DiagnosticCode.cannotReadFile.id)]")
        }
    }
}
