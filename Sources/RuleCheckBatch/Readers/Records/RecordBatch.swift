/// A run of consecutive records cut from an input: one contiguous byte buffer plus where each
/// record lies in it. Batches are values that can be sent to any thread to be decoded.
///
/// ```swift
/// while let batch = try reader.nextBatch() {
///     for record in batch.decodeAll() { … }     // on a worker thread, typically
/// }
/// ```
public struct RecordBatch: Sendable {
    /// The records' bytes, back to back (with whatever lay between them in the file).
    package let bytes: [UInt8]
    /// The records, in file order.
    package let spans: [RecordSpan]
    /// Why records could not even be cut out of the file (an unterminated quote, an oversized
    /// record), by index in ``spans``; such a record decodes as
    /// ``DecodedRecord/Content/malformed(_:)`` with this message.
    package let problems: [Int: String]
    /// Decodes the records' bytes.
    package let decoder: RecordDecoder

    package init(bytes: [UInt8], spans: [RecordSpan], problems: [Int: String] = [:], decoder: RecordDecoder) {
        self.bytes = bytes
        self.spans = spans
        self.problems = problems
        self.decoder = decoder
    }

    /// How many records the batch holds.
    public var count: Int { spans.count }

    /// Decodes the record at `index` (0-based in this batch).
    ///
    /// ```swift
    /// let first = batch.record(at: 0)
    /// ```
    public func record(at index: Int) -> DecodedRecord {
        var scratch: [UInt8] = []
        return bytes.withUnsafeBufferPointer { decode(at: index, in: $0, scratch: &scratch) }
    }

    /// Decodes every record, in order.
    ///
    /// ```swift
    /// let records = batch.decodeAll()
    /// ```
    public func decodeAll() -> [DecodedRecord] {
        var records: [DecodedRecord] = []
        records.reserveCapacity(spans.count)
        decodeEach { records.append($0) }
        return records
    }

    /// Decodes the records one at a time, in order, without collecting them.
    ///
    /// ```swift
    /// batch.decodeEach { record in violations += checker.check(record) }
    /// ```
    public func decodeEach(_ body: (DecodedRecord) throws -> Void) rethrows {
        var scratch: [UInt8] = []
        try bytes.withUnsafeBufferPointer { buffer in
            for index in spans.indices {
                try body(decode(at: index, in: buffer, scratch: &scratch))
            }
        }
    }

    /// Decodes the record at `index`; `buffer` holds ``bytes``.
    func decode(
        at index: Int, in buffer: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]
    )
        -> DecodedRecord
    {
        let span = spans[index]
        if !problems.isEmpty, let problem = problems[index] {
            return DecodedRecord(number: span.number, line: span.line, content: .malformed(problem))
        }
        var duplicateKeys: [String] = []
        let content = decoder.decode(
            UnsafeBufferPointer(rebasing: buffer[span.range]), line: span.line, scratch: &scratch,
            duplicateKeys: &duplicateKeys)
        return DecodedRecord(number: span.number, line: span.line, content: content, duplicateKeys: duplicateKeys)
    }
}
