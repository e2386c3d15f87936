import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckBatch

@main
struct RuleCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rulecheck",
        abstract: "Check form data against a rules file, and work with the rules file itself.",
        discussion: """
            A rules file (YAML or JSON) describes a form: its fields, which field depends on which, \
            when a field is visible or required, and how values are checked. The same file drives \
            an app's form and batch checks of exported data.

            Exit status: 0 success (no errors), 1 errors found, 2 bad rules or arguments, \
            3 an input could not be read or the output could not be written.
            """,
        version: "0.1.0",
        subcommands: [
            Check.self, Infer.self, Split.self, Merge.self, Lint.self, Graph.self, Replay.self, MaskCommand.self, Schema.self, Sample.self,
            Preview.self, Serve.self,
        ]
    )

    /// Runs the command; wrong arguments exit with status 2 (not ArgumentParser's 64), as every
    /// rulecheck error about its input does; output that cannot be written (a full disk, a closed
    /// pipe) is one line on standard error and status 3.
    static func main() {
        // A closed pipe is a write error (EPIPE) to report, not a signal that ends the process
        // without a word.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as OutputError {
            var stderr = StandardError()
            print("rulecheck: \(error.message)", to: &stderr)
            Foundation.exit(3)
        } catch {
            if exitCode(for: error) == .validationFailure {
                // The message may quote an argument: escape what could drive the terminal.
                let lines = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                var stderr = StandardError()
                print(lines.map(VisibleText.escaped).joined(separator: "\n"), to: &stderr)
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
