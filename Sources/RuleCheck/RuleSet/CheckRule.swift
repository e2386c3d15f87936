import Patterns

/// One compiled entry of a field's `checks:`.
///
/// A class, so that going through a field's checks for every record retains one reference per
/// check rather than each of its parts.
final class CheckRule: Sendable {
    enum Kind: Sendable {
        case pattern(Pattern)
        case mask(Mask)
        case min(WrittenExpression)
        case max(WrittenExpression)
        case minLength(Int)
        case maxLength(Int)
        /// A condition that must hold.
        case expr(WrittenExpression)
    }

    /// The check applies only while this holds.
    let when: WrittenExpression?
    let kind: Kind
    /// The rule as written (for explanations): `pattern: …`, `expr: …`.
    let text: String
    let message: LocalizedText?
    let location: FileLocation

    init(when: WrittenExpression?, kind: Kind, text: String, message: LocalizedText?, location: FileLocation) {
        self.when = when
        self.kind = kind
        self.text = text
        self.message = message
        self.location = location
    }

    /// The rule as written, with its `when`: `expr: a < b when kind == 'x'`.
    var rule: String { when.map { text + " when " + $0.text } ?? text }
}
