public import Patterns

/// What a screen needs to build a field's cell, beyond its state: the keyboard, the placeholder,
/// the help text, the mask and pattern, the lengths and bounds (evaluated now), the date format,
/// the options on offer with their titles, a file field's size and media types, and the rules
/// file's free-form `ui:` hints.
///
/// ```swift
/// let phone = form.metadata("phone")
/// phone.keyboard       // .phone
/// phone.placeholder    // "+7 (___) ___-__-__"
/// let birth = form.metadata("birth_date")
/// birth.max            // .date(2008-11-22): `today - 18y`, evaluated
/// ```
public struct FieldMetadata: Hashable, Sendable {
    /// The keyboard a text field should bring up.
    public enum Keyboard: String, Hashable, Sendable, CaseIterable {
        /// Letters and everything else.
        case text
        /// Digits only (integers, digit masks, fixed-width dates).
        case number
        /// Digits and a decimal point.
        case decimal
        /// A phone pad (a mask of digits that starts with `+`, or `ui: {keyboard: phone}`).
        case phone
        case email
        case url
        /// Not typed into: a switch, a picker, a group or a list.
        case notTyped
    }

    public let path: String
    public let title: String
    public let type: FieldType
    public let keyboard: Keyboard
    /// The `ui: {placeholder: …}` hint in the form's locale; otherwise the mask's
    /// (`+7 (___) ___-__-__`) or the date format (`dd.MM.yyyy`).
    public let placeholder: String?
    /// The `ui: {help: …}` hint in the form's locale.
    public let help: String?
    /// The mask that applies now: the field's own, or that of the first of its `checks:` whose
    /// `when` holds (a passport number's while `doc_type` is passport). ``Form/type(_:text:caret:)``
    /// types through it.
    public let mask: Mask?
    /// The `pattern:` regex as written.
    public let pattern: String?
    public let minLength: Int?
    public let maxLength: Int?
    /// The `min:` and `max:` bounds as they evaluate now (`today - 18y` is a date); `nil` when
    /// the field has none or it evaluates to null.
    public let min: Value?
    public let max: Value?
    /// ``min`` and ``max`` in words in the form's locale, as a hint under the input shows them:
    /// `from 20 to 1000`, `at least 0`, `از ۲۰ تا ۱۰۰۰` under `fa`, a date field's bounds in its
    /// format and calendar (`از ۱۴۰۵/۰۹/۰۱ تا ۱۴۰۶/۰۹/۰۱`); `nil` without a bound.
    public let bounds: String?
    /// A date field's format, such as `dd.MM.yyyy`.
    public let dateFormat: DateFormat?
    /// A date field's calendar, which its text is typed and shown in (`persian`).
    public let calendar: DateCalendar?
    /// The options on offer now (after `options_filter`, or as a server set them), with titles.
    public let options: [ChoiceOption]
    /// The fewest and most items of a list, values of a multi_choice, or files of a file field.
    public let minItems: Int?
    public let maxItems: Int?
    /// A file field's largest file, in bytes (`max_size`).
    public let maxSize: Int?
    /// A file field's allowed media types (`image/jpeg`, `image/*`); empty: any. A file picker's
    /// `accept`.
    public let mediaTypes: [String]
    /// Free-form hints from the rules file's `ui:` (`widget`, `keyboard`, `placeholder`, `help` …).
    public let ui: JSONObject
    /// Whether the value is computed (show it read-only).
    public let isComputed: Bool
}
