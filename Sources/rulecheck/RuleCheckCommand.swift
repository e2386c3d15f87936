import ArgumentParser
import Foundation

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
            3 an input could not be read.
            """,
        version: "0.1.0",
        subcommands: [
            Check.self, Lint.self, Graph.self, Replay.self, MaskCommand.self, Schema.self, Sample.self,
            Preview.self,
            Serve.self,
        ]
    )

    /// Runs the command; wrong arguments exit with status 2 (not ArgumentParser's 64), as every
    /// rulecheck error about its input does.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                var stderr = StandardError()
                print(fullMessage(for: error), to: &stderr)
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
