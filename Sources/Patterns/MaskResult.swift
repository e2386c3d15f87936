/// What ``Mask/format(_:)`` makes of typed input.
public struct MaskResult: Sendable, Hashable {
    /// How far the input gets through the mask.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Every required position is filled.
        case complete
        /// A valid prefix (or nothing yet): more input may complete it.
        case partial
        /// A character fits no position; ``MaskResult/text`` holds what was formatted before it.
        case invalid
    }

    /// The formatted text to show, e.g. `+7 (916) 123`.
    public let text: String
    /// The characters the user typed into input positions, e.g. `916123`.
    public let raw: String
    /// Whether the value is complete.
    public let state: State
}
