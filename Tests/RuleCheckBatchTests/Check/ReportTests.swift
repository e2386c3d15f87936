import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Each report format on the same findings, compared with the exact expected output.
@Suite("Reports")
struct ReportTests {
    static let records: [CheckedRecord] = [
        CheckedRecord(
            file: "a.csv", record: 0, line: 1,
            violations: [
                Violation(field: "comment", code: .unknownColumn, value: nil, message: "'comment' is not a field of the rules")
            ]),
        CheckedRecord(file: "a.csv", record: 1, line: 2, violations: []),
        CheckedRecord(
            file: "a.csv", record: 2, line: 3,
            violations: [
                Violation(field: "doc_number", code: .mask, value: "12 34", message: "Number must look like 0000 000000"),
                Violation(field: "plate", code: .hiddenValue, value: "A<1>", message: "Plate has a value but is hidden"),
            ]),
    ]

    private func render(_ format: ReportFormat, _ records: [CheckedRecord] = records, file: String = "a.csv") throws -> String {
        let sink = OutputSink.memory()
        let report = try format.report(to: sink)
        var summary = CheckSummary()
        summary.files = 1
        try report.begin(file: file)
        for record in records {
            summary.add(record)
            try report.add(record)
        }
        try report.end(file: file, summary: summary)
        try report.finish(summary)
        return sink.text
    }

    @Test func text() throws {
        #expect(
            try render(.text) == """
                a.csv: file, line 1
                  warning comment  unknown_column  'comment' is not a field of the rules
                a.csv: record 2, line 3
                  error   doc_number  mask          Number must look like 0000 000000 (value "12 34")
                  warning plate       hidden_value  Plate has a value but is hidden (value "A<1>")

                1 file, 2 records: 1 valid, 1 invalid — 1 error, 2 warnings
                  by code:  hidden_value 1, mask 1, unknown_column 1
                  by field: comment 1, doc_number 1, plate 1

                """)
    }

    @Test func json() throws {
        #expect(
            try render(.json) == #"""
                {"summary":{"errors":1,"files":1,"invalid":1,"records":2,"valid":1,"warnings":2},"violations":[
                {"code":"unknown_column","field":"comment","file":"a.csv","line":1,"message":"'comment' is not a field of the rules","record":0,"severity":"warning","value":null},
                {"code":"mask","field":"doc_number","file":"a.csv","line":3,"message":"Number must look like 0000 000000","record":2,"severity":"error","value":"12 34"},
                {"code":"hidden_value","field":"plate","file":"a.csv","line":3,"message":"Plate has a value but is hidden","record":2,"severity":"warning","value":"A<1>"}
                ]}

                """#)
    }

    @Test func jsonLines() throws {
        #expect(
            try render(.jsonl) == #"""
                {"code":"unknown_column","field":"comment","file":"a.csv","line":1,"message":"'comment' is not a field of the rules","record":0,"severity":"warning","value":null}
                {"code":"mask","field":"doc_number","file":"a.csv","line":3,"message":"Number must look like 0000 000000","record":2,"severity":"error","value":"12 34"}
                {"code":"hidden_value","field":"plate","file":"a.csv","line":3,"message":"Plate has a value but is hidden","record":2,"severity":"warning","value":"A<1>"}
                {"summary":{"errors":1,"files":1,"invalid":1,"records":2,"valid":1,"warnings":2}}

                """#)
    }

    @Test func junit() throws {
        #expect(
            try render(.junit) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="rulecheck">
                  <testsuite name="a.csv" tests="3" failures="1" errors="0">
                    <testcase classname="a.csv" name="file">
                      <system-out>line 1: warning comment unknown_column: 'comment' is not a field of the rules</system-out>
                    </testcase>
                    <testcase classname="a.csv" name="record 2 (line 3)">
                      <failure type="mask" message="Number must look like 0000 000000">error doc_number mask: Number must look like 0000 000000 (value &quot;12 34&quot;)
                warning plate hidden_value: Plate has a value but is hidden (value &quot;A&lt;1&gt;&quot;)</failure>
                    </testcase>
                    <testcase classname="a.csv" name="1 valid record"/>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func sarif() throws {
        let output = try render(.sarif)
        let document = try JSONParser().parse(output)
        expectEqual(document["version"], "2.1.0")
        let run = try #require(document["runs"]?[0])
        expectEqual(run["tool"]?["driver"]?["name"], "rulecheck")
        expectEqual(run["tool"]?["driver"]?["rules"]?.array?.count, IssueCode.all.count)
        let results = try #require(run["results"]?.array)
        expectEqual(results.count, 3)
        expectEqual(results[1]["ruleId"], "mask")
        expectEqual(results[1]["level"], "error")
        expectEqual(results[1]["message"]?["text"], "doc_number: Number must look like 0000 000000")
        expectEqual(results[1]["locations"]?[0]?["physicalLocation"]?["artifactLocation"]?["uri"], "a.csv")
        expectEqual(results[1]["locations"]?[0]?["physicalLocation"]?["region"]?["startLine"], 3)
        expectEqual(results[2]["level"], "warning")
        expectEqual(results[2]["properties"]?["value"], "A<1>")
    }

    /// Every code is a rule with its own description: none borrows another's (a file too large is
    /// not "input that could not be read").
    @Test func sarifDescribesEveryCodeOnItsOwn() throws {
        let document = try JSONParser().parse(try render(.sarif))
        let rules = try #require(document["runs"]?[0]?["tool"]?["driver"]?["rules"]?.array)
        var descriptions: [String: String] = [:]
        for rule in rules {
            let id = try #require(rule["id"]?.string)
            descriptions[id] = try #require(rule["shortDescription"]?["text"]?.string)
        }
        expectEqual(Set(descriptions.keys), Set(IssueCode.all.map(\.rawValue)))
        expectEqual(Set(descriptions.values).count, descriptions.count, "two codes share a description")
        expectEqual(descriptions["file_size"]?.contains("larger"), true)
        expectEqual(descriptions["media_type"]?.contains("type"), true)
    }

    /// A 900,000-character cell: the text report shows its first 100 characters and its length
    /// (in the value and where the message quotes it), and the same for a long column name; the
    /// machine formats keep it whole.
    @Test func textShortensLongValuesAndMachineFormatsKeepThem() throws {
        let long = String(repeating: "x", count: 900_000)
        let column = String(repeating: "c", count: 5_000)
        let records = [
            CheckedRecord(
                file: "big.csv", record: 0, line: 1,
                violations: [
                    Violation(field: column, code: .unknownColumn, value: nil, message: "'\(column)' is not a field of the rules")
                ]),
            CheckedRecord(
                file: "big.csv", record: 1, line: 2,
                violations: [
                    Violation(field: "birth_date", code: .type, value: long, message: "birth_date: '\(long)' is not a date (yyyy-MM-dd)")
                ]),
        ]
        let text = try render(.text, records, file: "big.csv")
        let cut = String(repeating: "x", count: 100) + "… (900000 characters)"
        let cutColumn = String(repeating: "c", count: 100) + "… (5000 characters)"
        #expect(text.split(separator: "\n").allSatisfy { $0.count < 400 })
        #expect(text.contains("type  birth_date: '\(cut)' is not a date (yyyy-MM-dd) (value \"\(cut)\")\n"))
        #expect(text.contains("warning \(cutColumn) unknown_column  '\(cutColumn)' is not a field of the rules\n"))
        #expect(text.contains("by field: birth_date 1, \(cutColumn) 1\n"))

        let json = try JSONParser().parse(try render(.json, records, file: "big.csv"))
        expectEqual(json["violations"]?[1]?["value"]?.string, long)
        expectEqual(json["violations"]?[0]?["field"]?.string, column)
        let sarif = try JSONParser().parse(try render(.sarif, records, file: "big.csv"))
        expectEqual(sarif["runs"]?[0]?["results"]?[1]?["properties"]?["value"]?.string, long)
    }
}
