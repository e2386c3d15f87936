/// The static type of an expression.
indirect enum ExprType: Hashable, Sendable, CustomStringConvertible {
    case text, number, date, bool
    /// A duration literal (`18y`); only dates can be moved by one.
    case duration
    /// Several values: a `multi_choice` field or a list literal.
    case list(ExprType)
    /// The items of a repeating `list` field: usable in `count()` and `empty()`.
    case items
    /// The literal `null`, which fits every type.
    case null
    /// Any JSON value: a `json` field's, or `json('…')`. It compares with values of every type
    /// (true only when the JSON value is that value), and orders, counts and matches as the value
    /// it holds at run time does (a string as text, a number as a number, an array as a list).
    case json

    var description: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .date: "date"
        case .bool: "bool"
        case .duration: "duration"
        case .list(let element): "list of \(element)"
        case .items: "list items"
        case .null: "null"
        case .json: "JSON value"
        }
    }

    /// The type as a phrase in messages: "text", "a number", "a list of text", "list items".
    var phrase: String {
        switch self {
        case .text: "text"
        case .number, .date, .bool, .duration: "a \(description)"
        case .list(let element): "a list of \(element)"
        case .items: "the items of a list"
        case .null: "null"
        case .json: "a JSON value"
        }
    }

    /// Whether values of the two types can be compared with `==`.
    func isComparable(with other: ExprType) -> Bool {
        self == .null || other == .null || self == other || (self == .json && other.isValue) || (other == .json && isValue)
    }

    /// Whether this is the type of a value (not list items or a duration).
    var isValue: Bool { self != .items && self != .duration }
}
