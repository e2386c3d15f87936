/// A mask that cannot be compiled.
public struct MaskError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Hashable, Sendable {
        case empty, noInputPositions, trailingEscape, tooLong
        case regex(String)
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
        }
    }

    /// The message with the mask, shortened to its first 60 characters when longer.
    public var description: String {
        let shown = mask.unicodeScalars.count > 60 ? String(mask.unicodeScalars.prefix(60)) + "…" : mask
        return "mask '\(shown)': \(message)"
    }
}
