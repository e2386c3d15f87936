import Foundation
import Testing
import _RuleCheckTestSupport

/// An input that cannot be opened or read: status 3 and a line on standard error, and in every
/// format a finding of that file (record 0, line 0, code `unreadable`, an error), so that a report
/// read alone never looks like a clean run. Read with real parsers.
@Suite("check: an unreadable input is a finding in every format", .serialized)
struct UnreadableInputTests {
    typealias JSONReport = ReportContractTests.JSONReport
    typealias JSONLinesReport = ReportContractTests.JSONLinesReport
    typealias SARIFRun = ReportContractTests.SARIFRun

    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    @Test func aMissingFileIsAnErrorOfThatFile() throws {
        let rules = try scratch.file("fields:\n  - {id: name, required: true}\n", "yaml")
        let good = try scratch.file("name\nAnn\n", "csv")
        let missing = scratch.directory.appendingPathComponent("missing.csv").path
        let message = "cannot open '\(missing)': No such file or directory"
        func run(_ format: String) throws -> CLIRun {
            try CLI.run(["check", "--rules", rules, missing, good, "--format", format, "--progress", "never"])
        }
        let runs = ReportContractTests.Runs(
            text: try run("text"), json: try run("json"), jsonl: try run("jsonl"),
            junit: try run("junit"), sarif: try run("sarif"))
        for (format, run) in runs.all {
            expectEqual(run.status, 3, "\(format)")
            #expect(run.stderr == "rulecheck: \(message)\n", "\(format)")
        }

        let json = try JSONReport(runs.json.stdoutBytes)
        #expect(json.summary["files"] as? Int == 2 && json.summary["records"] as? Int == 1 && json.summary["valid"] as? Int == 1)
        #expect(json.summary["errors"] as? Int == 1 && json.summary["warnings"] as? Int == 0)
        expectEqual(json.violations.count, 1)
        let finding = try #require(json.violations.first)
        #expect(finding["file"] as? String == missing && finding["record"] as? Int == 0 && finding["line"] as? Int == 0)
        #expect(finding["code"] as? String == "unreadable" && finding["severity"] as? String == "error")
        #expect(finding["message"] as? String == message && finding["field"] as? String == "")

        let lines = try JSONLinesReport(runs.jsonl.stdout)
        expectEqual(lines.summary as NSDictionary, json.summary as NSDictionary)
        expectEqual(lines.violations.map { $0 as NSDictionary }, json.violations.map { $0 as NSDictionary })

        #expect(
            runs.text.stdout == """
                \(missing): file
                  error   unreadable  \(message)

                2 files, 1 record: 1 valid, 0 invalid — 1 error, 0 warnings
                  by code:  unreadable 1

                """)

        let junit = try JUnitDocument(runs.junit.stdoutBytes)
        expectEqual(junit.suites.map(\.name), [missing, good])
        let suite = try #require(junit.suites.first)
        expectEqual(suite.counts, .init(tests: 1, failures: 1, cases: 1, failingCases: 1))
        expectEqual(suite.caseNames, ["file"])
        #expect(junit.text.contains("error  unreadable: \(message)"))

        let sarif = try SARIFRun(runs.sarif.stdoutBytes)
        expectEqual(sarif.results.count, 1)
        let result = try #require(sarif.results.first)
        #expect(result["ruleId"] as? String == "unreadable" && result["level"] as? String == "error")
        expectEqual(sarif.location(0).uri, missing)
    }

    /// A slice report of an unreadable input carries the finding, so the merged report has it.
    @Test func mergeKeepsTheFinding() throws {
        let rules = try scratch.file("fields:\n  - {id: name, required: true}\n", "yaml")
        let missing = scratch.directory.appendingPathComponent("missing.csv").path
        let slice = try CLI.run(["check", "--rules", rules, missing, "--format", "slice"])
        expectEqual(slice.status, 3)
        let merged = try CLI.runProcess(["merge", "--format", "json"], stdin: slice.stdoutBytes)
        expectEqual(merged.status, 1)
        let json = try JSONReport(merged.stdoutBytes)
        #expect(json.summary["errors"] as? Int == 1 && json.summary["files"] as? Int == 1)
        expectEqual(json.violations.first?["code"] as? String, "unreadable")
    }
}
