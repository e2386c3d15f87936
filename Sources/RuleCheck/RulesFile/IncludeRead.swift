/// What reading one included file gave (see ``IncludeExpander/Loader``).
enum IncludeRead: Sendable {
    /// Its bytes, and the real path they were read from (nil for text given in memory).
    case bytes([UInt8], file: String?)
    /// It could not be read: the system's words (`No such file or directory`) or the loader's.
    case unreadable(String)
    /// It is not under the rules file's directory or an include root: not read, not quoted.
    case outside
    /// It is longer than what is left of the cap: not read.
    case tooLong
}
