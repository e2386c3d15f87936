import ArgumentParser
import RuleCheckCommands

/// `rulecheck`: every command, the HTTP server's `serve` and `preview` among them.
@main
struct RuleCheckCommand: ParsableCommand {
    static let configuration = RootCommand.configuration(commandName: "rulecheck", serverCommands: [Preview.self, Serve.self])

    static func main() {
        RootCommand.main(Self.self)
    }

    /// Runs `rulecheck arguments` writing to `streams`, and returns its exit status: what
    /// ``main()`` does in a process of its own, and what the tests run in theirs.
    ///
    /// ```swift
    /// let status = RuleCheckCommand.run(["mask", "0000", "12"], streams: .process)   // prints "12\t12\tpartial"; 0
    /// ```
    static func run(_ arguments: [String], streams: StandardStreams) -> Int32 {
        RootCommand.run(Self.self, arguments, streams: streams)
    }
}
