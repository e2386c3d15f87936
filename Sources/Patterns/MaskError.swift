/// A mask that cannot be compiled.
public struct MaskError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Hashable, Sendable {
        case empty, noInputPositions, trailingEscape, tooLong
        case regex(String)
        /// `[` without `]`, `]` without `[`, `[` inside `[…]` or `{…}`, `[]`.
        case unclosedBlock, strayBlockEnd, nestedBlock, emptyBlock
        /// `{` without `}`, `}` without `{`, `{` inside `{…}`, `{}`.
        case unclosedKept, strayKeptEnd, nestedKept, emptyKept
        /// `…` not right after an input position at the end of the mask.
        case openTail
        /// A character class: no characters, or a range whose end comes before its start.
        case emptyClass, badRange
        /// A character class named by a character the notation already uses.
        case reservedClassName(Character)
        /// No alternatives given.
        case noAlternatives
    }

    let reason: Reason
    /// The mask as written.
    public let mask: String
    /// Where the problem is, in Unicode scalars from 0.
    public let offset: Int

    /// What is wrong, for people.
    public var message: String {
        switch reason {
        case .empty: "mask is empty"
        case .noInputPositions: "mask has no input positions (use 0 9 A a * for what the user types)"
        case .trailingEscape: "mask ends with '\\' that escapes nothing"
        case .tooLong: "mask is longer than \(Mask.maxLength) positions and fixed characters"
        case .regex(let message): "mask does not compile to a regex: \(message)"
        case .unclosedBlock: "optional block '[' is not closed with ']'"
        case .strayBlockEnd: "']' closes no optional block (write '\\]' for the character itself)"
        case .nestedBlock: "optional blocks '[…]' cannot nest or sit inside '{…}'"
        case .emptyBlock: "optional block '[]' is empty"
        case .unclosedKept: "kept fixed characters '{' are not closed with '}'"
        case .strayKeptEnd: "'}' closes no '{' (write '\\}' for the character itself)"
        case .nestedKept: "'{…}' cannot nest"
        case .emptyKept: "'{}' keeps no characters"
        case .openTail: "'…' (an open tail) must come right after the mask's last input position, at its end, outside '[…]'"
        case .emptyClass: "character class has no characters"
        case .badRange: "character class range ends before it starts"
        case .reservedClassName(let name): "'\(name)' cannot name a character class: the mask notation uses it (0 9 A a * \\ [ ] { } …)"
        case .noAlternatives: "mask has no alternatives"
        }
    }

    /// The message with the mask, shortened to its first 60 characters when longer.
    public var description: String {
        let shown = mask.unicodeScalars.count > 60 ? String(mask.unicodeScalars.prefix(60)) + "…" : mask
        return "mask '\(shown)': \(message)"
    }
}
