import Patterns

/// One compiled entry of a field's `checks:`.
struct CheckRule: Sendable {
    enum Kind: Sendable {
        case pattern(Pattern)
        case mask(Mask)
        case min(Expr)
        case max(Expr)
        case minLength(Int)
        case maxLength(Int)
        /// A condition that must hold.
        case expr(Expr)
    }

    /// The check applies only while this holds.
    let when: Expr?
    let whenText: String?
    let kind: Kind
    /// The rule as written (for explanations): `pattern: …`, `expr: …`.
    let text: String
    let message: LocalizedText?
    let location: FileLocation
}
