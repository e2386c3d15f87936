import Foundation
import Testing
import _RuleCheckTestSupport

/// `--format junit`: a suite's `tests` and `failures` are its `<testcase>` elements and those with
/// a `<failure>`, whatever the records hold and wherever `--max-violations` cuts; read with a real
/// XML parser.
@Suite("check --format junit: counts equal the test cases")
struct JUnitCountsTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static let rules = """
        form: people
        fields:
          - id: name
            type: text
            required: true
            max_length: 20
          - id: birth_date
            type: date
            max: today - 18y
          - id: has_car
            type: bool
          - id: plate
            visible_if: has_car
            required: true
            mask: 'A 000 AA 009'
        """

    /// Records 1 and 2 are valid with a warning (a hidden plate), record 3 is invalid, records 4
    /// and 5 are valid without findings; the column `zz` is a finding about the file.
    static let csv =
        "name,birth_date,has_car,plate,zz\nA,1990-01-01,no,X,\nB,1990-01-01,no,X,\nC,bad,no,,\n"
        + "D,1990-01-01,no,,\nE,1990-01-01,no,,\n"

    func junit(_ extra: [String] = []) throws -> JUnitDocument.Suite {
        let rules = try scratch.file(Self.rules, "yaml")
        let csv = try scratch.file(Self.csv, "csv")
        let run = try CLI.run(["check", "--rules", rules, csv, "--format", "junit", "--today", "2026-01-01"] + extra)
        expectEqual(run.status, 1)
        let suites = try JUnitDocument(run.stdoutBytes).suites
        expectEqual(suites.count, 1)
        return try #require(suites.first)
    }

    /// A valid record with a warning is its own passing test case and is not counted again in the
    /// case that stands for the valid records without findings.
    @Test func aValidRecordWithAWarningIsCountedOnce() throws {
        let suite = try junit()
        expectEqual(suite.counts, .init(tests: 5, failures: 1, cases: 5, failingCases: 1))
        expectEqual(suite.caseNames, ["file", "record 1 (line 2)", "record 2 (line 3)", "record 3 (line 4)", "2 valid records"])
    }

    /// An invalid record whose violations were all cut by `--max-violations` is still a failing
    /// test case, whose failure says why it shows none.
    @Test func anInvalidRecordCutByMaxViolationsStillFails() throws {
        let suite = try junit(["--max-violations", "2"])
        expectEqual(suite.counts, .init(tests: 4, failures: 1, cases: 4, failingCases: 1))
        // Record 2's warning was cut: it stands with the valid records without a case of their own.
        expectEqual(suite.caseNames, ["file", "record 1 (line 2)", "record 3 (line 4)", "3 valid records"])
        expectEqual(suite.properties["truncated"], "true")
    }
}
