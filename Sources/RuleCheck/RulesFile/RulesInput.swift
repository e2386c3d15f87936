/// A file that rules were read from — the rules file, a block it includes, a UI schema — and a
/// digest of what it held, so that a server watching it can tell a change of its text from a
/// touch.
package struct RulesInput: Hashable, Sendable {
    /// The path it was read by (for an included file, its real path).
    package let path: String
    /// The SHA-256 of its bytes (hex); nil when it could not be read.
    package let digest: String?

    package init(path: String, digest: String?) {
        self.path = path
        self.digest = digest
    }
}
