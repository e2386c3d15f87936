/// How the columns of a CSV header map to fields: prepared once per file.
///
/// ```swift
/// let columns = checker.columns(["doc_type", "doc_number", "comment"])
/// columns.unknown   // ["comment"]
/// ```
public struct ColumnMap: Sendable {
    /// The field of each column (`nil` for columns no field matches).
    let fields: [FieldID?]
    /// Whether each field has a column.
    let hasColumn: [Bool]
    /// The header as read.
    public let header: [String]

    /// Columns that no field matches, in header order.
    public var unknown: [String] {
        zip(header, fields).filter { $0.1 == nil }.map(\.0)
    }

    /// Columns named twice (the later one is ignored).
    public let duplicates: [String]
}
