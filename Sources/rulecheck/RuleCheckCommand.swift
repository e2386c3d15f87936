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
        Foundation.exit(run(Array(CommandLine.arguments.dropFirst()), streams: .process))
    }

    /// Runs `rulecheck arguments` writing to `streams`, and returns its exit status: what
    /// ``main()`` does in a process of its own, and what the tests run in theirs.
    ///
    /// ```swift
    /// let status = RuleCheckCommand.run(["mask", "0000", "12"], streams: .process)   // prints "12\t12\tpartial"; 0
    /// ```
    static func run(_ arguments: [String], streams: StandardStreams) -> Int32 {
        do {
            let command = try parseAsRoot(arguments)
            if let subcommand = command as? any RuleCheckSubcommand {
                try subcommand.run(streams: streams)
            } else {
                // `rulecheck` and `rulecheck schema` alone: their run asks for the help text.
                var command = command
                try command.run()
            }
            return 0
        } catch {
            do {
                return try report(error, streams: streams)
            } catch {
                var stderr = StandardError(streams)
                print("rulecheck: \(error.message)", to: &stderr)
                return 3
            }
        }
    }

    /// Prints what ended a run — help, an argument error, a write error — as ArgumentParser's
    /// `exit(withError:)` would (help on standard output, errors on standard error), and returns
    /// the exit status; a help text that cannot be written throws.
    private static func report(_ error: any Error, streams: StandardStreams) throws(OutputError) -> Int32 {
        if let error = error as? OutputError { throw error }
        let status = exitCode(for: error)
        let message = fullMessage(for: error, columns: streams.columns)
        var stderr = StandardError(streams)
        if status == .validationFailure {
            // The message may quote an argument: escape what could drive the terminal.
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            print(lines.map(VisibleText.escaped).joined(separator: "\n"), to: &stderr)
            return 2
        }
        if message.isEmpty { return status.rawValue }
        if status == .success {
            let output = OutputSink(descriptor: streams.output)
            try output.write(message + "\n")
            try output.flush()
        } else {
            print(message, to: &stderr)
        }
        return status.rawValue
    }
}
