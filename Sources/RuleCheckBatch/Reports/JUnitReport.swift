import RuleCheck

/// JUnit XML for CI systems: one `<testsuite>` per file, one failing `<testcase>` per invalid
/// record (its violations in the failure), one passing test case per valid record with warnings
/// shown (in its `system-out`), and one passing test case standing for all the other valid
/// records, so that large files give small reports.
///
/// Findings about a file as a whole (record 0) are one more test case, `file`, listed first and
/// failing when one of them is an error (under `--strict`). A suite's `tests` and `failures` are
/// its `<testcase>` elements and those that fail, so a consumer that counts elements agrees with
/// one that reads the attributes. Every invalid record fails, even when `--max-violations` cut all
/// its violations (its failure then says so); the suite says it was cut short in its properties
/// (`truncated`, `violations.reported`, `violations.total`).
///
/// The output is XML 1.0 whatever the data: the characters XML 1.0 cannot hold (C0 controls
/// other than tab, line feed and carriage return; U+FFFE; U+FFFF) are written as the escapes
/// `\u{1}`, `\u{FFFE}`; everything else is kept exactly.
final class JUnitReport: Report {
    private let sink: OutputSink
    private let spool: Spool
    /// The findings about the current file, with the line each was found at.
    private var fileFindings: [(line: Int, violation: Violation)] = []
    /// The current file's test cases of records so far, and how many of them fail.
    private var recordCases = 0
    private var failingCases = 0

    init(sink: OutputSink) throws(OutputError) {
        self.sink = sink
        spool = try Spool()
        try sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rulecheck\">\n")
    }

    func begin(file: String) {
        fileFindings = []
        recordCases = 0
        failingCases = 0
    }

    func add(_ record: CheckedRecord) throws {
        if record.record == 0 {
            fileFindings += record.violations.map { (record.line, $0) }
            return
        }
        // A valid record whose warnings were all cut stands with the other valid records; an
        // invalid one is a failing test case whatever was cut.
        guard !record.violations.isEmpty || !record.isValid else { return }
        var details = record.violations.map(Self.detail).joined(separator: "\n")
        if record.omittedErrors > 0 {
            let errors = record.omittedErrors == 1 ? "1 error" : "\(record.omittedErrors) errors"
            details += (details.isEmpty ? "" : "\n") + "(\(errors) not shown: the report was cut short by --max-violations)"
        }
        recordCases += 1
        if !record.isValid { failingCases += 1 }
        try spool.write(
            "    <testcase classname=\"\(Self.escape(record.file))\" name=\"record \(record.record)\(record.recordID.map { " " + Self.escape($0) } ?? "") (line \(record.line))\">\n"
                + (record.isValid ? Self.output(details) : Self.failure(record.violations, details)) + "    </testcase>\n")
    }

    func end(file: String, summary: CheckSummary) throws {
        let name = Self.escape(file)
        let fileCase = summary.fileErrors + summary.fileWarnings > 0
        let fileFails = summary.fileErrors > 0
        // The valid records without a test case of their own share one.
        let otherValid = summary.valid - (recordCases - failingCases)
        let tests = recordCases + (fileCase ? 1 : 0) + (otherValid > 0 ? 1 : 0)
        try sink.write(
            "  <testsuite name=\"\(name)\" tests=\"\(tests)\""
                + " failures=\"\(failingCases + (fileFails ? 1 : 0))\" errors=\"0\">\n")
        if summary.isTruncated {
            try sink.write(
                "    <properties>\n      <property name=\"truncated\" value=\"true\"/>\n"
                    + "      <property name=\"violations.reported\" value=\"\(summary.reported)\"/>\n"
                    + "      <property name=\"violations.total\" value=\"\(summary.errors + summary.warnings)\"/>\n    </properties>\n")
        }
        if fileCase {
            var details = fileFindings.map { ($0.line > 0 ? "line \($0.line): " : "") + Self.detail($0.violation) }.joined(separator: "\n")
            if fileFindings.count < summary.fileErrors + summary.fileWarnings {
                details += (details.isEmpty ? "" : "\n") + "(more findings not shown: the report was cut short)"
            }
            try sink.write(
                "    <testcase classname=\"\(name)\" name=\"file\">\n"
                    + (fileFails ? Self.failure(fileFindings.map(\.violation), details) : Self.output(details))
                    + "    </testcase>\n")
        }
        try spool.drain(into: sink)
        if otherValid > 0 {
            try sink.write("    <testcase classname=\"\(name)\" name=\"\(otherValid) valid record\(otherValid == 1 ? "" : "s")\"/>\n")
        }
        try sink.write("  </testsuite>\n")
    }

    func finish(_ summary: CheckSummary) throws {
        try sink.write("</testsuites>\n")
        try sink.flush()
    }

    /// `error doc_number mask: Must look like 0000 000000 (value "12 34")`, escaped.
    private static func detail(_ violation: Violation) -> String {
        "\(violation.severity.rawValue) \(violation.field) \(violation.code): \(violation.message)"
            + (violation.value.map { " (value \"\($0)\")" } ?? "")
    }

    /// A `<failure>` named after the first error shown (or, when the report was cut short before
    /// any, after the cut).
    private static func failure(_ violations: [Violation], _ details: String) -> String {
        let first = violations.first { $0.severity == .error }
        let type = first.map(\.code.rawValue) ?? "truncated"
        let message = first?.message ?? "errors not shown: the report was cut short by --max-violations"
        return "      <failure type=\"\(escape(type))\" message=\"\(escape(message))\">" + escape(details, inAttribute: false)
            + "</failure>\n"
    }

    private static func output(_ details: String) -> String {
        "      <system-out>" + escape(details, inAttribute: false) + "</system-out>\n"
    }

    /// Text for XML 1.0 character data or an attribute value: `& < > "` escaped, a carriage return
    /// (and in an attribute, a tab and a line feed) as a character reference so that parsers keep
    /// it, and the characters XML 1.0 cannot hold as `\u{…}` escapes.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        XMLText.escaped(text, inAttribute: inAttribute) { VisibleText.escape($0) } ?? text
    }
}
