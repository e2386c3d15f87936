import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// `--format summary` and `summary-json`: only the totals, by code and by field.
@Suite("Summary report")
struct SummaryReportTests {
    static let csv = "name,age,colour\nAnn,30,red\n,-1,blue\nBob,x,green\n,,\n"

    func run(_ format: ReportFormat, strict: Bool = false) throws -> (text: String, summary: CheckSummary) {
        let checker = RecordChecker(try RuleSet(yaml: BatchCheckTests.rules, source: "people.yaml"), today: BatchCheckTests.today)
        let sink = OutputSink.memory()
        let outcome = try BatchCheck(checker: checker, options: .init(jobs: 1, strict: strict)).run(
            bytes: Array(Self.csv.utf8), name: "people.csv", format: .csv, report: format.report(to: sink))
        return (sink.text, outcome.summary)
    }

    /// The violations of the full JSON report of the same input, counted here by code and by field.
    func countsOfTheFullReport(strict: Bool = false) throws -> (byCode: [String: Int], byField: [String: Int], summary: NSDictionary) {
        let data = Data(try run(.json, strict: strict).text.utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let violations = try #require(document["violations"] as? [[String: Any]])
        var byCode: [String: Int] = [:], byField: [String: Int] = [:]
        for violation in violations {
            byCode[try #require(violation["code"] as? String), default: 0] += 1
            byField[try #require(violation["field"] as? String), default: 0] += 1
        }
        return (byCode, byField, try #require(document["summary"] as? NSDictionary))
    }

    @Test(arguments: [false, true])
    func theJSONTotalsAreTheFullReportsCounted(strict: Bool) throws {
        let (text, _) = try run(.summaryJSON, strict: strict)
        #expect(text.hasSuffix("}\n") && text.split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        expectEqual(Set(object.keys), ["summary", "by_code", "by_field"])
        let full = try countsOfTheFullReport(strict: strict)
        expectEqual(object["summary"] as? NSDictionary, full.summary)
        expectEqual(object["by_code"] as? [String: Int], full.byCode)
        expectEqual(object["by_field"] as? [String: Int], full.byField)
        #expect(full.byCode["required"] == 2 && full.byCode["unknown_column"] == 1)
    }

    @Test func theTextListsEveryCodeAndFieldMostFrequentFirst() throws {
        #expect(
            try run(.summary).text == """
                1 file, 4 records: 1 valid, 3 invalid — 4 errors, 1 warning
                by code:
                  required        2
                  min             1
                  type            1
                  unknown_column  1
                by field:
                  age     2
                  name    2
                  colour  1

                """)
    }

    @Test func anEmptyInputHasOnlyTheTotalsLine() throws {
        let checker = RecordChecker(try RuleSet(yaml: BatchCheckTests.rules, source: "people.yaml"), today: BatchCheckTests.today)
        let sink = OutputSink.memory()
        _ = try BatchCheck(checker: checker, options: .init(jobs: 1)).run(
            bytes: [], name: "-", format: .jsonl, report: ReportFormat.summary.report(to: sink))
        expectEqual(sink.text, "1 file, 0 records: 0 valid, 0 invalid — 0 errors, 0 warnings\n")
    }
}
