import RuleCheck

/// `--max-violations`: reports at most so many violations, while the totals count them all.
///
/// ```swift
/// let limit = ViolationLimit(maxViolations: 100)
/// try limit.deliver(record, file: &fileSummary, run: &runSummary, to: report)
/// ```
///
/// One implementation for ``BatchCheck`` and ``SliceMerge``, so that a merged report is cut where
/// a check of the whole input cuts it.
struct ViolationLimit {
    let maxViolations: Int?

    /// Counts `record` whole in `file` and `run` (the totals so far), then gives it to `report`
    /// with only as many violations as the limit leaves room for after those `run` reported; the
    /// rest count as omitted (``CheckSummary/omitted``, ``CheckedRecord/omittedErrors``).
    func deliver(_ record: CheckedRecord, file: inout CheckSummary, run: inout CheckSummary, to report: any Report) throws {
        var record = record
        let room = maxViolations.map { max(0, $0 - run.reported) } ?? .max
        file.add(record)
        run.add(record)
        if record.violations.count > room {
            let omitted = record.violations[room...]
            record.omittedErrors = omitted.count { $0.severity == .error }
            record.violations.removeSubrange(room...)
            file.omitted += omitted.count
            run.omitted += omitted.count
        }
        try report.add(record)
    }
}
