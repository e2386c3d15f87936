/// One option of a `choice` or `multi_choice` field.
public struct ChoiceOption: Hashable, Sendable {
    /// The value stored when the option is chosen.
    public let value: Value
    /// The label for people (the value as text when no title is written).
    public let title: String
    /// Extra attributes, readable in `options_filter` as `option.name`.
    public let attributes: [String: Value]

    /// An option; without a title, its value as text is the title.
    public init(value: Value, title: String? = nil, attributes: [String: Value] = [:]) {
        self.value = value
        self.title = title ?? value.description
        self.attributes = attributes
    }
}
