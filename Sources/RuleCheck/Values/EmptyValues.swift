/// Whether an empty text or an empty list that a record or an edit gives is a value
/// (`defaults.empty_values`).
///
/// A form reads an emptied text box as no value, and so do rules files by default: `""` and
/// `[]` are an empty field, which only `required` judges. JSON Schema reads them as values —
/// present, so `required` holds, and judged by `minLength`, `minItems`, `pattern` and the
/// rest — and an imported schema says `present`, so that it gives the server's answer.
public enum EmptyValues: String, Hashable, Sendable, CaseIterable {
    /// An empty text or list is no value, as if it were not given. The default.
    case absent
    /// An empty text or list given as a value (a JSON record's `""` or `[]`, a CSV cell `[]`,
    /// `Form.set(_:to:)` with `""` or `[]`) is a value: present but empty. Text typed into a
    /// form or a CSV cell that is empty is still no value.
    case present
}
