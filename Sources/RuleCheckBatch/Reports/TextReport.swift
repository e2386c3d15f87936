import RuleCheck

/// The report for people: each record with problems, its violations one per line, then totals.
///
/// ```text
/// orders.csv: file, line 1
///   warning  comment  unknown_column  'comment' is not a field of the rules
/// orders.csv: record 7, line 8
///   error    doc_number  mask       Series and number must look like 0000 000000 (value "12 34")
/// export.csv: record 9 (uuid:2d3dbc0c), line 10
///   error    age  check  Between 0 and 120 (value "130")
///
/// 1 file, 1000 records: 950 valid, 50 invalid — 73 errors, 12 warnings
///   by code:  mask 30, required 25, …
///   by field: doc_number 30, …
/// ```
///
/// Findings about a file as a whole (record 0) stand under `FILE: file, line N` (`FILE: file` for
/// a file that could not be read). Control
/// characters from the data are shown as escapes (`\u{1B}`), so a report never drives the
/// terminal it is printed on. A value or field longer than 100 characters is shown as its first
/// 100 and its length (`xxxx… (900000 characters)`), where it stands and where a message quotes
/// it, and a message is cut after 500 characters; the machine formats keep them whole. A report
/// cut short by `--max-violations` says so on its last line.
final class TextReport: Report {
    private let sink: OutputSink

    init(sink: OutputSink) {
        self.sink = sink
    }

    func add(_ record: CheckedRecord) throws {
        guard !record.violations.isEmpty else { return }
        let file = VisibleText.escaped(record.file)
        // Line 0: a file that could not be read, so no line of it.
        let line = record.line > 0 ? ", line \(record.line)" : ""
        let id = record.recordID.map { " (\(VisibleText.escaped(Self.shortened($0))))" } ?? ""
        try sink.write(record.record == 0 ? "\(file): file\(line)\n" : "\(file): record \(record.record)\(id)\(line)\n")
        let fields = record.violations.map { VisibleText.escaped(Self.shortened($0.field)) }
        let fieldWidth = min(30, fields.map(\.count).max() ?? 0)
        let codeWidth = record.violations.map(\.code.rawValue.count).max() ?? 0
        for (violation, field) in zip(record.violations, fields) {
            let value = violation.value.map { " (value \"\(VisibleText.escaped(Self.shortened($0)))\")" } ?? ""
            // Findings about the whole record (malformed input) have no field column.
            let field = field.isEmpty && fieldWidth == 0 ? "" : Self.padded(field, fieldWidth + 2)
            try sink.write(
                "  " + Self.padded(violation.severity.rawValue, 8) + field
                    + Self.padded(violation.code.rawValue, codeWidth + 2) + VisibleText.escaped(Self.message(violation)) + value + "\n")
        }
    }

    func finish(_ summary: CheckSummary) throws {
        if summary.reported > 0 { try sink.write("\n") }
        try sink.write(summary.totalsLine + "\n")
        if !summary.byCode.isEmpty { try sink.write("  by code:  " + Self.counts(summary.byCode) + "\n") }
        if !summary.byField.isEmpty { try sink.write("  by field: " + Self.counts(summary.byField) + "\n") }
        if let note = summary.truncationNote { try sink.write(note + "\n") }
        try sink.flush()
    }

    /// `name count` pairs, most frequent first (then by name), at most 12.
    private static func counts(_ table: [String: Int]) -> String {
        let sorted = CheckSummary.ranked(table)
        var parts = sorted.prefix(12).map { "\(VisibleText.escaped(shortened($0.key))) \($0.value)" }
        if sorted.count > 12 { parts.append("… \(sorted.count - 12) more") }
        return parts.joined(separator: ", ")
    }

    /// Values and fields longer than this many characters are shown cut.
    static let excerptLength = 100

    /// `text`, or when it is longer than `limit` characters its first `limit` and its length:
    /// `xxxx… (900000 characters)`. Not escaped.
    static func shortened(_ text: String, limit: Int = excerptLength) -> String {
        // A character is at least one byte: most texts are told short without counting.
        guard text.utf8.count > limit else { return text }
        let count = text.count
        return count > limit ? text.prefix(limit) + "… (\(count) characters)" : text
    }

    /// The violation's message, a long value or field it quotes shortened as where they stand,
    /// and cut after 500 characters all the same.
    static func message(_ violation: Violation) -> String {
        var message = violation.message
        for quoted in [violation.value ?? "", violation.field] where quoted.utf8.count > excerptLength {
            let short = shortened(quoted)
            if short != quoted { message = message.replacing(quoted, with: short) }
        }
        return shortened(message, limit: 500)
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
