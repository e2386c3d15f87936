import RuleCheck

/// JUnit XML for CI systems: one `<testsuite>` per file, one failing `<testcase>` per invalid
/// record (its violations in the failure), and one passing test case standing for all the
/// valid records, so that large files give small reports.
final class JUnitReport: Report {
    private let sink: OutputSink
    private let spool = Spool()

    init(sink: OutputSink) {
        self.sink = sink
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rulecheck\">\n")
    }

    func begin(file: String) {}

    func add(_ record: CheckedRecord) {
        guard !record.violations.isEmpty else { return }
        let name = record.record == 0 ? "header" : "record \(record.record) (line \(record.line))"
        let errors = record.violations.filter { $0.severity == .error }
        let details = record.violations.map { violation in
            "\(violation.severity.rawValue) \(violation.field) \(violation.code): \(violation.message)"
                + (violation.value.map { " (value \"\($0)\")" } ?? "")
        }.joined(separator: "\n")
        var testcase = "    <testcase classname=\"\(Self.escape(record.file))\" name=\"\(name)\">\n"
        if let first = errors.first {
            testcase += "      <failure type=\"\(first.code)\" message=\"\(Self.escape(first.message))\">"
                + Self.escape(details) + "</failure>\n"
        } else {
            testcase += "      <system-out>" + Self.escape(details) + "</system-out>\n"
        }
        spool.write(testcase + "    </testcase>\n")
    }

    func end(file: String, summary: CheckSummary) {
        let name = Self.escape(file)
        sink.write("  <testsuite name=\"\(name)\" tests=\"\(summary.records)\" failures=\"\(summary.invalid)\" errors=\"0\">\n")
        spool.drain(into: sink)
        if summary.valid > 0 {
            sink.write("    <testcase classname=\"\(name)\" name=\"\(summary.valid) valid records\"/>\n")
        }
        sink.write("  </testsuite>\n")
    }

    func finish(_ summary: CheckSummary) {
        sink.write("</testsuites>\n")
        sink.flush()
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
