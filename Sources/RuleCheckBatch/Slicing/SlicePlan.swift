/// Where to cut an export into slices that can be checked apart — on several machines, by
/// Spark executors, by GNU parallel — and merged into the report of one check of the whole file
/// (``SliceMerge``). What `rulecheck split` computes.
///
/// ```swift
/// let plan = try SlicePlan(path: "export.csv", format: .csv, by: .parts(8))
/// for slice in plan.slices {
///     print(slice.range, slice.firstRecord, slice.firstLine, slice.records)
/// }
/// ```
///
/// The file is framed once, by the readers that checking uses (one implementation of where a
/// record ends: quoted line breaks in CSV, strings in JSON), and cut only where a reader started
/// there reads on exactly as the reader of the whole file does (``RecordFramer/boundary``):
/// between records, never inside a quoted cell, and not while reading resynchronizes after a
/// malformed record. A slice is a run of the file's bytes:
/// - CSV and TSV: the bytes up to the first data record (a byte-order mark, blank lines, the
///   header) are ``header``; the slices follow, each read with that header
///   (``InputSlice/Header/file(_:)``). A header that cannot be read makes ``header`` the whole file
///   and leaves one empty slice: as in a check of the whole file, no record is checked.
/// - JSON Lines: slices start at line starts; the first one at the start of the file.
/// - A JSON array: slices are cut right after the comma that follows an element; the first holds
///   the `[`, the last the `]` (``InputSlice/ArrayPart``).
///
/// Each slice but an empty file's holds at least one record (a CSV file's header may be all it
/// has), so a file of few records gives fewer slices than asked for.
package struct SlicePlan: Sendable, Hashable {
    /// How large the slices should be.
    public enum Size: Sendable, Hashable {
        /// This many slices of about the same size (fewer when the file has fewer records).
        case parts(Int)
        /// Slices of about this many bytes: each ends at the first cut after that many bytes.
        case bytes(Int64)
    }

    /// One slice: a run of the file's bytes and where it lies among the records.
    public struct Slice: Sendable, Hashable {
        /// The slice's bytes in the file.
        public var range: Range<Int64>
        /// The number of its first record in the file.
        public var firstRecord: Int
        /// The line of the file where it starts.
        public var firstLine: Int
        /// How many records it holds.
        public var records: Int
        /// For a JSON array cut into several slices, which run of elements this one holds.
        public var arrayPart: InputSlice.ArrayPart?

        /// How to read this slice, given the file's header for CSV and TSV (and, for its columns,
        /// the line it is on: ``SlicePlan/headerLine``).
        ///
        /// ```swift
        /// options.slice = plan.slices[1].input(header: .file("slices/header.csv"))
        /// ```
        public func input(header: InputSlice.Header?, headerLine: Int? = nil) -> InputSlice {
            InputSlice(firstRecord: firstRecord, firstLine: firstLine, header: header, headerLine: headerLine, arrayPart: arrayPart)
        }
    }

    /// The format the file was framed in.
    package let format: RecordFormat
    /// The file's size in bytes.
    package let size: Int64
    /// CSV and TSV: the bytes before the first data record, which every slice is read with.
    package let header: Range<Int64>?
    /// CSV and TSV: the header's column names; nil when the header cannot be read.
    package let columns: [String]?
    /// CSV and TSV: the line the header is on; nil when it cannot be read.
    package let headerLine: Int?
    /// The slices, in file order; together with ``header`` they are the whole file.
    package let slices: [Slice]

    /// The records of the file.
    package var records: Int { slices.reduce(0) { $0 + $1.records } }

    /// Frames the file at `path` and plans its slices.
    ///
    /// - Parameter options: how to read the file (its delimiter, its largest record); the batch
    ///   size and slice are set here.
    /// - Throws: ``InputError`` when the file cannot be opened or read, or is not a regular file
    ///   (its size must be known, and a second pass writes the slices). A gzip or zstd file is
    ///   planned in its decompressed bytes: the slices' ranges are offsets in those.
    package init(path: String, format: RecordFormat, by size: Size, options: RecordReader.Options = RecordReader.Options()) throws {
        // A gzip or zstd file is planned in its decompressed bytes (read once more to measure them).
        let (source, total) = try InputOpening.measuredSource(path: path)
        try self.init(source: source, name: path, format: format, size: total, options: options, cuts: Self.cuts(by: size, total: total))
    }

    /// Plans the slices of `bytes`, cutting wherever `cuts` says: it is told the offset where the
    /// first slice starts, and then gives, for each place the file may be cut, how many cuts to
    /// make there (0 for none; 2 or more leave empty slices between).
    init(
        bytes: [UInt8], format: RecordFormat, options: RecordReader.Options = RecordReader.Options(),
        cuts: (_ start: Int64) -> (InputBoundary) -> Int
    ) throws {
        try self.init(
            source: MemoryByteSource(bytes), name: "<memory>", format: format, size: Int64(bytes.count),
            options: options, cuts: cuts)
    }

    private init(
        source: any ByteSource, name: String, format: RecordFormat, size: Int64, options: RecordReader.Options,
        cuts: (Int64) -> (InputBoundary) -> Int
    ) throws {
        var options = options
        options.slice = nil
        options.maxRecordsPerBatch = 1
        self.format = format
        self.size = size
        let reader: RecordReader
        do {
            reader = try RecordReader(source: source, name: name, format: format, options: options)
        } catch let error as InputError where error.code == .unreadableHeader {
            header = 0..<size
            columns = nil
            headerLine = nil
            slices = [Slice(range: size..<size, firstRecord: 1, firstLine: 1, records: 0)]
            return
        }
        columns = reader.header
        headerLine = reader.header == nil ? nil : reader.headerLine
        let start: InputBoundary
        if format.isDelimited {
            // After the header; at the end when nothing follows it.
            start = reader.boundary ?? InputBoundary(offset: size, line: 1, nextRecord: 1)
            header = 0..<start.offset
        } else {
            start = InputBoundary(offset: 0, line: 1, nextRecord: 1)
            header = nil
        }
        var starts = [start]
        let cutsAt = cuts(start.offset)
        // A cut is made once a record follows it, so that the last slice is never empty (or blank).
        var pending: [InputBoundary] = []
        while try reader.skipBatch() {
            starts += pending
            pending = []
            guard let boundary = reader.boundary, boundary.offset < size else { continue }
            pending = Array(repeating: boundary, count: max(0, cutsAt(boundary)))
        }
        let ends = starts.dropFirst().map(\.nextRecord) + [reader.nextRecord]
        var slices: [Slice] = []
        for (index, (start, endRecord)) in zip(starts, ends).enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].offset : size
            slices.append(
                Slice(
                    range: start.offset..<end, firstRecord: start.nextRecord, firstLine: start.line,
                    records: endRecord - start.nextRecord))
        }
        if format == .json, slices.count > 1 {
            for index in slices.indices {
                slices[index].arrayPart = index == 0 ? .first : index == slices.count - 1 ? .last : .middle
            }
        }
        self.slices = slices
    }

    /// Cuts at the first place at or after each target offset: `parts` targets spread evenly
    /// over the bytes after `start`, or one every `bytes` bytes; at most one cut per place.
    private static func cuts(by size: Size, total: Int64) -> (Int64) -> (InputBoundary) -> Int {
        { start in
            let length = max(0, total - start)
            var index: Int64 = 1
            func target(_ index: Int64) -> Int64? {
                switch size {
                case .parts(let parts):
                    // start + length * index / parts, without overflow (index < parts ≤ 2^31).
                    let parts = Int64(min(parts, Int(Int32.max)))
                    return index < parts ? start + length / parts * index + length % parts * index / parts : nil
                case .bytes(let bytes):
                    let (offset, overflow) = max(1, bytes).multipliedReportingOverflow(by: index)
                    return overflow || offset > total ? nil : start + offset
                }
            }
            return { boundary in
                guard let next = target(index), boundary.offset >= next else { return 0 }
                while let next = target(index), next <= boundary.offset { index += 1 }
                return 1
            }
        }
    }
}
