import Foundation
import Patterns
import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// `BatchCheck.Options.cancellation`: a run stops before its next record once the flag is set.
@Suite("BatchCheck: cancellation")
struct BatchCheckCancellationTests {
    /// Counts the records it is given, and sets `cancellation` once it has `after` of them.
    final class CancellingReport: Report {
        let cancellation: CancellationFlag
        let after: Int
        var records = 0

        init(cancellation: CancellationFlag, after: Int) {
            self.cancellation = cancellation
            self.after = after
        }

        func begin(file: String) throws {}
        func add(_ record: CheckedRecord) throws {
            records += 1
            if records == after { cancellation.cancel() }
        }
        func end(file: String, summary: CheckSummary) throws {}
        func finish(_ summary: CheckSummary) throws {}
    }

    let checker: RecordChecker
    /// 1,000 records of JSON Lines, read in blocks of about 100 bytes (a few records each).
    let bytes = Array(String(repeating: #"{"name": "Ann"}"# + "\n", count: 1_000).utf8)

    init() throws {
        let rules = try RuleSet(yaml: "form: people\nfields:\n  - id: name\n    type: text\n", source: "people.yaml")
        checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!)
    }

    func check(_ report: CancellingReport) throws {
        var reader = RecordReader.Options()
        reader.blockSize = 100
        let options = BatchCheck.Options(format: .jsonl, jobs: 1, reader: reader, cancellation: report.cancellation)
        _ = try BatchCheck(checker: checker, options: options).run(bytes: bytes, name: "-", format: .jsonl, report: report)
    }

    @Test func aRunStopsBeforeItsNextRecordOnceCancelled() throws {
        let report = CancellingReport(cancellation: CancellationFlag(), after: 3)
        #expect(throws: CancellationError.self) { try check(report) }
        #expect(report.records >= 3)
        #expect(report.records < 20, "the records of the block under way at most, not the other thousand")
    }

    @Test func aRunCancelledBeforeItStartsChecksNothing() throws {
        let report = CancellingReport(cancellation: CancellationFlag(), after: 0)
        report.cancellation.cancel()
        #expect(throws: CancellationError.self) { try check(report) }
        expectEqual(report.records, 0)
    }

    /// Issue 38, item 2: the flag was looked at between records only, so one record of 22,000 list
    /// items whose every value ran a regex into PCRE2's limit went on for a minute after its
    /// request was answered. Now every regex match of the job looks at it first (``MatchBudget``):
    /// the rest of the record costs no regex work, and the run ends with the record.
    @Test func cancellationReachesInsideARecord() throws {
        let rules = try RuleSet(yaml: CatastrophicRules.crewYAML, source: "crew.yaml")
        let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!)
        let record = Array(
            (#"{"members": ["# + Array(repeating: CatastrophicRules.slowMember, count: 2_000).joined(separator: ",") + "]}\n").utf8)
        let cancellation = CancellationFlag()
        // Five values may reach the limit; the sixth cancels the run, as the server's work queue does.
        let budget = MatchBudget(maxLimitHits: 5, isCancelled: { cancellation.isCancelled }, onExhausted: { cancellation.cancel() })
        let report = CancellingReport(cancellation: cancellation, after: -1)
        let options = BatchCheck.Options(format: .jsonl, jobs: 1, cancellation: cancellation)
        #expect(throws: CancellationError.self) {
            try budget.run {
                _ = try BatchCheck(checker: checker, options: options).run(bytes: record, name: "-", format: .jsonl, report: report)
            }
        }
        expectEqual(budget.limitHits, 6, "the 1,994 values after the cancellation ran no regex")
        expectEqual(report.records, 0, "a record checked while cancelled is not reported (its findings are not all there)")
    }

    @Test func anUncancelledRunGoesToTheEnd() throws {
        let report = CancellingReport(cancellation: CancellationFlag(), after: 0)
        try check(report)
        expectEqual(report.records, 1_000)
    }
}
