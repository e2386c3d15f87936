/// The type of a field, as written in `type:`.
public enum FieldType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case text
    case number
    case integer
    case date
    case bool
    case choice
    case multiChoice = "multi_choice"
    /// Attached files (documents, photos): the value is each file's name, size and media type
    /// (``FileInfo``), not its bytes.
    case file
    /// Member fields under one name (`group.member`); holds no value of its own.
    case group
    /// Repeating items of the same fields.
    case list
    /// A list of values of one type (its `item_type`): photo file names, phone numbers, tags.
    case values

    /// Whether fields of this type hold a value themselves (groups and lists do not).
    public var holdsValue: Bool { self != .group && self != .list }

    public var description: String { rawValue }
}
