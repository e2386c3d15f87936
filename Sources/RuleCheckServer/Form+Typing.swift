import Patterns
import RuleCheck

/// What an input shows after the user typed into it: the text as the field's mask formats it,
/// the caret, and how far the text got.
struct TypedText: Hashable, Sendable {
    let path: String
    let text: String
    /// In UTF-16 code units, as browsers count.
    let caret: Int
    /// `complete`, `partial` or `invalid` through a mask; `text` for a text field without one;
    /// for other types `complete` (read), `empty` or `invalid` (not a number, not a date …).
    let state: String
    /// Why the text could not be read, for `invalid` values of other types.
    let message: String?

    var json: JSONValue {
        .object(["path": .string(path), "text": .string(text), "caret": .number(Double(caret)),
                 "state": .string(state), "message": message.map { .string($0) } ?? .null])
    }
}

extension Form {
    /// Types text into a field as the user does, keystroke by keystroke.
    ///
    /// * A text field with a mask (its own, or a check's whose `when` holds) stores the text as the
    ///   mask formats it — fixed characters written, characters that fit no position dropped — and
    ///   the caret moves with what was typed before it. A partial value is stored as it is: its
    ///   `mask` issue is held back while the field has the focus.
    /// * A text field without a mask stores the text.
    /// * A number, integer, date or bool field reads the text as a batch check reads a cell (a
    ///   date in the field's format); text that cannot be read (yet) empties the field and is
    ///   reported `invalid`, so the values never hold what the rules cannot read.
    ///
    /// - Throws: ``FormError`` as ``set(_:to:)`` does, and for choices, groups and lists (they
    ///   are chosen or edited, not typed into).
    mutating func type(_ path: String, text: String, caret: Int?) throws(FormError) -> (ChangeSet, TypedText) {
        guard let field = rules.field(FormDescription.Derived.template(path)) else {
            // Let the form word the error (did you mean …?).
            return (try clear(path), TypedText(path: path, text: text, caret: 0, state: "invalid", message: nil))
        }
        let caret = min(caret ?? text.utf16.count, text.utf16.count)
        switch field.type {
        case .text:
            guard let mask = inputHints(path).mask else {
                return (try set(path, to: .text(text)), TypedText(path: path, text: text, caret: caret, state: "text", message: nil))
            }
            let (formatted, newCaret) = Self.type(text, caret: caret, through: mask)
            let changes = try set(path, to: formatted.text.isEmpty ? nil : .text(formatted.text))
            return (changes, TypedText(path: path, text: formatted.text, caret: newCaret, state: formatted.state.rawValue,
                                       message: nil))
        case .number, .integer, .date, .bool:
            if text.allSatisfy(\.isWhitespace) {
                return (try set(path, to: nil), TypedText(path: path, text: text, caret: caret, state: "empty", message: nil))
            }
            do {
                let changes = try set(path, text: text)
                return (changes, TypedText(path: path, text: text, caret: caret, state: "complete", message: nil))
            } catch where error.code == .typeMismatch {
                let changes = try set(path, to: nil)
                return (changes, TypedText(path: path, text: text, caret: caret, state: "invalid", message: error.message))
            }
        case .choice, .multiChoice, .group, .list, .values, .file:
            throw FormError(.typeMismatch, "'\(path)' is a \(field.type): it is chosen or edited, not typed into")
        }
    }

    /// The most a keystroke's text is looked at: longer text (a paste) is cut.
    static let maxTypedScalars = 512

    /// Text typed through a mask as input-mask libraries do: a character no position takes is
    /// dropped and the rest kept (`45x09` gives `4509`), and the caret stays after what was typed
    /// before it.
    ///
    /// - Parameter caret: in UTF-16 code units of `text`; the result's too.
    static func type(_ text: String, caret: Int, through mask: Mask) -> (MaskResult, caret: Int) {
        let scalars = Array(text.unicodeScalars.prefix(maxTypedScalars))
        // The caret as a count of scalars.
        var units = 0
        let caretScalars = scalars.prefix { scalar in
            units += UTF16.width(scalar)
            return units <= caret
        }.count
        var kept = String.UnicodeScalarView()
        var keptBeforeCaret = 0
        for (index, scalar) in scalars.enumerated() {
            var trial = kept
            trial.append(scalar)
            guard mask.format(String(trial)).state != .invalid else { continue }
            kept = trial
            if index < caretScalars { keptBeforeCaret += 1 }
        }
        let formatted = mask.format(String(kept))
        let before = mask.format(String(String.UnicodeScalarView(kept.prefix(keptBeforeCaret)))).text
        return (formatted, formatted.text.hasPrefix(before) ? before.utf16.count : formatted.text.utf16.count)
    }
}
