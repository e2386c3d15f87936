/// A mask that cannot be compiled.
public struct MaskError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Hashable, Sendable {
        case empty, noInputPositions, trailingEscape
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
        case .regex(let message): "mask does not compile to a regex: \(message)"
        }
    }

    public var description: String { "mask '\(mask)': \(message)" }
}
