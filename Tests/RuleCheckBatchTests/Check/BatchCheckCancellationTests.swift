import Foundation
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

    @Test func anUncancelledRunGoesToTheEnd() throws {
        let report = CancellingReport(cancellation: CancellationFlag(), after: 0)
        try check(report)
        expectEqual(report.records, 1_000)
    }
}
