import RuleCheck

/// The report for people: each record with problems, its violations one per line, then totals.
///
/// ```text
/// orders.csv: record 7, line 8
///   error    doc_number  mask       Series and number must look like 0000 000000 (value "12 34")
///
/// 1 file, 1000 records: 950 valid, 50 invalid — 73 errors, 12 warnings
///   by code:  mask 30, required 25, …
///   by field: doc_number 30, …
/// ```
final class TextReport: Report {
    private let sink: OutputSink

    init(sink: OutputSink) {
        self.sink = sink
    }

    func begin(file: String) {}

    func add(_ record: CheckedRecord) {
        guard !record.violations.isEmpty else { return }
        sink.write(record.record == 0 ? "\(record.file):\n" : "\(record.file): record \(record.record), line \(record.line)\n")
        let fieldWidth = min(30, record.violations.map(\.field.count).max() ?? 0)
        let codeWidth = record.violations.map(\.code.rawValue.count).max() ?? 0
        for violation in record.violations {
            let value = violation.value.map { " (value \"\($0)\")" } ?? ""
            // Findings about the whole record (malformed input) have no field column.
            let field = violation.field.isEmpty && fieldWidth == 0 ? "" : Self.padded(violation.field, fieldWidth + 2)
            sink.write("  " + Self.padded(violation.severity.rawValue, 8) + field
                       + Self.padded(violation.code.rawValue, codeWidth + 2) + violation.message + value + "\n")
        }
    }

    func end(file: String, summary: CheckSummary) {}

    func finish(_ summary: CheckSummary) {
        if summary.errors + summary.warnings > 0 { sink.write("\n") }
        let files = summary.files == 1 ? "1 file" : "\(summary.files) files"
        let records = summary.records == 1 ? "1 record" : "\(summary.records) records"
        sink.write("\(files), \(records): \(summary.valid) valid, \(summary.invalid) invalid"
                   + " — \(summary.errors) error\(summary.errors == 1 ? "" : "s"), \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")\n")
        if !summary.byCode.isEmpty { sink.write("  by code:  " + Self.counts(summary.byCode) + "\n") }
        if !summary.byField.isEmpty { sink.write("  by field: " + Self.counts(summary.byField) + "\n") }
        sink.flush()
    }

    /// `name count` pairs, most frequent first (then by name), at most 12.
    private static func counts(_ table: [String: Int]) -> String {
        let sorted = table.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        var parts = sorted.prefix(12).map { "\($0.key) \($0.value)" }
        if sorted.count > 12 { parts.append("… \(sorted.count - 12) more") }
        return parts.joined(separator: ", ")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
