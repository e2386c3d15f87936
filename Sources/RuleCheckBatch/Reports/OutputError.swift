/// Output that could not be written: a full disk, a closed pipe, a temporary directory that is
/// not there. A report that meets one stops at once; `rulecheck` prints ``message`` on standard
/// error and exits with status 3.
///
/// ```swift
/// do {
///     try sink.flush()
/// } catch {
///     print(error.message)   // cannot write to standard output: No space left on device
/// }
/// ```
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What could not be written, and why, in one line.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
