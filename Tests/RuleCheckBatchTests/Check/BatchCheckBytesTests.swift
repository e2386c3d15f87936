import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// `BatchCheck.run(bytes:…)`: records in memory (a request's body) get the report a file with the
/// same bytes gets.
@Suite("BatchCheck on bytes")
struct BatchCheckBytesTests {
    func checker() throws -> RecordChecker {
        RecordChecker(try RuleSet(yaml: BatchCheckTests.rules, source: "people.yaml"), today: BatchCheckTests.today)
    }

    @Test func aCSVHeaderAndRowsAreReportedUnderTheGivenName() throws {
        let sink = OutputSink.memory()
        let outcome = try BatchCheck(checker: try checker(), options: .init(jobs: 1)).run(
            bytes: Array("name,age,colour\nAnn,30,red\n,-1,blue\n".utf8), name: "-", format: .csv,
            report: ReportFormat.jsonl.report(to: sink))
        expectEqual(outcome.summary.records, 2)
        expectEqual(outcome.summary.invalid, 1)
        #expect(
            sink.text == """
                {"code":"unknown_column","field":"colour","file":"-","line":1,"message":"'colour' is not a field of the rules","record":0,"severity":"warning","value":null}
                {"code":"required","field":"name","file":"-","line":3,"message":"name is required","record":2,"severity":"error","value":null}
                {"code":"min","field":"age","file":"-","line":3,"message":"age must be at least 0","record":2,"severity":"error","value":"-1"}
                {"summary":{"errors":2,"files":1,"invalid":1,"records":2,"valid":1,"warnings":1}}

                """)
    }

    @Test func aMalformedHeaderIsAFindingNotAThrow() throws {
        let sink = OutputSink.memory()
        let outcome = try BatchCheck(checker: try checker(), options: .init(jobs: 1)).run(
            bytes: Array("\"name,age\n".utf8), name: "body", format: .csv, report: ReportFormat.jsonl.report(to: sink))
        #expect(outcome.unreadable.isEmpty)
        expectEqual(outcome.summary.errors, 1)
        #expect(sink.text.contains(#""code":"malformed""#))
        #expect(sink.text.contains(#""file":"body""#))
    }

    @Test func emptyBytesHaveNoRecords() throws {
        let sink = OutputSink.memory()
        let outcome = try BatchCheck(checker: try checker(), options: .init(jobs: 1)).run(
            bytes: [], name: "-", format: .jsonl, report: ReportFormat.json.report(to: sink))
        expectEqual(outcome.summary.records, 0)
        expectEqual(
            sink.text, "{\"summary\":{\"errors\":0,\"files\":1,\"invalid\":0,\"records\":0,\"valid\":0,\"warnings\":0},\"violations\":[]}\n"
        )
    }

    /// A masked text field takes the digits of every script as 0–9, as a form does (`digits: any`,
    /// the default), unless it says `digits: ascii`: a cell kept as bytes must be folded too.
    @Test func maskedCellsFoldDigitsOfOtherScripts() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - {id: phone, type: text, mask: "+7 (000) 000-00-00"}
                  - {id: code, type: text, mask: "000", digits: ascii}
                """, source: "phones.yaml")
        let csv = "phone,code\n+7 (٩١٦) ١٢٣-٤٥-٦٧,123\n+7 (916) 123-45-67,١٢٣\n"
        let jsonl = """
            {"phone":"+7 (٩١٦) ١٢٣-٤٥-٦٧","code":"123"}
            {"phone":"+7 (916) 123-45-67","code":"١٢٣"}

            """
        for (text, format) in [(csv, RecordFormat.csv), (jsonl, .jsonl)] {
            let sink = OutputSink.memory()
            let outcome = try BatchCheck(checker: RecordChecker(rules), options: .init(jobs: 1)).run(
                bytes: Array(text.utf8), name: "-", format: format, report: ReportFormat.jsonl.report(to: sink))
            expectEqual(outcome.summary.records, 2)
            expectEqual(outcome.summary.invalid, 1, "\(format)")
            let lines = sink.text.split(separator: "\n").map(String.init)
            expectEqual(lines.count, 2, "\(format): \(sink.text)")
            #expect(lines.first?.contains(#""code":"mask","field":"code""#) == true, "\(format): \(sink.text)")
            #expect(lines.first?.contains(#""record":2"#) == true, "\(format): \(sink.text)")
        }
    }
}
