// A rulecheck built with the package trait `CLI` alone (what `make demo` builds) has no server:
// `serve` and `preview` are still listed, and say how to get them instead of "unknown command".
#if !Server
import ArgumentParser

/// The error both stand-ins throw: status 2, like every error about the command line.
private func serverMissing(_ command: String) -> ValidationError {
    ValidationError(
        "'rulecheck \(command)' is not in this build: it was built with the package trait 'CLI' alone (as 'make demo' does). Build the whole command with 'swift build --product rulecheck' (the default traits) and run it again."
    )
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the rules as a JSON API (not in this build: it lacks the package trait 'Server').")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func validate() throws { throw serverMissing("serve") }
}

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "See a rules file behave in a browser (not in this build: it lacks the package trait 'Server').")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func validate() throws { throw serverMissing("preview") }
}
#endif
