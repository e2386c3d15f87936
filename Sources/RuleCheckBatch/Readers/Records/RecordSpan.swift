/// Where one record lies in a ``RecordBatch``'s bytes, with its number and line.
///
/// ```swift
/// for (index, span) in batch.spans.enumerated() {
///     print(span.number, span.line, span.range.count, batch.problems[index] ?? "ok")
/// }
/// ```
///
/// A plain value without references, so that a batch's spans cost nothing to create or free.
package struct RecordSpan: Sendable, Hashable {
    /// The record's bytes in ``RecordBatch/bytes``, without the line break that ends it; empty for
    /// a record that could not be cut out of the file (see ``RecordBatch/problems``).
    package var range: Range<Int>
    /// The record's number, counting data records from 1 (a CSV header is not a data record; a
    /// malformed record is).
    package var number: Int
    /// The 1-based line of the file where the record starts.
    package var line: Int

    package init(range: Range<Int>, number: Int, line: Int) {
        self.range = range
        self.number = number
        self.line = line
    }
}
