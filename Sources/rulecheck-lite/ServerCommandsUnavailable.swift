import ArgumentParser

// rulecheck-lite has no HTTP server: `serve` and `preview` are still listed, and say how to get
// them instead of "unknown command".

/// The error both stand-ins throw: status 2, like every error about the command line.
private func serverMissing(_ command: String) -> ValidationError {
    ValidationError(
        "'\(command)' is not in rulecheck-lite, the command without its HTTP server (what 'make demo' builds). Build the whole command with 'make build' (swift build --traits Server --product rulecheck) and run 'rulecheck \(command)'."
    )
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the rules as a JSON API (not in rulecheck-lite: run 'rulecheck serve').")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func validate() throws { throw serverMissing("serve") }
}

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "See a rules file behave in a browser (not in rulecheck-lite: run 'rulecheck preview').")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func validate() throws { throw serverMissing("preview") }
}
