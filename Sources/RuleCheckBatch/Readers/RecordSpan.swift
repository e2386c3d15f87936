/// Where one record lies in a ``RecordBatch``'s bytes, with its number and line.
///
/// ```swift
/// for span in batch.spans {
///     print(span.number, span.line, span.range.count, span.problem ?? "ok")
/// }
/// ```
public struct RecordSpan: Sendable, Hashable {
    /// The record's bytes in ``RecordBatch/bytes``, without the line break that ends it; empty when
    /// ``problem`` is set.
    public var range: Range<Int>
    /// The record's number, counting data records from 1 (a CSV header is not a data record; a
    /// malformed record is).
    public var number: Int
    /// The 1-based line of the file where the record starts.
    public var line: Int
    /// Why the record could not even be cut out of the file (an unterminated quote, an oversized
    /// record); such a record decodes as ``DecodedRecord/Content/malformed(_:)`` with this message.
    public var problem: String?

    public init(range: Range<Int>, number: Int, line: Int, problem: String? = nil) {
        self.range = range
        self.number = number
        self.line = line
        self.problem = problem
    }
}
