/// What happens to a field's value when the field becomes hidden (`defaults.hidden_values`).
public enum HiddenValues: String, Hashable, Sendable, CaseIterable {
    /// The value is cleared: a hidden field never holds a value. The default.
    case clear
    /// The value is kept (and still read by expressions), but not validated.
    case keep
}
