package import Patterns

/// One compiled rule a field's value is held to: one of the field's own value keys
/// (`min_length: 3`, `pattern: …`, `min: 18`) or one entry of its `checks:`.
///
/// Both are compiled into this one model, so that each rule kind has one path from the rules
/// file to its message: the evaluator runs a field's ``FieldRules/keyRules`` and then its
/// ``FieldRules/checks`` through the same code (Validation/Rules/, a file per kind), and
/// ``MessageBuilder`` describes either the same way.
///
/// A class, so that going through a field's rules for every record retains one reference per
/// rule rather than each of its parts.
package final class CheckRule: Sendable {
    package enum Kind: Sendable {
        case pattern(Pattern)
        case mask(Mask)
        case min(WrittenExpression)
        case max(WrittenExpression)
        case minLength(Int)
        case maxLength(Int)
        /// A condition that must hold (`checks:` only).
        case expr(WrittenExpression)
    }

    /// Where the rule is written.
    package enum Source: Sendable, Equatable {
        /// A key of the field itself (`min_length: 3`): it has no `when` and no message of its own.
        case key
        /// The entry of the field's `checks:` with this index.
        case check(Int)
    }

    /// The check applies only while this holds (always nil for a field's own key).
    package let when: WrittenExpression?
    package let kind: Kind
    package let source: Source
    /// The rule as written (for failures and explanations): `pattern: …`, `expr: …`.
    package let text: String
    package let message: LocalizedText?
    package let location: FileLocation

    init(
        when: WrittenExpression?, kind: Kind, source: Source, text: String, message: LocalizedText?,
        location: FileLocation
    ) {
        self.when = when
        self.kind = kind
        self.source = source
        self.text = text
        self.message = message
        self.location = location
    }

    /// The rule as written, with its `when`: `expr: a < b when kind == 'x'`.
    package var rule: String { when.map { text + " when " + $0.text } ?? text }

    /// The index of the `checks:` entry, nil for a field's own key (what ``Failure`` carries).
    package var check: Int? {
        if case .check(let index) = source { return index }
        return nil
    }

    /// The bound of a `min` rule.
    var minBound: WrittenExpression? {
        if case .min(let bound) = kind { return bound }
        return nil
    }

    /// The bound of a `max` rule.
    var maxBound: WrittenExpression? {
        if case .max(let bound) = kind { return bound }
        return nil
    }
}
