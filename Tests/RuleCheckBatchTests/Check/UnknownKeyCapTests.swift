import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Keys that match no field are reported once per file each — up to a cap, past which they are
/// neither remembered nor listed, and one finding says so.
@Suite("BatchCheck: unknown keys are capped")
struct UnknownKeyCapTests {
    let checker: RecordChecker

    init() throws {
        let rules = try RuleSet(yaml: "form: people\nfields:\n  - id: name\n    type: text\n", source: "people.yaml")
        checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!)
    }

    func check(_ text: String) throws -> (summary: CheckSummary, lines: [String]) {
        let sink = OutputSink.memory()
        let outcome = try BatchCheck(checker: checker, options: .init(format: .jsonl, jobs: 1)).run(
            bytes: Array(text.utf8), name: "-", format: .jsonl, report: ReportFormat.jsonl.report(to: sink))
        return (outcome.summary, sink.text.split(separator: "\n").map(String.init))
    }

    /// Issue 38, item 4: every distinct unknown key was remembered for the whole file (and
    /// counted by field), about 180 bytes each: 2M keys held 396 MB. Now the first
    /// `maxUnknownKeys` are reported, then one finding says the rest are not listed.
    @Test func pastTheCapKeysAreNotListed() throws {
        let cap = FileRun.maxUnknownKeys
        let text = (0..<(cap + 500)).map { #"{"name": "Ann", "extra_\#($0)": 1}"# }.joined(separator: "\n") + "\n"
        let (summary, lines) = try check(text)
        expectEqual(summary.warnings, cap + 1)
        expectEqual(summary.byCode["unknown_column"], cap + 1)
        expectEqual(summary.byField.count, cap, "one entry per listed key, none for the rest")
        let capped = lines.filter { $0.contains("keys of this file match no field") }
        expectEqual(capped.count, 1)
        #expect(capped.first?.contains("more than \(cap) keys of this file match no field; the others are not listed") == true)
        #expect(!lines.contains { $0.contains("extra_\(cap)\"") }, "the first key past the cap is not listed")
        expectEqual(summary.valid, cap + 500, "unknown keys are warnings: every record is valid")
    }

    @Test func belowTheCapEveryKeyIsListedOnce() throws {
        let text = (0..<30).map { #"{"name": "Ann", "extra_\#($0 % 10)": 1}"# }.joined(separator: "\n") + "\n"
        let (summary, lines) = try check(text)
        expectEqual(summary.warnings, 10)
        #expect(!lines.contains { $0.contains("keys of this file match no field") })
    }
}
