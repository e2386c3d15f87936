/// What a field's text box holds while the user types into it (``Form/type(_:text:caret:)``):
/// the text as the field formats it, where the caret goes, and how far the text gets.
///
/// ```swift
/// try form.type("phone", text: "916", caret: 3)
/// form.input("phone")    // FieldInput(text: "+7 (916", caret: 7, state: .partial)
/// ```
public struct FieldInput: Hashable, Sendable {
    /// How far typed text gets. (The cases of `MaskResult.State`, which it mostly comes from;
    /// its own type so that a screen compares states without importing Patterns.)
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// The text is a whole value of the field's type (a complete masked value, a number, a
        /// real day in the field's format).
        case complete
        /// A beginning that more typing may complete (`+7 (916) 12`, `12.05.`, `-`): not an
        /// error while the field is being edited.
        case partial
        /// The text cannot become a value (`12a` in a number field), or the last character typed
        /// was refused by the mask (the text then holds what it took).
        case invalid
    }

    /// The text to show, formatted by the field's mask (or the date format's).
    public let text: String
    /// Where the caret goes in ``text``, in UTF-16 code units (as UIKit and browsers count).
    public let caret: Int
    public let state: State

    public init(text: String, caret: Int, state: State) {
        self.text = text
        self.caret = caret
        self.state = state
    }
}

/// A slot's typed input and what reading it gave, kept by the form apart from the slots' states
/// (``Form/typedInputs``), so that the slots nobody types into cost nothing.
final class TypedInput: Hashable, Sendable {
    let input: FieldInput
    /// Why the text is not a value (a `type` failure), when it is not.
    let failure: Failure?
    /// Whether more typing may still make the text a value: its `type` issue is then held back
    /// while the field is being edited, as a partial mask is.
    let isFixable: Bool

    init(_ input: FieldInput, failure: Failure?, isFixable: Bool) {
        self.input = input
        self.failure = failure
        self.isFixable = isFixable
    }

    static func == (lhs: TypedInput, rhs: TypedInput) -> Bool {
        lhs === rhs || (lhs.input == rhs.input && lhs.failure == rhs.failure && lhs.isFixable == rhs.isFixable)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(input)
    }
}
