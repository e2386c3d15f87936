import RuleCheck

/// The output formats of `rulecheck check`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// For people: violations grouped per record, then a summary.
    case text
    /// One JSON object: `{"summary": {…}, "violations": [{…}, …]}`.
    case json
    /// One violation per line, then `{"summary": {…}}`.
    case jsonl
    /// JUnit XML: a test suite per file, a failing test case per invalid record.
    case junit
    /// SARIF 2.1.0, for code-scanning tools.
    case sarif
    /// One self-contained HTML page for people: summary, charts, worst fields, first failing
    /// records per code (``HTMLReport``).
    case html
    /// Only the totals, by code and by field, as text (``SummaryReport``).
    case summary
    /// Only the totals, by code and by field, as one JSON object.
    case summaryJSON = "summary-json"
    /// The report of a slice of a larger file, for `rulecheck merge` (``SliceReport``): JSON Lines
    /// with every record's violations and the totals.
    case slice

    /// A report of this format writing to `sink`.
    ///
    /// - Throws: ``OutputError`` when the report cannot start: its header cannot be written, or
    ///   the temporary file that `json` and `junit` spool to cannot be created.
    public func report(to sink: OutputSink) throws(OutputError) -> any Report {
        switch self {
        case .text: TextReport(sink: sink)
        case .json: try JSONReport(sink: sink)
        case .jsonl: JSONLinesReport(sink: sink)
        case .junit: try JUnitReport(sink: sink)
        case .sarif: try SARIFReport(sink: sink)
        case .html: HTMLReport(sink: sink)
        case .summary: SummaryReport(sink: sink, style: .text)
        case .summaryJSON: SummaryReport(sink: sink, style: .json)
        case .slice: SliceReport(sink: sink, fingerprint: nil)
        }
    }
}

/// A streaming report: told about each file and each checked record in input order, then
/// given the summary.
///
/// Each call may throw when the report cannot be written (``OutputError``); ``BatchCheck`` then
/// stops and rethrows the error. ``finish(_:)`` flushes everything written.
public protocol Report: AnyObject {
    /// A file begins (by default nothing is written).
    func begin(file: String) throws
    /// A checked record; its violations may be fewer than it has (``CheckedRecord/omittedErrors``)
    /// once the report is cut short, and a record with none is still given (to be counted).
    func add(_ record: CheckedRecord) throws
    /// A file ends, with its totals (by default nothing is written).
    func end(file: String, summary: CheckSummary) throws
    func finish(_ summary: CheckSummary) throws
}

extension Report {
    /// Writes nothing: most reports write per record and at the finish.
    public func begin(file: String) {}

    /// Writes nothing: most reports write per record and at the finish.
    public func end(file: String, summary: CheckSummary) {}
}

extension Violation {
    /// The violation as in `--format json`: file, record, line, field, code, severity, value,
    /// message, for a JSON Schema's failure its pointer and schema path, and the record's
    /// `recordId` when it has one (``CheckedRecord/recordID``).
    func json(in record: CheckedRecord) -> JSONValue {
        var members: JSONObject = [
            "file": .string(record.file), "record": .number(Double(record.record)),
            "line": .number(Double(record.line)), "field": .string(field), "code": .string(code.rawValue),
            "severity": .string(severity.rawValue), "value": value.map { .string($0) } ?? .null,
            "message": .string(message),
        ]
        if let pointer { members["pointer"] = .string(pointer) }
        if let schemaPath { members["schemaPath"] = .string(schemaPath) }
        if let recordID = record.recordID { members["recordId"] = .string(recordID) }
        return .object(members)
    }
}
