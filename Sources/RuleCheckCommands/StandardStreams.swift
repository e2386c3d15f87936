/// Where a run of `rulecheck` writes: the process's standard output and standard error, or, when
/// another program runs a command in its own process (the tests do, through
/// ``RuleCheckCommand/run(_:streams:)``), the descriptors that program gives.
///
/// ```swift
/// let status = RuleCheckCommand.run(["lint", "Rules/osago.yaml"], streams: StandardStreams(output: out, error: err))
/// ```
///
/// Standard input is the process's own either way: a command reading `-` reads descriptor 0.
package struct StandardStreams: Sendable {
    /// Reports, drafts, and whatever else a command prints as its answer.
    package var output: Int32
    /// Errors, warnings and the progress bar.
    package var error: Int32
    /// The width help text is wrapped to; nil for ArgumentParser's choice (`COLUMNS`, the
    /// terminal's width, else 80).
    package var columns: Int?

    package init(output: Int32, error: Int32, columns: Int? = nil) {
        self.output = output
        self.error = error
        self.columns = columns
    }

    /// The process's standard output and standard error (descriptors 1 and 2).
    package static let process = StandardStreams(output: 1, error: 2)
}
