import Patterns

/// One compiled entry of a field's `checks:`.
///
/// A class, so that going through a field's checks for every record retains one reference per
/// check rather than each of its parts.
final class CheckRule: Sendable {
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

    init(when: Expr?, whenText: String?, kind: Kind, text: String, message: LocalizedText?, location: FileLocation) {
        self.when = when
        self.whenText = whenText
        self.kind = kind
        self.text = text
        self.message = message
        self.location = location
    }
}
