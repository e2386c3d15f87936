/// An edit a form cannot apply. The form is left unchanged.
///
/// ```swift
/// do {
///     try form.set("driver_count", to: 3)
/// } catch let error {
///     error.code == .computedField   // true
/// }
/// ```
public struct FormError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// No field has that path.
        public static let unknownField = Code("unknown_field")
        /// The field's value is computed by its `value:` expression.
        public static let computedField = Code("computed_field")
        /// The field is disabled (`enabled_if` does not hold).
        public static let disabledField = Code("disabled_field")
        /// The field is hidden and `hidden_values: clear` would discard the value.
        public static let hiddenField = Code("hidden_field")
        /// The value is not of the field's type.
        public static let typeMismatch = Code("type_mismatch")
        /// The value is not among the options on offer.
        public static let notAnOption = Code("not_an_option")
        /// The path names a group or a list, which have no value of their own, or a list edit
        /// names a field that is not a list.
        public static let notAValueField = Code("not_a_value_field")
        /// An item index is out of range.
        public static let indexOutOfRange = Code("index_out_of_range")
        /// A snapshot does not fit these rules.
        public static let snapshotMismatch = Code("snapshot_mismatch")
        /// No section has that id.
        public static let unknownSection = Code("unknown_section")
        /// No page has that id, or the form has no pages.
        public static let unknownPage = Code("unknown_page")
        /// Typed text longer than ``Form/maxTypedScalars`` (or the field's mask) in one keystroke.
        public static let textTooLong = Code("text_too_long")

        public var description: String { name }

        /// Lets `catch FormError.Code.computedField` match by code.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? FormError)?.code == code
        }
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
