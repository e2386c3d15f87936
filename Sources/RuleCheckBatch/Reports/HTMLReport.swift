import RuleCheck

/// The report for people who will not read JSON (`--format html`): one self-contained HTML page —
/// no script, no network, no external asset — with the summary, bar charts (SVG) of the
/// violations by code and by field, the worst fields, each file's totals, and the first
/// ``examplesPerCode`` failing records of each code with their line numbers. It reads on a phone
/// and prints.
///
/// Every value from the input is escaped (a cell holding `<script>` stays text, control
/// characters show as `\u{1B}`) and long ones are shortened as in the text report. Memory stays
/// bounded: only the examples, and counts per field and code, are kept while the input streams;
/// the page is written at the end. The numbers stand in `data-` attributes too
/// (`#summary[data-records]`, `[data-code][data-count]`, `[data-field][data-count]`), for tools
/// and tests.
final class HTMLReport: Report {
    /// How many failing records of each code the page shows.
    static let examplesPerCode = 10
    /// How many fields the chart and the table of fields show.
    static let fieldsShown = 15
    /// How many violations of one code a record shows as an example.
    static let violationsPerExample = 20

    private let sink: OutputSink
    private var files: [(name: String, summary: CheckSummary)] = []
    /// The first failing records of each code: the record and its violations of that code.
    private var examples: [String: [(record: CheckedRecord, violations: [Violation])]] = [:]
    /// Violations shown in the report per field (list items under `[]`) and code.
    private var fieldCodes: [String: [String: Int]] = [:]

    init(sink: OutputSink) {
        self.sink = sink
    }

    func add(_ record: CheckedRecord) {
        guard !record.violations.isEmpty else { return }
        var codes: [String: [Violation]] = [:]
        for violation in record.violations {
            codes[violation.code.rawValue, default: []].append(violation)
            if !violation.field.isEmpty {
                fieldCodes[CheckSummary.template(violation.field), default: [:]][violation.code.rawValue, default: 0] += 1
            }
        }
        for (code, violations) in codes where examples[code, default: []].count < Self.examplesPerCode {
            examples[code, default: []].append((record, Array(violations.prefix(Self.violationsPerExample))))
        }
    }

    func end(file: String, summary: CheckSummary) {
        files.append((file, summary))
    }

    func finish(_ summary: CheckSummary) throws {
        var page = HTMLPage()
        let names = files.map(\.name)
        page.start(title: "RuleCheck report: " + (names.count == 1 ? names[0] : "\(names.count) files"))
        page.summary(summary, files: names)
        let codes = CheckSummary.ranked(summary.byCode)
        page.section(id: "by-code", title: "Violations by code") {
            $0.chart(codes.map { ($0.key, $0.value) }, attribute: "code", total: summary.errors + summary.warnings)
        }
        let fields = CheckSummary.ranked(summary.byField)
        page.section(id: "by-field", title: "Violations by field") {
            $0.chart(
                fields.prefix(Self.fieldsShown).map { ($0.key, $0.value) }, attribute: "field", total: summary.errors + summary.warnings)
            if fields.count > Self.fieldsShown {
                $0.paragraph("… and \(HTMLText.escaped((fields.count - Self.fieldsShown).grouped)) more fields.")
            }
        }
        if !fields.isEmpty {
            page.section(id: "worst-fields", title: "Worst fields") {
                $0.worstFields(fields.prefix(Self.fieldsShown).map { ($0.key, $0.value) }, codes: fieldCodes, records: summary.records)
            }
        }
        page.section(id: "files", title: files.count == 1 ? "File" : "Files") { $0.files(files) }
        if !codes.isEmpty {
            page.section(id: "examples", title: "First failing records by code") {
                $0.paragraph("The first \(Self.examplesPerCode) records of each code, in input order (record 0: a finding about the file).")
                for (code, count) in codes {
                    $0.examples(code: code, count: count, examples[code] ?? [])
                }
            }
        }
        page.finish()
        try sink.write(page.text)
        try sink.flush()
    }
}
