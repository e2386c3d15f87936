/// What ``Mask/format(_:caret:)`` makes of typed input.
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
    /// The extracted value: the characters typed into input positions (digits as 0–9), with the
    /// fixed characters written in `{…}`, e.g. `916123`.
    public let raw: String
    /// Whether the value is complete.
    public let state: State
    /// Where the caret goes in ``text``, in Unicode scalars from 0.
    public let caret: Int
    /// The alternative that was applied (an index into ``Mask/alternatives``).
    public let alternative: Int
    /// How many typed characters were refused and left out (with `droppingRefused`; otherwise
    /// the first refused one makes the result ``State/invalid``).
    public let dropped: Int

    init(_ scan: MaskLayout.Scan, alternative: Int) {
        text = string(scan.text)
        raw = string(scan.raw)
        state = scan.state
        caret = scan.caret
        self.alternative = alternative
        dropped = scan.dropped
    }
}

private func string(_ scalars: [Unicode.Scalar]) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
}
