/// Something a JSON Schema says that the imported rules do not say exactly: a keyword that was
/// approximated, one that is not supported (and so not checked), or an annotation with no place
/// in a rules file. Each names the schema keyword by its JSON pointer.
///
/// ```text
/// schema.json:12:9: /properties/tags/uniqueItems: not supported: uniqueItems on an array of objects is not checked
/// ```
public struct ImportFinding: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The rules check something close to, but not exactly, what the schema says.
        case approximated
        /// The keyword is not checked at all.
        case unsupported
        /// An annotation (`description`, `examples`, …) that has no place in a rules file.
        case ignored
    }

    public var kind: Kind
    /// The keyword's JSON pointer in the schema, such as `/properties/age/minimum`.
    public var pointer: String
    public var message: String
    /// Where the keyword is written in the schema text.
    public var location: FileLocation

    public init(_ kind: Kind, _ message: String, pointer: String, location: FileLocation) {
        self.kind = kind
        self.message = message
        self.pointer = pointer
        self.location = location
    }

    /// `file:line:column: pointer: kind: message`.
    public var description: String {
        "\(location): \(pointer.isEmpty ? "/" : pointer): \(kind == .unsupported ? "not supported" : kind.rawValue): \(message)"
    }
}
