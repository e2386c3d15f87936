import Foundation
public import RuleCheck

/// Checks export files against a rule set: streaming, on several cores, reporting in input
/// order — what `rulecheck check` runs.
///
/// ```swift
/// let check = BatchCheck(checker: RecordChecker(rules), options: .init(jobs: 4))
/// let outcome = try check.run(files: ["export.csv"], report: ReportFormat.text.report(to: sink))
/// outcome.summary.invalid
/// ```
///
/// Each file is framed into batches on one thread; the batches are decoded and checked on
/// ``Options/jobs`` worker threads; the results come back in input order. Memory stays bounded
/// whatever the size of the files.
public struct BatchCheck: Sendable {
    public struct Options: Sendable {
        /// The format of every file; `nil` takes it from each file's extension, or else from its
        /// first bytes (``RecordFormat/sniff(firstBytes:)``).
        public var format: RecordFormat?
        /// The CSV delimiter; `nil` means `,` (or a tab for TSV).
        public var delimiter: CSVDelimiter?
        /// Worker threads, at most ``maxJobs`` (a larger number is taken as ``maxJobs``).
        public var jobs: Int
        /// Report at most this many violations. Checking goes on to the end all the same, so the
        /// summary counts every record and violation, and says the report was cut short
        /// (``CheckSummary/isTruncated``).
        public var maxViolations: Int?
        /// Report warnings as errors (findings about a file included).
        public var strict: Bool
        /// How the reader frames the input.
        public var reader: RecordReader.Options
        /// How the CSV exports write their columns, when a survey platform wrote them
        /// (`ExportLayout`); nil: a column per field, named by its path.
        public var layout: ExportLayout?
        /// Stops the run: once it is set, the run throws `CancellationError` before the next record
        /// is checked (what `rulecheck serve` does at a request's time limit). Nil: the run goes to
        /// the end.
        public var cancellation: CancellationFlag?

        public init(
            format: RecordFormat? = nil, delimiter: CSVDelimiter? = nil,
            jobs: Int = Options.defaultJobs, maxViolations: Int? = nil, strict: Bool = false,
            reader: RecordReader.Options = RecordReader.Options(), layout: ExportLayout? = nil,
            cancellation: CancellationFlag? = nil
        ) {
            self.format = format
            self.delimiter = delimiter
            self.jobs = jobs
            self.maxViolations = maxViolations
            self.strict = strict
            self.reader = reader
            self.layout = layout
            self.cancellation = cancellation
        }

        /// The most worker threads a run uses: more would only cost memory (each holds batches in
        /// flight) and thread start-up, on any machine this runs on.
        public static let maxJobs = 256
        /// One worker thread per active processor (at most ``maxJobs``).
        public static var defaultJobs: Int { min(OrderedParallelMap.defaultJobs, maxJobs) }
    }

    /// What a run found.
    public struct Outcome: Sendable {
        public var summary = CheckSummary()
        /// Inputs that could not be opened or read at all, with why; each is also an `unreadable`
        /// finding of its file in the report. (A CSV or TSV header that cannot be read is not one:
        /// it is a `malformed` finding of the file.)
        public var unreadable: [InputError] = []
    }

    public let checker: RecordChecker
    public let options: Options

    public init(checker: RecordChecker, options: Options = Options()) {
        self.checker = checker
        self.options = options
    }

    /// Checks `files` in order (`-` is standard input), telling `report` about every record.
    ///
    /// - Parameter progress: called on the calling thread now and then with how far the current
    ///   file has been read.
    /// - Throws: for a failure of the report itself (``OutputError`` from its sink), which ends
    ///   the run at once, and `CancellationError` once ``Options/cancellation`` is set; unreadable
    ///   inputs are in the outcome.
    public func run(
        files: [String], report: any Report,
        progress: ((_ file: String, _ read: ReadProgress, _ records: Int) -> Void)? = nil
    ) throws -> Outcome {
        // Without --input and an extension (standard input), the first bytes tell the format.
        try run(files: files, report: report, progress: progress) { file, options in
            try RecordReader.opening(path: file, format: self.options.format, options: options)
        }
    }

    /// Checks records held in memory (a request's body, say) as if they were the file `name`:
    /// the same findings, numbering and report as ``run(files:report:progress:)`` gives for a
    /// file with these bytes.
    ///
    /// ```swift
    /// let sink = OutputSink.memory()
    /// let outcome = try BatchCheck(checker: checker, options: .init(jobs: 1))
    ///     .run(bytes: Array(body), name: "-", format: .jsonl, report: ReportFormat.json.report(to: sink))
    /// ```
    ///
    /// - Throws: as ``run(files:report:progress:)``.
    public func run(bytes: [UInt8], name: String, format: RecordFormat, report: any Report) throws -> Outcome {
        try run(files: [name], report: report, progress: nil) { file, options in
            try RecordReader(bytes: bytes, name: file, format: format, options: options)
        }
    }

    private func run(
        files: [String], report: any Report, progress: ((String, ReadProgress, Int) -> Void)?,
        open: (String, RecordReader.Options) throws -> sending RecordReader
    ) throws -> Outcome {
        var outcome = Outcome()
        for file in files {
            var readerOptions = options.reader
            readerOptions.delimiter = options.delimiter ?? readerOptions.delimiter
            let reader: RecordReader
            do {
                reader = try open(file, readerOptions)
            } catch let error as InputError {
                // A header that cannot be read is a finding of the file (no column has a name, so
                // no record can be checked); a file that cannot be opened or read is one too
                // (line 0: none was read), so that the report never looks clean, and it is unreadable.
                let header = error.code == .unreadableHeader
                if !header { outcome.unreadable.append(error) }
                outcome.summary.files += 1
                try report.begin(file: file)
                var fileRun = FileRun(file: file, checker: checker, strict: options.strict, columns: nil)
                let finding = checker.violation(for: header ? .unreadableHeader(error.message) : .unreadable(error.description))
                let result = Result(record: CheckedRecord(file: file, record: 0, line: header ? error.line ?? 1 : 0, violations: [finding]))
                try fileRun.deliver(result, into: &outcome, report: report, limit: options.maxViolations)
                try report.end(file: file, summary: fileRun.summary)
                continue
            }
            outcome.summary.files += 1
            try report.begin(file: file)
            let read = reader.progress
            var fileRun = FileRun(
                file: file, checker: checker, strict: options.strict,
                columns: reader.header.map { checker.columns($0, layout: options.layout) },
                headerLine: reader.headerLine)
            if let header = fileRun.headerFindings() {
                try fileRun.deliver(header, into: &outcome, report: report, limit: options.maxViolations)
            }
            do {
                try checkRecords(reader: reader, read: read, run: &fileRun, outcome: &outcome, report: report, progress: progress)
            } catch let error as InputError {
                // Read in part: what was read is reported, then that the rest could not be.
                outcome.unreadable.append(error)
                let finding = CheckedRecord(
                    file: file, record: 0, line: 0, violations: [checker.violation(for: .unreadable(error.description))])
                try fileRun.deliver(Result(record: finding), into: &outcome, report: report, limit: options.maxViolations)
            }
            try report.end(file: file, summary: fileRun.summary)
        }
        try report.finish(outcome.summary)
        return outcome
    }

    private func checkRecords(
        reader: sending RecordReader, read: ReadProgress, run: inout FileRun, outcome: inout Outcome, report: any Report,
        progress: ((String, ReadProgress, Int) -> Void)?
    ) throws {
        let checker = self.checker
        let columns = run.columns
        let file = run.file
        let cancellation = options.cancellation
        var lastProgress = Date.distantPast
        try OrderedParallelMap(jobs: min(options.jobs, Options.maxJobs)).run(
            produce: { try reader.nextBatch() },
            transform: { batch in
                try Self.check(batch, file: file, checker: checker, columns: columns, cancellation: cancellation)
            },
            consume: { results in
                for result in results {
                    try run.deliver(result, into: &outcome, report: report, limit: options.maxViolations)
                }
                if let progress, Date().timeIntervalSince(lastProgress) > 0.1 {
                    lastProgress = Date()
                    progress(file, read, run.summary.records)
                }
                return .proceed
            })
        progress?(file, read, run.summary.records)
    }

    /// A decoded and checked record, with the JSON keys it had that no field matches.
    struct Result: Sendable {
        var record: CheckedRecord
        var unknownKeys: [String] = []
    }

    /// Decodes and checks one batch (on a worker thread): each record where its bytes lie when
    /// it is well-formed (``RecordBytesCheck``), else decoded into cells or an object first.
    ///
    /// - Throws: `CancellationError` when `cancellation` is set before a record or while one is checked.
    static func check(
        _ batch: RecordBatch, file: String, checker: RecordChecker, columns: ColumnMap?, cancellation: CancellationFlag?
    ) throws(CancellationError) -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(batch.count)
        let session = checker.session()
        var bytesCheck = RecordBytesCheck(decoder: batch.decoder, columns: columns)
        var scratch: [UInt8] = []
        try batch.bytes.withUnsafeBufferPointer { buffer throws(CancellationError) in
            for index in batch.spans.indices {
                if let cancellation, cancellation.isCancelled { throw CancellationError() }
                let span = batch.spans[index]
                if batch.problems.isEmpty || batch.problems[index] == nil,
                    let checked = bytesCheck.check(UnsafeBufferPointer(rebasing: buffer[span.range]), session)
                {
                    results.append(
                        Result(
                            record: CheckedRecord(
                                file: file, record: span.number, line: span.line,
                                violations: checked.violations, recordID: checked.recordID)))
                } else {
                    results.append(
                        check(
                            batch.decode(at: index, in: buffer, scratch: &scratch), file: file,
                            checker: checker, session: session, columns: columns))
                }
                // Cancelled while the record was checked: its regexes stopped (MatchBudget), so
                // its findings are not all there.
                if let cancellation, cancellation.isCancelled { throw CancellationError() }
            }
        }
        return results
    }

    /// Checks a decoded record.
    private static func check(
        _ decoded: DecodedRecord, file: String, checker: RecordChecker,
        session: RecordChecker.Session, columns: ColumnMap?
    ) -> Result {
        var result = Result(record: CheckedRecord(file: file, record: decoded.number, line: decoded.line, violations: []))
        switch decoded.content {
        case .cells(let cells):
            if let columns {
                result.record.violations = session.check(cells: cells, columns: columns)
                if !result.record.violations.isEmpty, let id = columns.recordIDColumn, id < cells.count, !cells[id].isEmpty {
                    result.record.recordID = cells[id]
                }
            }
        case .object(let object):
            let (violations, unknown) = session.check(json: object)
            // A repeated key is about the record as read, so it comes before the checks.
            result.record.violations = decoded.duplicateKeys.map { checker.violation(for: .duplicateKey($0)) } + violations
            result.unknownKeys = unknown
        case .value(let value):
            result.record.violations = session.check(record: value).violations
        case .malformed(let detail):
            result.record.violations = [checker.violation(for: .malformed(detail))]
        }
        return result
    }
}

/// The state of checking one file: the keys already reported as unknown (once per file), and its totals.
struct FileRun {
    let file: String
    let checker: RecordChecker
    let strict: Bool
    let columns: ColumnMap?
    /// The line of the CSV header, where its findings are reported.
    let headerLine: Int
    var summary = CheckSummary()
    private var reportedKeys: Set<String> = []
    /// Whether more than ``maxUnknownKeys`` distinct keys matched no field (and that was reported).
    private var keysCapped = false

    /// The most distinct unknown keys of one file that are reported (and remembered), each once.
    static let maxUnknownKeys = 1_000

    init(file: String, checker: RecordChecker, strict: Bool, columns: ColumnMap?, headerLine: Int = 1) {
        self.file = file
        self.checker = checker
        self.strict = strict
        self.columns = columns
        self.headerLine = headerLine
        summary.files = 1
    }

    /// The header's findings, at the header's line: columns that no field matches, columns named twice.
    func headerFindings() -> BatchCheck.Result? {
        guard let columns else { return nil }
        // A JSON Schema says which members a record may have: an unknown column is its business.
        let unknown = checker.rules.isCheckedByJSONSchema ? [] : columns.unknown
        var violations = unknown.filter { !columns.duplicates.contains($0) }.map {
            checker.violation(for: .unknownColumn($0))
        }
        violations += Set(columns.duplicates).sorted().map { checker.violation(for: .duplicateColumn($0)) }
        guard !violations.isEmpty else { return nil }
        return BatchCheck.Result(record: CheckedRecord(file: file, record: 0, line: headerLine, violations: violations))
    }

    /// Reports one record, and before it the keys it has that no field matches and that this file
    /// has not reported yet: those are findings about the file (record 0, at this record's line),
    /// like the columns of a header.
    mutating func deliver(
        _ result: BatchCheck.Result, into outcome: inout BatchCheck.Outcome, report: any Report,
        limit: Int?
    ) throws {
        var keys: [String] = []
        var capped = false
        for key in result.unknownKeys where !reportedKeys.contains(key) {
            // Past the cap, keys are neither remembered nor listed: memory does not grow with
            // the distinct keys of a file (2M keys held 396 MB), and one finding says so.
            guard reportedKeys.count < Self.maxUnknownKeys else {
                capped = !keysCapped
                keysCapped = true
                break
            }
            reportedKeys.insert(key)
            keys.append(key)
        }
        if !keys.isEmpty || capped {
            let findings =
                keys.map { checker.violation(for: .unknownKey($0)) }
                + (capped ? [checker.violation(for: .unknownKeysCapped(Self.maxUnknownKeys))] : [])
            try deliver(
                CheckedRecord(file: file, record: 0, line: result.record.line, violations: findings),
                into: &outcome, report: report, limit: limit)
        }
        try deliver(result.record, into: &outcome, report: report, limit: limit)
    }

    /// Applies `--strict`, counts the record whole, and reports it — with only as many violations
    /// as `limit` leaves room for.
    private mutating func deliver(
        _ record: CheckedRecord, into outcome: inout BatchCheck.Outcome, report: any Report,
        limit: Int?
    ) throws {
        var record = record
        if strict {
            record.violations = record.violations.map { violation in
                violation.severity == .warning
                    ? Violation(
                        field: violation.field, code: violation.code, severity: .error, value: violation.value,
                        message: violation.message, rule: violation.rule)
                    : violation
            }
        }
        try ViolationLimit(maxViolations: limit).deliver(record, file: &summary, run: &outcome.summary, to: report)
    }
}
