import ArgumentParser
import RuleCheckCommands

/// `rulecheck-lite`: `rulecheck` without its HTTP server, so without SwiftNIO and Hummingbird to
/// build. Every other command is the same code, with the same output.
@main
struct RuleCheckLiteCommand: ParsableCommand {
    static let configuration = RootCommand.configuration(commandName: "rulecheck-lite", serverCommands: [Preview.self, Serve.self])

    static func main() {
        RootCommand.main(Self.self)
    }
}
