import ArgumentParser
import RuleCheck
import RuleCheckBatch

/// Loading a rules file for a subcommand. Its errors are printed on standard error (never into a
/// report on standard output) and end the command with exit status 2; `lint` prints them, and the
/// warnings, as its output instead.
enum RulesFile {
    /// The largest rules file read: a 100,000-field form is about 15 MB.
    static let maxSize = 64 << 20

    /// The compiled rules of `path`, or exit status 2 with the errors on standard error.
    static func load(_ path: String) throws -> RuleSet {
        do {
            return try compile(path)
        } catch {
            var stderr = StandardError()
            print(error.text, to: &stderr)
            throw ExitCode(2)
        }
    }

    /// `lint`: every error and warning written to `output`; exit status 2 when there are errors.
    static func lint(_ path: String, to output: OutputSink) throws {
        do {
            let rules = try compile(path)
            for warning in rules.warnings { try output.write(warning.description + "\n") }
        } catch let error as RulesFileError {
            try output.write(error.text + "\n")
            try output.flush()
            throw ExitCode(2)
        }
        try output.flush()
    }

    /// Why a rules file gave no rules, as printed.
    private struct RulesFileError: Error {
        let text: String
    }

    private static func compile(_ path: String) throws(RulesFileError) -> RuleSet {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.contents(of: path, limit: maxSize)
        } catch {
            throw RulesFileError(text: "\(VisibleText.escaped(path)): error: cannot read the rules file: \(error)")
        }
        do {
            // Diagnostics name the file as the user wrote it.
            return try RuleSet(yaml: String(decoding: bytes, as: UTF8.self), source: path)
        } catch {
            throw RulesFileError(text: error.description)
        }
    }
}
