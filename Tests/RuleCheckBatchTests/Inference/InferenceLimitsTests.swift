import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// What `infer` refuses or leaves out of very wide or odd inputs, and that it stays linear in them.
@Suite("Rules inference: limits")
struct InferenceLimitsTests {
    /// A CSV header of `columns` columns `c0`, `c1`, … and one record of `1`s.
    static func wide(columns: Int) -> [UInt8] {
        let header = (0..<columns).map { "c\($0)" }.joined(separator: ",")
        let record = Array(repeating: "1", count: columns).joined(separator: ",")
        return Array((header + "\n" + record + "\n").utf8)
    }

    /// Issue 38, item 3: `infer` looked for a second column of each name among the names before
    /// it — quadratic: 100,000 columns took 24 s (release), 230,000 took 74 s. Now the header is
    /// read in linear time: the widest header infer takes is drafted in well under the suite's
    /// minute (the quadratic scan took minutes in a debug build).
    @Test(.timeLimit(.minutes(1))) func theWidestHeaderIsReadInLinearTime() throws {
        let inferred = try RulesInference().infer(bytes: Self.wide(columns: RulesInference.maxColumns), name: "wide.csv", format: .csv)
        let rules = try RuleSet(yaml: inferred.yaml(), source: "wide.yaml")
        expectEqual(rules.fields.count, 2_000, "the first 2,000 columns are fields")
        #expect(inferred.notes.contains { $0.path == "c2000" && $0.reason == "past the first 2000 fields" }, "\(inferred.notes.prefix(3))")
    }

    @Test func aHeaderPastTheColumnLimitIsRefused() {
        let columns = RulesInference.maxColumns + 1
        #expect(
            throws: InferenceError(
                message: "'wide.csv' has \(columns) columns; infer drafts files of at most 100000 columns (check reads any number)")
        ) {
            try RulesInference().infer(bytes: Self.wide(columns: columns), name: "wide.csv", format: .csv)
        }
    }

    /// Issue 38, item 15: when every record was malformed, infer said the file "holds no record".
    @Test func everyRecordMalformedIsSaidSo() {
        #expect(
            throws: InferenceError(
                message:
                    "nothing to infer from: every record of 'bad.jsonl' is malformed (2 malformed records; rulecheck check shows where)")
        ) {
            try RulesInference().infer(bytes: Array("{\"a\": 1\n{\"b\": \n".utf8), name: "bad.jsonl", format: .jsonl)
        }
    }

    /// Issue 38, item 14: a column whose cells hold only U+FEFF became a choice among "\u{FEFF}",
    /// which YAML reads back as an empty option: "the drafted rules do not compile (a bug in
    /// infer)". Such a value is no option: the field is text, and the draft accepts the data.
    @Test func aByteOrderMarkInACellIsNoOption() throws {
        let text = "a,b\n\u{FEFF},1\n\u{FEFF},2\n\u{FEFF},3\n"
        let inferred = try RulesInference().infer(bytes: Array(text.utf8), name: "feff.csv", format: .csv)
        let rules = try RuleSet(yaml: inferred.yaml(), source: "feff.yaml")
        expectEqual(rules.field("a")?.type, .text)
        let summary = try BatchCheck(checker: RecordChecker(rules), options: .init(jobs: 1)).run(
            bytes: Array(text.utf8), name: "feff.csv", format: .csv, report: ReportFormat.summaryJSON.report(to: .memory())
        ).summary
        expectEqual(summary.errors, 0)
    }

    @Test func aSecondColumnOfANameIsStillNoted() throws {
        let inferred = try RulesInference().infer(bytes: Array("a,b,a\n1,2,3\n".utf8), format: .csv)
        expectEqual(inferred.notes.map(\.description), ["'a': a second column of that name"])
    }
}
