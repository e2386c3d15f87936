/// Reports every input under one name: a slice of a larger file (`rulecheck check --name`) as
/// that file, standard input as the file it holds.
///
/// ```swift
/// let report = NamedReport(ReportFormat.slice.report(to: sink), name: "export.csv")
/// _ = try BatchCheck(checker: checker).run(files: ["part-00003.csv"], report: report)
/// ```
package final class NamedReport: Report {
    private let base: any Report
    private let name: String

    package init(_ base: any Report, name: String) {
        self.base = base
        self.name = name
    }

    package func begin(file: String) throws { try base.begin(file: name) }

    package func add(_ record: CheckedRecord) throws {
        var renamed = CheckedRecord(file: name, record: record.record, line: record.line, violations: record.violations)
        renamed.omittedErrors = record.omittedErrors
        try base.add(renamed)
    }

    package func end(file: String, summary: CheckSummary) throws { try base.end(file: name, summary: summary) }

    package func finish(_ summary: CheckSummary) throws { try base.finish(summary) }
}
