/// The JSON types a `json` field admits (`json_types: [string, number]`), or each value of a
/// `values` field of `json` items, by JSON Schema's names: `string`, `number`, `integer` (a
/// number with no fraction: `1.0` is one), `boolean`, `array`, `object`, `null` (a field's null
/// is no value; an element of a list may be null).
///
/// ```swift
/// let types: JSONTypes = [.string, .integer]
/// types.admits(.number(1))       // true
/// types.admits(.number(1.5))     // false
/// types.names                    // ["string", "integer"]
/// ```
public struct JSONTypes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let string = JSONTypes(rawValue: 1 << 0)
    public static let number = JSONTypes(rawValue: 1 << 1)
    public static let integer = JSONTypes(rawValue: 1 << 2)
    public static let boolean = JSONTypes(rawValue: 1 << 3)
    public static let array = JSONTypes(rawValue: 1 << 4)
    public static let object = JSONTypes(rawValue: 1 << 5)
    public static let null = JSONTypes(rawValue: 1 << 6)
    /// Every JSON type but null (which is no value of a field).
    public static let all: JSONTypes = [.string, .number, .boolean, .array, .object]

    /// Each type with its name, in JSON Schema's order.
    static let named: [(name: String, type: JSONTypes)] = [
        ("string", .string), ("number", .number), ("integer", .integer), ("boolean", .boolean), ("array", .array),
        ("object", .object), ("null", .null),
    ]

    /// The type of this name; nil for a name that is not one.
    public init?(name: String) {
        guard let type = Self.named.first(where: { $0.name == name })?.type else { return nil }
        self = type
    }

    /// The names of the types, in JSON Schema's order (`integer` is left out beside `number`,
    /// which holds it).
    public var names: [String] {
        Self.named.filter { contains($0.type) && !($0.type == .integer && contains(.number)) }.map(\.name)
    }

    /// Whether a value (of a `json` field) is of one of these types.
    public func admits(_ value: Value) -> Bool {
        switch value {
        case .text: contains(.string)
        case .number, .decimal: contains(.number) || (contains(.integer) && value.isWholeNumber)
        case .bool: contains(.boolean)
        case .structured(.array), .list: contains(.array)
        case .structured(.object): contains(.object)
        case .structured(.string): contains(.string)
        case .structured(.number(let number)): contains(.number) || (contains(.integer) && number == number.rounded())
        case .structured(.decimal(let number)): contains(.number) || (contains(.integer) && number.isWhole)
        case .structured(.bool): contains(.boolean)
        case .structured(.null): contains(.null)
        case .date: false
        }
    }
}
