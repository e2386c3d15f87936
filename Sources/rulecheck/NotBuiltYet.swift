import ArgumentParser

/// Ends a subcommand that is listed but not built yet: one line on standard error, exit 2.
func notBuiltYet(_ name: String) throws -> Never {
    var stderr = StandardError()
    print("rulecheck \(name): not built yet in this version", to: &stderr)
    throw ExitCode(2)
}
