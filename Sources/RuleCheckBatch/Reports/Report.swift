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

    /// A report of this format writing to `sink`.
    public func report(to sink: OutputSink) -> any Report {
        switch self {
        case .text: TextReport(sink: sink)
        case .json: JSONReport(sink: sink)
        case .jsonl: JSONLinesReport(sink: sink)
        case .junit: JUnitReport(sink: sink)
        case .sarif: SARIFReport(sink: sink)
        }
    }
}

/// A streaming report: told about each file and each checked record in input order, then
/// given the summary.
public protocol Report: AnyObject {
    func begin(file: String)
    func add(_ record: CheckedRecord)
    func end(file: String, summary: CheckSummary)
    func finish(_ summary: CheckSummary)
}

extension Violation {
    /// The violation as in `--format json`: file, record, line, field, code, severity, value, message.
    func json(in record: CheckedRecord) -> JSONValue {
        .object([
            "file": .string(record.file), "record": .number(Double(record.record)),
            "line": .number(Double(record.line)), "field": .string(field), "code": .string(code.rawValue),
            "severity": .string(severity.rawValue), "value": value.map { .string($0) } ?? .null,
            "message": .string(message),
        ])
    }
}
