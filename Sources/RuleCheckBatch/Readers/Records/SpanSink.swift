/// Collects the spans a framer cuts into the batch being built, and numbers the records.
///
/// ```swift
/// var sink = SpanSink(maxRecords: 4096, maxBytes: 1 << 20)
/// sink.emit(0..<12, line: 2)
/// sink.emitMalformed("unterminated quote", line: 3)
/// ```
struct SpanSink {
    /// Spans with ranges relative to the reader's window.
    var spans: [RecordSpan] = []
    /// Messages of records that could not be cut out of the input, by index in `spans`.
    var problems: [Int: String] = [:]
    /// The number the next record gets.
    var nextNumber = 1
    /// Bytes covered by the spans so far.
    private(set) var byteCount = 0
    let maxRecords: Int
    let maxBytes: Int

    init(maxRecords: Int, maxBytes: Int) {
        self.maxRecords = max(1, maxRecords)
        self.maxBytes = max(1, maxBytes)
        spans.reserveCapacity(min(self.maxRecords, 65_536))
    }

    /// Whether the batch has enough records or bytes.
    var isFull: Bool { spans.count >= maxRecords || byteCount >= maxBytes }

    /// Adds a record whose bytes are `range` of the window.
    @inline(__always)
    mutating func emit(_ range: Range<Int>, line: Int) {
        spans.append(RecordSpan(range: range, number: nextNumber, line: line))
        nextNumber += 1
        byteCount += range.count
    }

    /// Adds a record that could not be cut out of the input.
    mutating func emitMalformed(_ message: String, line: Int) {
        problems[spans.count] = message
        spans.append(RecordSpan(range: 0..<0, number: nextNumber, line: line))
        nextNumber += 1
    }

    /// Drops the collected spans and problems; numbering goes on.
    mutating func discard() {
        byteCount = 0
        spans.removeAll(keepingCapacity: true)
        if !problems.isEmpty { problems = [:] }
    }

    /// Takes the collected spans and problems, leaving the sink empty.
    mutating func take() -> (spans: [RecordSpan], problems: [Int: String]) {
        byteCount = 0
        var taken: [RecordSpan] = []
        taken.reserveCapacity(spans.capacity)
        swap(&taken, &spans)
        defer { problems = [:] }
        return (taken, problems)
    }
}
