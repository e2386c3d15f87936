package import ArgumentParser

/// A subcommand of `rulecheck`: it writes its answer and its errors to the ``StandardStreams``
/// it is given, so that ``RuleCheckCommand/run(_:streams:)`` can run it in another program's
/// process as well as in its own.
package protocol RuleCheckSubcommand: ParsableCommand {
    func run(streams: StandardStreams) throws
}

extension RuleCheckSubcommand {
    package func run() throws {
        try run(streams: .process)
    }
}
