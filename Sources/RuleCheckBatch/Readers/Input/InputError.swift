/// An input file that cannot be opened or read at all (the CLI exits with status 3).
///
/// ```swift
/// do {
///     let reader = try RecordReader(path: "missing.csv", format: .csv)
/// } catch let error as InputError {
///     print(error)   // cannot open 'missing.csv': No such file or directory
/// }
/// ```
///
/// Problems inside a readable file are not errors: they come back as malformed records.
/// New codes may be added; match with `~=`: `catch InputError.Code.cannotOpen { … }`.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public let code: Code
    /// The path as given (`-` for standard input).
    public let path: String
    /// What went wrong: the system's text for the error (`No such file or directory`), or what is
    /// wrong with the header.
    public let message: String
    /// For ``Code-swift.struct/unreadableHeader``: the line of the header.
    public let line: Int?

    public init(code: Code, path: String, message: String, line: Int? = nil) {
        self.code = code
        self.path = path
        self.message = message
        self.line = line
    }

    /// `cannot open 'a.csv': No such file or directory`, `cannot read 'a.csv': Is a directory`,
    /// `cannot read 'a.csv.gz': the gzip stream is cut short: …`,
    /// `a.csv:1: cannot read the header: unterminated quote`.
    public var description: String {
        switch code {
        case .cannotOpen: "cannot open '\(path)': \(message)"
        case .cannotRead, .corruptStream, .unsupportedCompression: "cannot read '\(path)': \(message)"
        default: "\(path):\(line ?? 1): cannot read the header: \(message)"
        }
    }
}
