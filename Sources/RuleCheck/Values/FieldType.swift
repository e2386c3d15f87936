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
    /// Any JSON value (a string, a number, a boolean, an array, an object), as a JSON Schema
    /// property of several types or of none holds; its `json_types` may narrow them. Strings,
    /// numbers and booleans are ``Value/text(_:)``, ``Value/number(_:)`` and ``Value/bool(_:)``,
    /// arrays and objects ``Value/structured(_:)``; the value rules apply to the values of their
    /// type (`min_length` to a string, `min` to a number, `min_items` to an array).
    case json

    /// Whether fields of this type hold a value themselves (groups and lists do not).
    public var holdsValue: Bool { self != .group && self != .list }

    public var description: String { rawValue }
}
