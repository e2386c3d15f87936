/// One option of a `choice` or `multi_choice` field.
public struct ChoiceOption: Hashable, Sendable {
    /// The value stored when the option is chosen.
    public let value: Value
    /// The label for people (the value as text when no title is written).
    public let title: String
    /// Extra attributes, readable in `options_filter` as `option.name`.
    public let attributes: [String: Value]
}
