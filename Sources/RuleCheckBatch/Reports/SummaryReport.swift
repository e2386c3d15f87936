import RuleCheck

/// Only the totals: records, errors and warnings, and the violations counted by code and by field
/// (list items under `drivers[].birth_date`) — for the quick "how bad is this export" question.
/// No violation is shown, so nothing is spooled and the report is the same size for any input.
///
/// Text (`--format summary`), every code and field, most frequent first (then by name):
///
/// ```text
/// 1 file, 1000 records: 950 valid, 50 invalid — 73 errors, 12 warnings
/// by code:
///   mask      30
///   required  25
/// by field:
///   doc_number  30
/// ```
///
/// JSON (`--format summary-json`), one object on one line, keys sorted:
/// `{"by_code":{"mask":30,…},"by_field":{"doc_number":30,…},"summary":{"errors":73,…}}`, the
/// summary as in the `json` report (with `truncated` and `reported` when `--max-violations` cut
/// the count of violations a full report would show).
final class SummaryReport: Report {
    enum Style { case text, json }

    private let sink: OutputSink
    private let style: Style

    init(sink: OutputSink, style: Style) {
        self.sink = sink
        self.style = style
    }

    func add(_ record: CheckedRecord) {}

    func finish(_ summary: CheckSummary) throws {
        switch style {
        case .json:
            let counts = { (table: [String: Int]) in JSONValue.object(JSONObject(table.mapValues { .number(Double($0)) })) }
            try sink.write(
                JSONWriter.string(
                    .object([
                        "summary": summary.json, "by_code": counts(summary.byCode), "by_field": counts(summary.byField),
                    ])) + "\n")
        case .text:
            try sink.write(summary.totalsLine + "\n")
            try write(summary.byCode, title: "by code")
            try write(summary.byField, title: "by field")
        }
        try sink.flush()
    }

    /// `title:` then one line per entry, the counts aligned.
    private func write(_ table: [String: Int], title: String) throws {
        guard !table.isEmpty else { return }
        let rows = CheckSummary.ranked(table).map { (VisibleText.escaped($0.key), $0.value) }
        let width = rows.map(\.0.count).max() ?? 0
        var text = title + ":\n"
        for (name, count) in rows {
            text += "  " + name + String(repeating: " ", count: width - name.count + 2) + String(count) + "\n"
        }
        try sink.write(text)
    }
}
