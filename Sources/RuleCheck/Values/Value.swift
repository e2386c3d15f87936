/// The value of a field: what a form holds and what a record's cell is read into.
///
/// ```swift
/// try form.set("engine_power", to: 150)          // .number(150)
/// try form.set("doc_type", to: "passport")       // .text("passport")
/// try form.set("birth_date", to: .date(Day(iso: "1990-05-01")!))
/// ```
///
/// An empty value is `nil` (`Value?`): empty text and an empty list are normalised to `nil`.
/// `integer` fields hold numbers that are whole.
///
/// A number is `.number` when a `Double` holds it as written (it means the shortest decimal that
/// reads back as that `Double`: `.number(0.1)` is 0.1), and `.decimal` only when no `Double`
/// does, with every digit as written (`9007199254740993`, `0.10000000000000001`): see
/// ``init(exactly:)``. So each number has one value, and two values of one number are equal.
public enum Value: Hashable, Sendable {
    case text(String)
    case number(Double)
    /// A number whose digits no `Double` holds (more than 15 significant digits that do not
    /// read back as they are), kept exactly.
    case decimal(ExactDecimal)
    case bool(Bool)
    case date(Day)
    /// The values of a `multi_choice` field.
    case list([Value])
    /// A JSON array or object: the value of a `json` field (or an element of a `values` field
    /// of `json` items) that is not a string, a number or a boolean. Arrays and objects are
    /// compared as JSON: `1.0` equals `1`, objects' keys in any order.
    case structured(JSONValue)

    /// The text, if this is `.text`.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The number, if this is a number: a `.decimal` as the `Double` nearest it.
    public var number: Double? {
        switch self {
        case .number(let number): number
        case .decimal(let decimal): decimal.double
        default: nil
        }
    }

    /// The date, if this is `.date`.
    public var date: Day? {
        if case .date(let day) = self { return day }
        return nil
    }

    /// The flag, if this is `.bool`.
    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// Whether the value is an empty text, list, JSON array or JSON object (which
    /// `empty_values: present` keeps as values).
    var isEmptyContent: Bool {
        switch self {
        case .text(let text): text.isEmpty
        case .list(let items): items.isEmpty
        case .structured(.array(let items)): items.isEmpty
        case .structured(.object(let members)): members.isEmpty
        default: false
        }
    }

    /// `value` with empty text and empty lists turned into `nil`, and a date beyond the calendar
    /// (where date arithmetic saturates: only a `min`/`max` bound compares with it) too; a
    /// `.decimal` that a `Double` holds as written becomes that `.number`.
    static func normalized(_ value: Value?) -> Value? {
        switch value {
        case .text(let text) where text.isEmpty: nil
        case .list(let items) where items.isEmpty: nil
        case .date(let day) where !day.isInCalendar: nil
        case .decimal(let decimal): Value(exactly: decimal)
        default: value
        }
    }

    /// A number as people write it, in plain decimal: `150`, `-3`, `3.5`, `0.0000001`,
    /// `100000000000000000000` (never `1e+20`).
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return ExactDecimal(number)?.description ?? String(number)
    }
}

extension Value: CustomStringConvertible {
    /// The value as text: dates as `yyyy-MM-dd`, numbers without a needless `.0`.
    public var description: String {
        switch self {
        case .text(let text): text
        case .number(let number): Value.format(number)
        case .decimal(let decimal): decimal.description
        case .bool(let flag): flag ? "true" : "false"
        case .date(let day): day.iso
        case .list(let items):
            items.map { FileInfo(value: $0)?.name ?? $0.description }.joined(separator: ", ")
        case .structured(let json): JSONWriter.string(json)
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
}
