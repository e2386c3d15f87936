/// One generated record: its values as JSON (JSON types, dates as text in the field's format)
/// and whether a mistake was planted in it.
public struct SampleRecord: Sendable {
    /// The record as a JSON object: field paths as keys, lists as arrays of item objects.
    public var object: [String: JSONValue]
    /// The field whose value was spoiled, for an invalid record.
    public var mistake: String?

    /// The record's cells for CSV, in the order of ``SampleGenerator/columns``: text as is,
    /// numbers in plain decimal, dates in the field's format, lists as JSON text.
    public func cells(_ columns: [String]) -> [String] {
        columns.map { column in
            switch object[column] {
            case nil, .null?: ""
            case .string(let text)?: text
            case .bool(let flag)?: flag ? "true" : "false"
            case .number(let number)?: Value.format(number)
            case let value?: JSONWriter.string(value)
            }
        }
    }
}
