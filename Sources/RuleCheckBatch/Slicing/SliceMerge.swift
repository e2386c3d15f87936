import RuleCheck

/// Merges the reports of a file's slices (``SliceReport``) into the report a check of the whole
/// file gives, in any format: the same records, lines, order and totals, byte for byte — what
/// `rulecheck merge` runs.
///
/// ```swift
/// let sink = OutputSink(descriptor: 1)
/// let summary = try SliceMerge(maxViolations: 100)
///     .run(files: ["reports.jsonl"], report: ReportFormat.json.report(to: sink))
/// summary.errors
/// ```
///
/// The slices' records are replayed through the same ``Report`` types a check writes to, in the
/// order the reports are given (several slices may follow each other in one file, as Spark or
/// GNU parallel collect them). Consecutive slices of the same file make one file of the merged
/// report; each must start at the record where the one before it ended, the first at record 1.
/// The findings about a file (record 0) that several slices report — a CSV header's, a JSON key
/// that first appears in several slices — are kept once, where they first appear. The
/// totals are counted from the replayed records, and each slice's own totals must be what its
/// listed records add up to (so a report cut short is refused, not merged). `maxViolations`
/// cuts the merged report where a check with `--max-violations` cuts it; the slices themselves
/// must not be cut. A missing last slice shows only against what the file holds: give
/// ``expectedRecords`` (from `split`'s manifest) to have it checked.
package struct SliceMerge: Sendable {
    /// Report at most this many violations (``BatchCheck/Options/maxViolations``).
    public var maxViolations: Int?
    /// How many records each file holds, by the name its slices report (a manifest's `name` and
    /// `records`): every file named here must be merged whole, with exactly this many records.
    public var expectedRecords: [String: Int]

    public init(maxViolations: Int? = nil, expectedRecords: [String: Int] = [:]) {
        self.maxViolations = maxViolations
        self.expectedRecords = expectedRecords
    }

    /// Reads the slice reports in `files` (`-` is standard input), in order, and tells `report`
    /// what a check of the whole files tells it.
    ///
    /// - Returns: the totals, as ``BatchCheck/Outcome/summary`` has them.
    /// - Throws: ``SliceReportError`` for a slice report that cannot be merged, ``InputError`` for
    ///   one that cannot be read, ``OutputError`` for a report that cannot be written.
    public func run(files: [String], report: any Report) throws -> CheckSummary {
        var merge = Merging(limit: ViolationLimit(maxViolations: maxViolations), report: report, expectedRecords: expectedRecords)
        // Where the reports end: what is found missing at the end is said there.
        var end = (path: files.last ?? "-", line: 0)
        for path in files {
            let reader = try SliceReportReader(path: path)
            var lastLine = 0
            while let (line, number) = try reader.next() {
                lastLine = number
                try merge.take(line) { reader.error(number, $0) }
            }
            if let slice = merge.slice {
                throw reader.error(
                    lastLine,
                    "the slice of '\(slice.file)' that starts at record \(slice.firstRecord) has no totals: its report was cut short")
            }
            end = (path, lastLine)
        }
        try merge.finish { SliceReportError(path: end.path, line: end.line, message: $0) }
        return merge.run
    }
}

/// The state of a merge: the file being merged, the slice being read, the totals so far.
private struct Merging {
    struct File {
        let name: String
        var summary = CheckSummary()
        /// The findings about the file reported so far, by code and field.
        var findings: Set<Finding> = []
        /// The record the next slice must start at.
        var nextRecord = 1
    }

    struct Finding: Hashable {
        let code: IssueCode
        let field: String
    }

    struct Slice {
        let file: String
        let firstRecord: Int
        /// The slice's own totals, counted from its lines.
        var recount = CheckSummary()
        var listedRecords = 0
        var lastRecord = 0
    }

    let limit: ViolationLimit
    let report: any Report
    /// The records of the files still to be merged whole.
    var expectedRecords: [String: Int]
    var run = CheckSummary()
    var file: File?
    var slice: Slice?

    init(limit: ViolationLimit, report: any Report, expectedRecords: [String: Int]) {
        self.limit = limit
        self.report = report
        self.expectedRecords = expectedRecords
    }

    mutating func take(_ line: SliceReportReader.Line, error: (String) -> SliceReportError) throws {
        switch line {
        case .begin(let name, let firstRecord, _):
            if let slice { throw error("a slice of '\(name)' starts before the slice of '\(slice.file)' has its totals") }
            if let file, file.name == name, firstRecord == file.nextRecord {
                self.slice = Slice(file: name, firstRecord: firstRecord)
                return
            }
            guard firstRecord == 1 else {
                let after = file.map { $0.name == name ? " (the slice before it ended at record \($0.nextRecord - 1))" : "" } ?? ""
                throw error("the slice of '\(name)' starts at record \(firstRecord)\(after): a slice is missing or out of order")
            }
            try endFile(error: error)
            try report.begin(file: name)
            run.files += 1
            var file = File(name: name)
            file.summary.files = 1
            self.file = file
            self.slice = Slice(file: name, firstRecord: 1)
        case .record(let number, let line, let violations):
            guard var slice, var file else { throw error("a record line outside a slice") }
            let record = CheckedRecord(file: file.name, record: number, line: line, violations: violations)
            if number > 0 {
                guard number >= slice.firstRecord, number > slice.lastRecord else {
                    throw error("record \(number) is out of order in the slice that starts at record \(slice.firstRecord)")
                }
                slice.lastRecord = number
                slice.listedRecords += 1
            }
            slice.recount.add(record)
            var kept = record
            if number == 0 {
                kept.violations = violations.filter { file.findings.insert(Finding(code: $0.code, field: $0.field)).inserted }
            }
            if number > 0 || !kept.violations.isEmpty {
                try limit.deliver(kept, file: &file.summary, run: &run, to: report)
            }
            self.slice = slice
            self.file = file
        case .totals(let totals):
            guard let slice, var file else { throw error("a totals line outside a slice") }
            let unlisted = totals.records - slice.listedRecords
            var recount = slice.recount
            recount.files = 1
            recount.records += max(0, unlisted)
            recount.valid += max(0, unlisted)
            guard recount == totals, slice.lastRecord < slice.firstRecord + totals.records else {
                throw error(
                    "the totals of the slice of '\(slice.file)' that starts at record \(slice.firstRecord) are not what its records add up to: the report was cut short or changed"
                )
            }
            file.summary.records += unlisted
            file.summary.valid += unlisted
            run.records += unlisted
            run.valid += unlisted
            file.nextRecord = slice.firstRecord + totals.records
            self.file = file
            self.slice = nil
        }
    }

    /// Ends the file being merged, if any, once it holds the records expected of it.
    mutating func endFile(error: (String) -> SliceReportError) throws {
        guard let file else { return }
        if let expected = expectedRecords.removeValue(forKey: file.name), expected != file.summary.records {
            throw error(
                "the slices of '\(file.name)' hold \(file.summary.records) records, not the \(expected) of the file: a slice is missing")
        }
        try report.end(file: file.name, summary: file.summary)
        self.file = nil
    }

    mutating func finish(error: (String) -> SliceReportError) throws {
        try endFile(error: error)
        if let (name, _) = expectedRecords.min(by: { $0.key < $1.key }) {
            throw error("no slice of '\(name)'")
        }
        try report.finish(run)
    }
}
