/// Cuts CSV or TSV input (RFC 4180) into records, tracking quotes so that line breaks inside quoted
/// cells stay inside their record.
///
/// ```swift
/// var framer = CSVFramer(delimiter: UInt8(ascii: ","), maxRecordSize: 1 << 20)
/// framer.frame(base, count: count, isEOF: true, into: &sink)
/// ```
///
/// - A record ends at a line break outside quotes: `\n`, `\r\n` or a lone `\r` (old Mac files), so
///   LF, CRLF and CR files (and a mix) read the same. A last record without a line break ends at
///   the end of the file. Inside quotes a line break is data, and counts as a line.
/// - Empty lines are skipped: they are no record, but they count as lines. (So a one-column file
///   writes an empty value as `""`.)
/// - A `"` opens a quoted cell only at the start of a cell; elsewhere it is an ordinary byte here,
///   and the decoder reports it.
/// - A record that does not end within `maxRecordSize` bytes, or a quote still open at the end of
///   the file, gives a malformed record at the line where the record starts (`unterminated quote`
///   when a quote is open). Framing then starts again at the line after that record's first line,
///   so the rest of the file is still read; a first line longer than the limit is skipped to its end
///   without keeping it in memory.
/// - A record that spans several lines (a quoted cell holds a line break) is decoded here too, with
///   ``validator``: when its quoting or cell count is wrong (typically a stray quote that a later
///   line closes), it is a malformed record at its first line, whose message says where the quote
///   closes, and framing starts again at the line after its first line, so the lines in between are
///   still read as records. (A multi-line record that is only not UTF-8 stays one malformed record.)
///
/// Scanning compares 16 bytes at a time for the next line break or quote: a line without quotes is
/// one search; a record with quotes steps from quote to quote.
/// Resynchronizing is linear: once a scan from line *k* ran to offset *E* without ending, a scan
/// from any later line that passes its own first line break inside quotes is in the same state as
/// the first scan from then on (both are inside quotes at that line start), so it continues from *E*
/// with that scan's state instead of reading the same bytes again. The same holds when that scan
/// ended a record that was malformed: the later record ends there too and is malformed without
/// being decoded again.
struct CSVFramer: RecordFramer {
    private enum State: UInt8 {
        case cellStart, unquoted, quoted, quotedQuote
    }

    /// Where an earlier, unfinished scan stopped, and its state there.
    private struct Known {
        var end: Int
        var state: State
        var line: Int
        /// Whether the scan ended a malformed multi-line record at `end` (its line break).
        var endedMalformed = false
    }

    private let delimiter: UInt8
    private let maxRecordSize: Int

    private var recordStart = 0
    private var recordLine = 1
    /// The next offset to scan.
    private var scan = 0
    /// The line number at `scan`.
    private var line = 1
    private var state = State.cellStart
    /// Whether the current record is scanned byte by byte (it has a quote).
    private var slow = false
    /// The first line break inside the current record (within quotes), or -1.
    private var firstNewline = -1
    /// Skipping the rest of an oversized line without keeping it.
    private var discarding = false
    private var known: Known?
    /// Whether the current record joined an earlier scan that ended a malformed record.
    private var joinedMalformed = false
    private var scratch: [UInt8] = []
    private(set) var isFinished = false
    /// The bytes scanned and decoded so far, each time one is looked at: what shows that framing
    /// stays linear however often it resynchronizes (a test counts it rather than timing it).
    private(set) var bytesExamined = 0
    /// Decodes records that span several lines, to tell a stray quote from a cell holding line
    /// breaks; the reader gives it the header once the header is read (before that it checks
    /// quoting only).
    var validator: CSVRecordDecoder

    /// - Parameter firstLine: the line the input starts on (a slice of a larger file starts later).
    init(delimiter: UInt8, maxRecordSize: Int, firstLine: Int = 1) {
        self.delimiter = delimiter
        self.maxRecordSize = max(1, maxRecordSize)
        self.validator = CSVRecordDecoder(delimiter: delimiter, header: nil)
        line = firstLine
        recordLine = firstLine
    }

    var retainFrom: Int { discarding ? scan : recordStart }

    /// At the start of a record, unless reading resynchronizes after a malformed record there
    /// (whose later records' messages depend on the scan before them).
    var boundary: FramerBoundary? {
        guard !isFinished, !discarding, !slow, known == nil, scan == recordStart else { return nil }
        return FramerBoundary(offset: recordStart, line: line)
    }

    mutating func shift(by offset: Int) {
        recordStart -= offset
        scan -= offset
        if firstNewline >= 0 { firstNewline -= offset }
        known?.end -= offset
    }

    mutating func frame(_ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink) {
        while !isFinished, !sink.isFull {
            if discarding {
                switch LineBreak.next(in: base, from: scan, to: count, count: count, isEOF: isEOF) {
                case .end(let end):
                    discarding = false
                    line += 1
                    startRecord(at: end + 1)
                    continue
                case .undecided(let carriageReturn):
                    scan = carriageReturn
                case .none:
                    scan = count
                    if isEOF { isFinished = true }
                }
                return
            }
            let limit = min(count, recordStart + maxRecordSize + 1)
            if !slow {
                // Fast path: a line with no quote is one record.
                let stop = ByteSearch.findAny(
                    ByteSearch.newline, ByteSearch.quote, ByteSearch.carriageReturn, in: base, from: scan, to: limit)
                bytesExamined &+= (stop ?? limit) - scan
                if let stop, base[stop] == ByteSearch.quote {
                    // The record has a quote: the state machine takes over at it. Before it there is
                    // no quote, so the state there only depends on the byte before it.
                    slow = true
                    scan = stop
                    state = stop == recordStart || base[stop - 1] == delimiter ? .cellStart : .unquoted
                    continue
                }
                if let stop {
                    guard let end = LineBreak.end(ofBreakAt: stop, in: base, count: count, isEOF: isEOF) else {
                        scan = stop  // the byte after the CR decides
                        return
                    }
                    emit(base, recordStart..<end, into: &sink)
                    line += 1
                    startRecord(at: end + 1)
                } else if limit == recordStart + maxRecordSize + 1 {
                    sink.emitMalformed("record is longer than \(maxRecordSize) bytes", line: recordLine)
                    discarding = true
                    scan = limit
                } else if isEOF {
                    emit(base, recordStart..<count, into: &sink)
                    isFinished = true
                } else {
                    scan = count
                    return
                }
                continue
            }
            if !scanQuotedRecord(base, count: count, limit: limit, isEOF: isEOF, into: &sink) { return }
        }
    }

    /// Runs the state machine over the current record; returns false when more bytes are needed.
    private mutating func scanQuotedRecord(
        _ base: UnsafePointer<UInt8>, count: Int, limit: Int, isEOF: Bool, into sink: inout SpanSink
    ) -> Bool {
        var position = scan
        var current = state
        var currentLine = line
        var end = -1
        let delimiter = self.delimiter
        // The state machine of the type's documentation, stepping from one quote or line break to
        // the next.
        scanning: while position < limit {
            switch current {
            case .cellStart, .unquoted:
                // Outside quotes: the record ends at a line break; a quote opens a quoted cell only
                // at a cell's start, and is an ordinary byte elsewhere.
                guard
                    let stop = ByteSearch.findAny(
                        ByteSearch.newline, ByteSearch.quote, ByteSearch.carriageReturn, in: base, from: position,
                        to: limit)
                else {
                    current = base[limit - 1] == delimiter ? .cellStart : .unquoted
                    bytesExamined &+= limit - position
                    position = limit
                    break
                }
                bytesExamined &+= stop + 1 - position
                if base[stop] != ByteSearch.quote {
                    // A line break ends the record; after a CR the next byte decides, and without
                    // it the scan stops here and waits for more.
                    position = stop
                    guard let lineEnd = LineBreak.end(ofBreakAt: stop, in: base, count: count, isEOF: isEOF)
                    else { break scanning }
                    end = lineEnd
                    break scanning
                }
                let opensCell = stop == position ? current == .cellStart : base[stop - 1] == delimiter
                current = opensCell ? .quoted : .unquoted
                position = stop + 1
            case .quoted:
                guard
                    let stop = ByteSearch.findAny(
                        ByteSearch.quote, ByteSearch.newline, ByteSearch.carriageReturn, in: base, from: position,
                        to: limit)
                else {
                    bytesExamined &+= limit - position
                    position = limit
                    break
                }
                bytesExamined &+= stop + 1 - position
                position = stop + 1
                if base[stop] == ByteSearch.quote {
                    current = .quotedQuote
                    break
                }
                guard let lineEnd = LineBreak.end(ofBreakAt: stop, in: base, count: count, isEOF: isEOF) else {
                    position = stop
                    break scanning
                }
                // A CRLF counts as one line, at its LF (which the next search finds).
                if lineEnd != stop { break }
                currentLine += 1
                if firstNewline < 0 {
                    firstNewline = stop
                    // Past its first line break inside quotes, this scan follows the earlier
                    // unfinished one: continue where that one stopped.
                    if let known, known.end > position {
                        position = known.end
                        current = known.state
                        currentLine = known.line
                        joinedMalformed = known.endedMalformed
                    }
                }
            case .quotedQuote:
                bytesExamined &+= 1
                let byte = base[position]
                if byte == ByteSearch.quote {
                    current = .quoted
                    position += 1
                } else if byte == delimiter {
                    current = .cellStart
                    position += 1
                } else if byte == ByteSearch.newline {
                    end = position
                    break scanning
                } else {
                    current = .unquoted  // text after a closing quote; the decoder reports it
                }
            }
        }
        if end >= 0, firstNewline >= 0, let problem = multiLineProblem(base, end: end, endLine: currentLine) {
            known = Known(end: end, state: .unquoted, line: currentLine, endedMalformed: true)
            sink.emitMalformed(problem, line: recordLine)
            resyncAfterFirstLine(at: end)
            return true
        }
        if end >= 0 {
            emit(base, recordStart..<end, into: &sink)
            line = currentLine + 1
            startRecord(at: end + 1)
            return true
        }
        if position == recordStart + maxRecordSize + 1 {
            known = Known(end: position, state: current, line: currentLine)
            let message =
                current == .quoted
                ? "unterminated quote: no closing quote within \(maxRecordSize) bytes"
                : "record is longer than \(maxRecordSize) bytes"
            sink.emitMalformed(message, line: recordLine)
            resyncAfterFirstLine(at: position)
            return true
        }
        if !isEOF {
            scan = position
            state = current
            line = currentLine
            return false
        }
        if current == .quoted {
            known = Known(end: count, state: current, line: currentLine)
            sink.emitMalformed("unterminated quote", line: recordLine)
            resyncAfterFirstLine(at: count)
            if discarding { isFinished = true }
        } else {
            emit(base, recordStart..<count, into: &sink)
            isFinished = true
        }
        return true
    }

    /// Why the current record, which spans lines up to `endLine` and ends before `end`, is to be
    /// read again from its second line; nil when it is a good record or only not UTF-8.
    private mutating func multiLineProblem(_ base: UnsafePointer<UInt8>, end: Int, endLine: Int) -> String? {
        let resumes = "so reading goes on at line \(recordLine + 1)"
        if joinedMalformed {
            return "the quote opened on line \(recordLine) runs into a malformed record that ends on line \(endLine), \(resumes)"
        }
        let upper = LineBreak.contentEnd(from: recordStart, to: end, in: base)
        bytesExamined &+= upper - recordStart
        let bytes = UnsafeBufferPointer(start: base + recordStart, count: upper - recordStart)
        guard case .failure(let problem) = validator.cells(bytes, scratch: &scratch), !problem.isEncoding else {
            return nil
        }
        return "\(problem.message); the quote opened on line \(recordLine) closes on line \(endLine), \(resumes)"
    }

    /// Continues at the line after the current record's first line.
    private mutating func resyncAfterFirstLine(at position: Int) {
        if firstNewline >= 0 {
            line = recordLine + 1
            startRecord(at: firstNewline + 1)
        } else {
            line = recordLine
            discarding = true
            scan = position
        }
    }

    private mutating func startRecord(at offset: Int) {
        recordStart = offset
        recordLine = line
        scan = offset
        state = .cellStart
        slow = false
        firstNewline = -1
        joinedMalformed = false
        if let known, offset >= known.end { self.known = nil }
    }

    /// Emits a record without its trailing `\r`; an empty line is skipped.
    @inline(__always)
    private func emit(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, into sink: inout SpanSink) {
        let end = LineBreak.contentEnd(from: range.lowerBound, to: range.upperBound, in: base)
        guard end > range.lowerBound else { return }
        sink.emit(range.lowerBound..<end, line: recordLine)
    }
}
