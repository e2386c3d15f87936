import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// `--format html`: one self-contained page whose numbers are the check's, every value escaped.
@Suite("HTML report")
struct HTMLReportTests {
    static let rules = """
        form: people
        fields:
          - id: name
            type: text
            required: true
            max_length: 8
          - id: age
            type: integer
            min: 0
        """

    func render(_ csv: String, maxViolations: Int? = nil, files: Int = 1) throws -> (html: String, summary: CheckSummary) {
        let checker = RecordChecker(try RuleSet(yaml: Self.rules), today: Day(iso: "2026-11-22")!)
        let sink = OutputSink.memory()
        let report = try ReportFormat.html.report(to: sink)
        let outcome = try BatchCheck(checker: checker, options: .init(jobs: 1, maxViolations: maxViolations))
            .run(bytes: Array(csv.utf8), name: "people <1>.csv", format: .csv, report: report)
        return (sink.text, outcome.summary)
    }

    static let hostile = """
        name,age,"note<script>"
        <script>alert(1)</script>,-1,x
        "Ann ""&"" Bob's",12,
        ,abc,
        \u{1B}]0;title\u{7},3,
        """

    @Test func everyValueIsEscaped() throws {
        let (html, _) = try render(Self.hostile)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Ann &quot;&amp;&quot; Bob&#39;s"))
        #expect(html.contains("people &lt;1&gt;.csv"))
        #expect(html.contains(#"data-field="note&lt;script&gt;""#))
        // A control character shows as an escape, never as itself.
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(html.contains(#"\u{1B}]0;title\u{7}"#))
    }

    @Test func thePageNeedsNothingFromOutside() throws {
        let (html, _) = try render(Self.hostile)
        for reference in ["<script", "<link", "src=", "href=", "@import", "url(", "<img", "<iframe"] {
            #expect(!html.contains(reference), "the page holds \(reference)")
        }
        // The only URL is SVG's namespace, which is a name, not something fetched.
        #expect(
            html.components(separatedBy: "http").count - 1 == html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1
        )
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        #expect(html.contains("@media print"))
    }

    /// The page's numbers, counted by hand from `hostile` (rules: `name` required, at most 8
    /// characters; `age` a whole number, at least 0):
    /// - record 1: `<script>alert(1)</script>` is 25 characters (max_length), age -1 (min);
    /// - record 2: `Ann "&" Bob's` is 13 characters (max_length);
    /// - record 3: no name (required), age `abc` (type);
    /// - record 4: ESC `]0;title` BEL is 10 characters (max_length);
    /// - the header: `note<script>` matches no field (unknown_column, a warning about the file).
    /// So 4 records, none valid, 6 errors, 1 warning.
    @Test func theNumbersAreCountedFromTheInput() throws {
        let (html, summary) = try render(Self.hostile)
        #expect(
            html.contains(
                #"<section id="summary" data-files="1" data-records="4" data-valid="0" data-invalid="4" data-errors="6" data-warnings="1">"#
            ))
        let codes = ["max_length": 3, "min": 1, "required": 1, "type": 1, "unknown_column": 1]
        for (code, count) in codes {
            #expect(html.contains(#"<g data-code="\#(code)" data-count="\#(count)">"#), "\(code)")
        }
        expectEqual(html.components(separatedBy: "<g data-code=").count - 1, codes.count)
        let fields = ["name": 4, "age": 2, "note&lt;script&gt;": 1]
        for (field, count) in fields {
            #expect(html.contains(#"<g data-field="\#(field)" data-count="\#(count)">"#), "\(field)")
        }
        expectEqual(html.components(separatedBy: "<g data-field=").count - 1, fields.count)
        // The summary the run returns says the same.
        expectEqual(summary.byCode, codes)
        expectEqual(summary.byField, ["name": 4, "age": 2, "note<script>": 1])
    }

    @Test func theFirstTenRecordsOfEachCodeAreShown() throws {
        let csv = "name,age\n" + (1...25).map { ",\($0)" }.joined(separator: "\n") + "\n"
        let (html, summary) = try render(csv)
        expectEqual(summary.byCode, ["required": 25])
        let rows = html.components(separatedBy: #"<tr class="error" data-record="#).count - 1
        expectEqual(rows, HTMLReport.examplesPerCode)
        #expect(html.contains(#"<h3 id="code-required">required <small>25 violations, the first 10 records</small></h3>"#))
        #expect(html.contains(#"data-record="10" data-line="11""#))
        #expect(!html.contains(#"data-record="11""#))
    }

    @Test func aReportCutShortSaysSo() throws {
        let csv = "name,age\n" + (1...5).map { ",\($0)" }.joined(separator: "\n") + "\n"
        let (html, _) = try render(csv, maxViolations: 2)
        #expect(html.contains(#"<p class="note" id="truncated">report cut short by --max-violations: 2 of 5 violations shown"#))
        #expect(html.contains(#"<g data-code="required" data-count="5">"#))
    }

    @Test func aCleanFile() throws {
        let (html, summary) = try render("name,age\nAnn,3\n")
        expectEqual(summary.errors, 0)
        #expect(html.contains("<p class=\"none\">No violations.</p>"))
        #expect(!html.contains("id=\"examples\""))
    }

    @Test func groupedNumbers() {
        expectEqual(0.grouped, "0")
        expectEqual(999.grouped, "999")
        expectEqual(1000.grouped, "1,000")
        expectEqual(1_234_567.grouped, "1,234,567")
        expectEqual((-1234).grouped, "-1,234")
    }
}
