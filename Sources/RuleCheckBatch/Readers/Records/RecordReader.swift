import RuleCheck

/// Reads a CSV, TSV, JSON or JSON Lines file as a stream of ``RecordBatch``es, in bounded memory.
///
/// ```swift
/// let reader = try RecordReader(path: "export.csv", format: .csv)   // "-" reads standard input
/// print(reader.header ?? [])                                         // the CSV column names
/// while let batch = try reader.nextBatch() {
///     for record in batch.decodeAll() {
///         print(record.number, record.line, record.content)
///     }
/// }
/// ```
///
/// Reading has two levels so that the costly part can run on worker threads:
/// 1. **Framing**, here, on one thread: blocks of ``Options-swift.struct/blockSize`` bytes are read
///    with `read(2)` and cut into batches of whole records (by quotes and line breaks for CSV, by
///    lines for JSON Lines, by brackets and strings for a JSON array).
/// 2. **Decoding**, anywhere: ``RecordBatch/decodeAll()`` turns each record into cells or an
///    object, or says why it is malformed.
///
/// Memory stays bounded whatever the file: one window of at most about
/// `blockSize + maxRecordSize + maxBatchBytes` bytes, plus the batches in flight. A UTF-8
/// byte-order mark at the start of the file is skipped. Records are numbered from 1 in file order
/// (a CSV header is not a record; a malformed record is), and each carries the line it starts on.
/// A slice of a larger file (``Options-swift.struct/slice``) is read as that part of its file:
/// numbered from its first record and line, with the file's header.
/// What each format accepts, and how reading recovers after a malformed record, is described on
/// the cases of ``RecordFormat``.
///
/// A reader is used from one thread at a time; its ``progress`` may be read from any thread.
public final class RecordReader {
    /// The path as given (`-` for standard input), or the name given to in-memory input.
    public let name: String
    /// The format being read.
    public let format: RecordFormat
    /// How the reader reads.
    public let options: Options
    /// The CSV or TSV header's column names (empty for an empty file); nil for JSON formats.
    public private(set) var header: [String]?
    /// The line the CSV or TSV header is on (after blank lines before it; in the header file of a
    /// slice, `--header-from`; ``InputSlice/headerLine`` for a slice given its columns); 1 when
    /// there is none.
    public private(set) var headerLine = 1
    /// Decodes this input's records; every batch carries it too.
    package private(set) var decoder: RecordDecoder
    /// Bytes read so far and the total size, for a progress bar; safe to read from any thread.
    public let progress: ReadProgress

    private let source: any ByteSource
    /// Whether the reader counts the bytes it reads into ``progress`` (the source does not).
    private let countsProgress: Bool
    private var framer: any RecordFramer
    private var sink: SpanSink
    private var window: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var filled = 0
    private var atEnd = false
    /// The input offset of the window's first byte: the bytes dropped before it.
    private var windowOffset: Int64 = 0
    /// A read error that came after some bytes of a refill, thrown at the next refill.
    private var deferredError: InputError?

    /// Opens a file, or standard input for `-`, and reads the CSV or TSV header. A gzip or zstd
    /// file (told by its first bytes, see ``InputCompression``) is read decompressed.
    ///
    /// ```swift
    /// let reader = try RecordReader(path: "-", format: .jsonl)
    /// ```
    ///
    /// - Throws: ``InputError`` when the file cannot be opened or read, or its header is malformed.
    public convenience init(path: String, format: RecordFormat, options: Options = Options()) throws {
        let source = try InputOpening.source(path: path)
        try self.init(source: source, name: path, format: format, options: options)
    }

    /// Reads an open file descriptor (a pipe, a socket, a file), which the reader does not close;
    /// decompressed when it is gzip or zstd.
    ///
    /// ```swift
    /// let reader = try RecordReader(fileDescriptor: 0, name: "-", format: .csv)
    /// ```
    ///
    /// - Throws: ``InputError``.
    public convenience init(
        fileDescriptor: Int32, name: String, format: RecordFormat, options: Options = Options()
    ) throws {
        let source = try FileByteSource(descriptor: fileDescriptor, path: name, ownsDescriptor: false)
        try self.init(source: InputOpening.decompressing(source, name: name), name: name, format: format, options: options)
    }

    /// Reads bytes held in memory.
    ///
    /// ```swift
    /// let reader = try RecordReader(bytes: Array("a,b\n1,2\n".utf8), format: .csv)
    /// ```
    ///
    /// - Throws: ``InputError`` when the CSV or TSV header is malformed.
    public convenience init(
        bytes: [UInt8], name: String = "<memory>", format: RecordFormat, options: Options = Options()
    ) throws {
        try self.init(source: MemoryByteSource(bytes), name: name, format: format, options: options)
    }

    init(source: any ByteSource, name: String, format: RecordFormat, options: Options) throws {
        var options = options
        // Clamped so that window arithmetic cannot overflow.
        options.blockSize = min(max(1, options.blockSize), 1 << 30)
        options.maxRecordSize = min(max(1, options.maxRecordSize), 1 << 40)
        self.name = name
        self.format = format
        self.options = options
        self.source = source
        self.progress = source.progress ?? ReadProgress(totalBytes: source.totalSize)
        self.countsProgress = source.progress == nil
        self.sink = SpanSink(maxRecords: options.maxRecordsPerBatch, maxBytes: options.maxBatchBytes)
        self.capacity = options.blockSize + min(options.maxRecordSize, 1 << 16) + 1
        self.window = .allocate(capacity: capacity)
        let delimiter = options.delimiter ?? (format == .tsv ? .tab : .comma)
        let parser = JSONParser(maxDepth: options.maxJSONDepth)
        let slice = options.slice ?? InputSlice()
        switch format {
        case .csv, .tsv:
            framer = CSVFramer(delimiter: delimiter.byte, maxRecordSize: options.maxRecordSize, firstLine: slice.firstLine)
            decoder = .delimited(delimiter, header: [])
        case .jsonl:
            framer = JSONLinesFramer(maxRecordSize: options.maxRecordSize, firstLine: slice.firstLine)
            decoder = .json(parser, jsonLines: true)
        case .json:
            framer = JSONArrayFramer(maxRecordSize: options.maxRecordSize, firstLine: slice.firstLine, part: slice.arrayPart)
            decoder = .json(parser, jsonLines: false)
        }
        sink.nextNumber = max(1, slice.firstRecord)
        if slice.startsFile { try skipByteOrderMark() }
        if format.isDelimited {
            let (header, line) =
                try slice.header.map { try Self.header($0, line: slice.headerLine, format: format, options: options) }
                ?? readHeader(delimiter: delimiter)
            self.header = header
            headerLine = line
            decoder = .delimited(delimiter, header: header)
            if var csv = framer as? CSVFramer {
                csv.validator = CSVRecordDecoder(delimiter: delimiter.byte, header: header)
                framer = csv
            }
        }
    }

    deinit {
        window.deallocate()
    }

    /// Reads and frames the next batch of records.
    ///
    /// ```swift
    /// while let batch = try reader.nextBatch() { process(batch) }
    /// ```
    ///
    /// - Returns: the next batch, never empty; nil at the end of the input.
    /// - Throws: ``InputError`` when reading fails.
    public func nextBatch() throws -> RecordBatch? {
        while true {
            framer.frame(window, count: filled, isEOF: atEnd, into: &sink)
            // Cut whatever was framed before reading on, so that no span outlives the window's bytes.
            if !sink.spans.isEmpty { return cutBatch() }
            if framer.isFinished { return nil }
            try refill()
        }
    }

    // MARK: Cutting the input (for SlicePlan)

    /// Where the reader stands, when the input may be cut there (see ``RecordFramer/boundary``).
    var boundary: InputBoundary? {
        framer.boundary.map { InputBoundary(offset: windowOffset + Int64($0.offset), line: $0.line, nextRecord: sink.nextNumber) }
    }

    /// The number the next record gets; after the last, one more than the input's records.
    var nextRecord: Int { sink.nextNumber }

    /// Frames the next batch of records as ``nextBatch()`` does, without keeping them.
    ///
    /// - Returns: false at the end of the input.
    func skipBatch() throws -> Bool {
        while true {
            framer.frame(window, count: filled, isEOF: atEnd, into: &sink)
            if !sink.spans.isEmpty {
                sink.discard()
                return true
            }
            if framer.isFinished { return false }
            try refill()
        }
    }

    // MARK: Internals

    /// The window's current capacity in bytes: what the reader itself holds, for tests of bounded memory.
    var windowCapacity: Int { capacity }

    /// Copies the collected records' bytes into a batch of their own.
    private func cutBatch() -> RecordBatch {
        var (spans, problems) = sink.take()
        var lower = Int.max
        var upper = 0
        for (index, span) in spans.enumerated() where problems[index] == nil {
            lower = min(lower, span.range.lowerBound)
            upper = max(upper, span.range.upperBound)
        }
        guard lower < upper else {
            return RecordBatch(bytes: [], spans: spans, problems: problems, decoder: decoder)
        }
        let bytes = Array(UnsafeBufferPointer(start: window + lower, count: upper - lower))
        spans.withUnsafeMutableBufferPointer { spans in
            for index in spans.indices where !spans[index].range.isEmpty {
                spans[index].range = (spans[index].range.lowerBound - lower)..<(spans[index].range.upperBound - lower)
            }
        }
        return RecordBatch(bytes: bytes, spans: spans, problems: problems, decoder: decoder)
    }

    /// Drops the bytes the framer no longer needs and reads up to a block more. When reading
    /// fails after some bytes came in (a compressed stream corrupt further on), those are framed
    /// first and the error is thrown at the next refill: nothing read is lost.
    private func refill() throws {
        if let error = deferredError {
            deferredError = nil
            throw error
        }
        let keep = min(max(framer.retainFrom, 0), filled)
        if keep > 0 {
            let remaining = filled - keep
            if remaining > 0 { window.update(from: window + keep, count: remaining) }
            filled = remaining
            windowOffset += Int64(keep)
            framer.shift(by: keep)
        }
        let wanted = filled + options.blockSize
        if wanted > capacity {
            // The framers never keep more than maxRecordSize + 1 bytes of a record, so the window
            // needs at most that plus a block: grow by doubling, but not past that bound.
            let bound = options.maxRecordSize + 1 + options.blockSize
            let grown = max(wanted, min(capacity * 2, bound))
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.update(from: window, count: filled)
            window.deallocate()
            window = larger
            capacity = grown
        }
        var read = 0
        while read < options.blockSize {
            var count = 0
            do {
                count = try source.read(into: UnsafeMutableRawBufferPointer(start: window + filled, count: options.blockSize - read))
            } catch {
                guard read > 0 else { throw error }
                deferredError = error
                break
            }
            if count == 0 {
                atEnd = true
                break
            }
            filled += count
            read += count
            if countsProgress { progress.add(count) }
        }
    }

    /// Skips a UTF-8 byte-order mark at the very start.
    private func skipByteOrderMark() throws {
        while filled < 3, !atEnd { try refill() }
        if filled >= 3, window[0] == 0xEF, window[1] == 0xBB, window[2] == 0xBF {
            filled -= 3
            windowOffset += 3
            window.update(from: window + 3, count: filled)
        }
    }

    /// The header a slice is given, and its line: its columns (at `line`, or 1), or the header of
    /// another file.
    private static func header(
        _ header: InputSlice.Header, line: Int?, format: RecordFormat, options: Options
    ) throws -> ([String], line: Int) {
        switch header {
        case .columns(let columns):
            return (columns, line ?? 1)
        case .file(let path):
            var options = options
            options.slice = nil
            let reader = try RecordReader(path: path, format: format, options: options)
            return (reader.header ?? [], reader.headerLine)
        }
    }

    /// Frames and decodes the first record as the header, and gives its line; lines before it that
    /// hold only spaces and tabs are skipped, like empty lines (so a blank file has no header).
    private func readHeader(delimiter: CSVDelimiter) throws -> ([String], line: Int) {
        var headerSink = SpanSink(maxRecords: 1, maxBytes: .max)
        while true {
            framer.frame(window, count: filled, isEOF: atEnd, into: &headerSink)
            if let span = headerSink.spans.first {
                if let problem = headerSink.problems[0] {
                    throw InputError(code: .unreadableHeader, path: name, message: problem, line: span.line)
                }
                let isBlank = UnsafeBufferPointer(start: window + span.range.lowerBound, count: span.range.count)
                    .allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if isBlank {
                    headerSink = SpanSink(maxRecords: 1, maxBytes: .max)
                    continue
                }
                let headerDecoder = CSVRecordDecoder(delimiter: delimiter.byte, header: nil)
                var scratch: [UInt8] = []
                let result = headerDecoder.cells(
                    UnsafeBufferPointer(start: window + span.range.lowerBound, count: span.range.count),
                    scratch: &scratch)
                switch result {
                case .success(let cells): return (cells, span.line)
                case .failure(let problem):
                    throw InputError(code: .unreadableHeader, path: name, message: problem.message, line: span.line)
                }
            }
            if framer.isFinished { return ([], 1) }
            try refill()
        }
    }
}

/// A place where an input may be cut: its byte offset, the line there, and the number of the
/// record that starts after it.
struct InputBoundary: Equatable {
    var offset: Int64
    var line: Int
    var nextRecord: Int
}
