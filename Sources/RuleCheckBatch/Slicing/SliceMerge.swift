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
///
/// Refused too: slices checked otherwise (their ``SliceFingerprint``s differ: other rules, another
/// `--today`, `--locale`, `--strict` or rulecheck), and a slice given twice or overlapping one
/// merged already (a retried task that wrote its report twice), also when it starts the file
/// again. Names in messages are cut as a text report cuts long values.
package struct SliceMerge: Sendable {
    /// Report at most this many violations (``BatchCheck/Options/maxViolations``).
    package var maxViolations: Int?
    /// How many records each file holds, by the name its slices report (a manifest's `name` and
    /// `records`): every file named here must be merged whole, with exactly this many records.
    package var expectedRecords: [String: Int]

    package init(maxViolations: Int? = nil, expectedRecords: [String: Int] = [:]) {
        self.maxViolations = maxViolations
        self.expectedRecords = expectedRecords
    }

    /// Reads the slice reports in `files` (`-` is standard input), in order, and tells `report`
    /// what a check of the whole files tells it.
    ///
    /// - Returns: the totals, as ``BatchCheck/Outcome/summary`` has them.
    /// - Throws: ``SliceReportError`` for a slice report that cannot be merged, ``InputError`` for
    ///   one that cannot be read, ``OutputError`` for a report that cannot be written.
    package func run(files: [String], report: any Report) throws -> CheckSummary {
        var merge = Merging(limit: ViolationLimit(maxViolations: maxViolations), report: report, expectedRecords: expectedRecords)
        // Where the reports end: what is found missing at the end is said there.
        var end = (path: files.last ?? "-", line: 0)
        for path in files {
            let reader = try SliceReportReader(path: path)
            var lastLine = 0
            while let (line, number) = try reader.next() {
                lastLine = number
                try merge.take(line, at: Merging.Place(path: path, line: number)) { reader.error(number, $0) }
            }
            if let slice = merge.slice {
                throw reader.error(lastLine, "\(slice.described) has no totals: its report was cut short")
            }
            end = (path, lastLine)
        }
        try merge.finish { SliceReportError(path: end.path, line: end.line, message: $0) }
        return merge.run
    }
}

extension SliceMerge {
    /// A file's name as a merge's messages quote it: in quotes, cut as a text report cuts a long
    /// value (`'xxxx… (900000 characters)'`).
    package static func quoted(name: String) -> String {
        "'" + TextReport.shortened(name) + "'"
    }
}

/// The state of a merge: the file being merged, the slice being read, the totals so far, and what
/// every slice must agree with.
private struct Merging {
    /// A line of the slice reports: where a slice starts.
    struct Place: CustomStringConvertible {
        let path: String
        let line: Int
        var description: String { "\(path):\(line)" }
    }

    struct File {
        let name: String
        var summary = CheckSummary()
        /// The findings about the file reported so far, by code and field.
        var findings: Set<Finding> = []
        /// The record the next slice must start at.
        var nextRecord = 1
        /// Where each slice merged so far starts, in order: its first record and its line.
        var starts: [(record: Int, place: Place)] = []

        /// The slice merged so far that holds `record` (the last one that starts at or before it).
        func slice(holding record: Int) -> (record: Int, place: Place)? {
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle].record <= record { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? starts[low - 1] : nil
        }
    }

    struct Finding: Hashable {
        let code: IssueCode
        let field: String
    }

    struct Slice {
        let file: String
        let firstRecord: Int
        /// `the slice of 'export.csv' that starts at record 1001`
        var described: String { Self.described(file: file, firstRecord: firstRecord) }

        static func described(file: String, firstRecord: Int) -> String {
            "the slice of \(SliceMerge.quoted(name: file)) that starts at record \(firstRecord)"
        }
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
    /// The first slice's fingerprint, which every other slice must have.
    var reference: (fingerprint: SliceFingerprint, slice: String, place: Place)?
    /// The files merged whole already, and where their first slice starts.
    var merged: [String: Place] = [:]

    init(limit: ViolationLimit, report: any Report, expectedRecords: [String: Int]) {
        self.limit = limit
        self.report = report
        self.expectedRecords = expectedRecords
    }

    mutating func take(_ line: SliceReportReader.Line, at place: Place, error: (String) -> SliceReportError) throws {
        switch line {
        case .begin(let name, let firstRecord, _, let fingerprint):
            if let slice {
                throw error("a slice of \(SliceMerge.quoted(name: name)) starts before \(slice.described) has its totals")
            }
            let described = Slice.described(file: name, firstRecord: firstRecord)
            try agree(fingerprint, of: described, at: place, error: error)
            if let earlier = merged[name] {
                throw error(
                    "\(described) is of a file merged already, from \(earlier) on: a slice given twice, or the slices of a file not one after the other"
                )
            }
            if var file, file.name == name {
                if firstRecord == file.nextRecord {
                    file.starts.append((firstRecord, place))
                    self.file = file
                    self.slice = Slice(file: name, firstRecord: firstRecord)
                    return
                }
                if firstRecord < file.nextRecord, let earlier = file.slice(holding: firstRecord) {
                    guard earlier.record != firstRecord else {
                        throw error(
                            "\(described) is given twice (first at \(earlier.place)): a retried task's report, or a report given twice")
                    }
                    let last = file.nextRecord - 1
                    let records = firstRecord == last ? "record \(last) is" : "records \(firstRecord)–\(last) are"
                    throw error(
                        "\(described) overlaps the slice that starts at record \(earlier.record) (\(earlier.place)): \(records) merged already"
                    )
                }
            }
            guard firstRecord == 1 else {
                let after = file.map { $0.name == name ? " (the slice before it ended at record \($0.nextRecord - 1))" : "" } ?? ""
                throw error(
                    "the slice of \(SliceMerge.quoted(name: name)) starts at record \(firstRecord)\(after): a slice is missing or out of order"
                )
            }
            try endFile(error: error)
            try report.begin(file: name)
            run.files += 1
            var file = File(name: name)
            file.summary.files = 1
            file.starts = [(1, place)]
            self.file = file
            self.slice = Slice(file: name, firstRecord: 1)
        case .record(let number, let line, let violations, let recordID):
            guard var slice, var file else { throw error("a record line outside a slice") }
            let record = CheckedRecord(file: file.name, record: number, line: line, violations: violations, recordID: recordID)
            if number > 0 {
                guard number >= slice.firstRecord, number > slice.lastRecord else {
                    throw error("record \(number) is out of order in \(slice.described)")
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
            // Counts come from the report's text: added with overflow checked (a changed report may
            // hold any number), and refused when they pass what an Int holds.
            let (next, nextOverflows) = slice.firstRecord.addingReportingOverflow(totals.records)
            let (fileRecords, fileOverflows) = file.summary.records.addingReportingOverflow(max(0, unlisted))
            let (runRecords, runOverflows) = run.records.addingReportingOverflow(max(0, unlisted))
            guard !nextOverflows, !fileOverflows, !runOverflows else {
                throw error(
                    "the totals of \(slice.described) count \(totals.records) records, more than can be added up (\(Int.max) at most): the report was changed"
                )
            }
            guard recount == totals, slice.lastRecord < next else {
                throw error("the totals of \(slice.described) are not what its records add up to: the report was cut short or changed")
            }
            // `valid` is at most `records` in a summary, so it cannot overflow where `records` did not.
            file.summary.records = fileRecords
            file.summary.valid += unlisted
            run.records = runRecords
            run.valid += unlisted
            file.nextRecord = next
            self.file = file
            self.slice = nil
        }
    }

    /// Checks that a slice was checked as the first one was: with the same rules and options.
    mutating func agree(
        _ fingerprint: SliceFingerprint?, of slice: String, at place: Place, error: (String) -> SliceReportError
    ) throws {
        guard let fingerprint else {
            throw error(
                "\(slice) has no fingerprint of the rules and options it was checked with: check slices with 'rulecheck check --format slice'"
            )
        }
        guard let reference else {
            reference = (fingerprint, slice, place)
            return
        }
        let differences = fingerprint.differences(from: reference.fingerprint)
        guard differences.isEmpty else {
            throw error(
                "\(slice) was checked otherwise than \(reference.slice) (\(reference.place)): \(differences.joined(separator: "; ")); check every slice with the same rules and options"
            )
        }
    }

    /// Ends the file being merged, if any, once it holds the records expected of it.
    mutating func endFile(error: (String) -> SliceReportError) throws {
        guard let file else { return }
        if let expected = expectedRecords.removeValue(forKey: file.name), expected != file.summary.records {
            throw error(
                "the slices of \(SliceMerge.quoted(name: file.name)) hold \(file.summary.records) records, not the \(expected) of the file: a slice is missing"
            )
        }
        try report.end(file: file.name, summary: file.summary)
        if let first = file.starts.first { merged[file.name] = first.place }
        self.file = nil
    }

    mutating func finish(error: (String) -> SliceReportError) throws {
        try endFile(error: error)
        if let (name, _) = expectedRecords.min(by: { $0.key < $1.key }) {
            throw error("no slice of \(SliceMerge.quoted(name: name))")
        }
        try report.finish(run)
    }
}
