package import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckBatch

/// What the two `rulecheck` executables share: the root command's description and subcommands,
/// and how a run ends. `rulecheck` adds the real `serve` and `preview`; `rulecheck-lite` adds
/// stand-ins that say where they are.
package enum RootCommand {
    /// The version of rulecheck, in `--version` and in a slice report's fingerprint.
    package static let version = "0.1.0"

    /// The root command's configuration, named `commandName`, with every subcommand but the
    /// server's, followed by `serverCommands` (`preview` and `serve`).
    package static func configuration(commandName: String, serverCommands: [any ParsableCommand.Type]) -> CommandConfiguration {
        CommandConfiguration(
            commandName: commandName,
            abstract: "Check form data against a rules file, and work with the rules file itself.",
            discussion: """
                A rules file (YAML or JSON) describes a form: its fields, which field depends on which, \
                when a field is visible or required, and how values are checked. The same file drives \
                an app's form and batch checks of exported data.

                Exit status: 0 success (no errors), 1 errors found, 2 bad rules or arguments, \
                3 an input could not be read or the output could not be written.
                """,
            version: version,
            subcommands: [
                Check.self, Infer.self, Split.self, Merge.self, Lint.self, Graph.self, Replay.self, MaskCommand.self, Schema.self,
                Import.self, Sample.self,
            ] + serverCommands
        )
    }

    /// Runs `Command` with the process's arguments and ends the process with its status: what an
    /// executable's `main()` does.
    package static func main<Command: ParsableCommand>(_ command: Command.Type) -> Never {
        // A closed pipe is a write error (EPIPE) to report, not a signal that ends the process
        // without a word.
        signal(SIGPIPE, SIG_IGN)
        Foundation.exit(run(command, Array(CommandLine.arguments.dropFirst()), streams: .process))
    }

    /// Runs `Command` with `arguments` writing to `streams`, and returns its exit status; wrong
    /// arguments exit with status 2 (not ArgumentParser's 64), as every rulecheck error about its
    /// input does; output that cannot be written (a full disk, a closed pipe) is one line on
    /// standard error and status 3.
    package static func run<Command: ParsableCommand>(
        _ root: Command.Type, _ arguments: [String], streams: StandardStreams
    )
        -> Int32
    {
        do {
            let command = try root.parseAsRoot(arguments)
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
                return try report(error, of: root, streams: streams)
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
    private static func report<Command: ParsableCommand>(
        _ error: any Error, of root: Command.Type, streams: StandardStreams
    )
        throws(OutputError) -> Int32
    {
        if let error = error as? OutputError { throw error }
        let status = root.exitCode(for: error)
        let message = root.fullMessage(for: error, columns: streams.columns)
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
