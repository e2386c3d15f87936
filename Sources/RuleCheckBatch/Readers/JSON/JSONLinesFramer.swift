/// Cuts JSON Lines input into records: each line with something other than whitespace is one.
///
/// ```swift
/// var framer = JSONLinesFramer(maxRecordSize: 1 << 20)
/// framer.frame(base, count: count, isEOF: true, into: &sink)
/// ```
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (old Mac files). Blank and whitespace-only lines are
/// skipped (they count as lines, not records). A line longer
/// than `maxRecordSize` bytes is a malformed record and is skipped to its end without being kept in
/// memory. Spans keep the whole line, leading whitespace and a trailing `\r` included, so the
/// decoder's columns are the file's.
struct JSONLinesFramer: RecordFramer {
    private let maxRecordSize: Int
    private var lineStart = 0
    private var line = 1
    /// The offset from which to look for the line break.
    private var scan = 0
    private var discarding = false
    private(set) var isFinished = false

    /// - Parameter firstLine: the line the input starts on (a slice of a larger file starts later).
    init(maxRecordSize: Int, firstLine: Int = 1) {
        self.maxRecordSize = max(1, maxRecordSize)
        line = firstLine
    }

    var retainFrom: Int { discarding ? scan : lineStart }

    /// At the start of a line.
    var boundary: FramerBoundary? {
        guard !isFinished, !discarding, scan == lineStart else { return nil }
        return FramerBoundary(offset: lineStart, line: line)
    }

    mutating func shift(by offset: Int) {
        lineStart -= offset
        scan -= offset
    }

    mutating func frame(_ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink) {
        while !isFinished, !sink.isFull {
            let limit = discarding ? count : min(count, lineStart + maxRecordSize + 1)
            let search = LineBreak.next(in: base, from: scan, to: limit, count: count, isEOF: isEOF)
            if case .end(let end) = search {
                if !discarding { emit(base, lineStart..<end, into: &sink) }
                discarding = false
                line += 1
                lineStart = end + 1
                scan = lineStart
            } else if case .undecided(let carriageReturn) = search {
                scan = carriageReturn  // the byte after the CR decides
                return
            } else if !discarding, limit == lineStart + maxRecordSize + 1 {
                sink.emitMalformed("record is longer than \(maxRecordSize) bytes", line: line)
                discarding = true
                scan = limit
            } else if isEOF {
                if !discarding { emit(base, lineStart..<count, into: &sink) }
                isFinished = true
            } else {
                scan = count
                return
            }
        }
    }

    /// Emits the line unless it is blank.
    @inline(__always)
    private func emit(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, into sink: inout SpanSink) {
        for offset in range {
            switch base[offset] {
            case 0x20, 0x09, 0x0D: continue
            default:
                sink.emit(range, line: line)
                return
            }
        }
    }
}
