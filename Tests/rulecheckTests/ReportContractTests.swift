import Foundation
import Testing
import _RuleCheckTestSupport

/// What every report format of `rulecheck check` promises, checked on the same inputs in each
/// format with real parsers: file-level findings, `--strict`, `--max-violations`.
@Suite("check: one rule in every format", .serialized)
struct ReportContractTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static let rules = """
        fields:
          - {id: name, required: true}
          - {id: has_car, type: bool}
          - {id: plate, visible_if: has_car, mask: '000'}
        """

    struct Unexpected: Error, CustomStringConvertible {
        let description: String
    }

    /// `value` as a `T`, or an error naming `what`.
    static func cast<T>(_ value: Any?, _ what: String) throws -> T {
        guard let value = value as? T else { throw Unexpected(description: "\(what) is not a \(T.self)") }
        return value
    }

    /// The summary of a `--format json` report, and its violations.
    struct JSONReport {
        let summary: [String: Any]
        let violations: [[String: Any]]

        init(_ data: Data) throws {
            let document: [String: Any] = try cast(try JSONSerialization.jsonObject(with: data), "the report")
            summary = try cast(document["summary"], "summary")
            violations = try cast(document["violations"], "violations")
        }
    }

    /// The lines of a `--format jsonl` report: violations, then the summary.
    struct JSONLinesReport {
        let summary: [String: Any]
        let violations: [[String: Any]]

        init(_ text: String) throws {
            var objects: [[String: Any]] = try text.split(separator: "\n").map { line in
                try cast(try JSONSerialization.jsonObject(with: Data(line.utf8)), "a line")
            }
            summary = try cast(objects.popLast()?["summary"], "the last line's summary")
            violations = objects
        }
    }

    /// The run of a `--format sarif` report.
    struct SARIFRun {
        let run: [String: Any]
        let results: [[String: Any]]

        init(_ data: Data) throws {
            let document: [String: Any] = try cast(try JSONSerialization.jsonObject(with: data), "the report")
            expectEqual(document["version"] as? String, "2.1.0")
            let runs: [[String: Any]] = try cast(document["runs"], "runs")
            guard runs.count == 1 else { throw Unexpected(description: "\(runs.count) runs") }
            run = runs[0]
            results = try cast(run["results"], "results")
        }

        func location(_ index: Int) -> (uri: String?, line: Int?) {
            let location = ((results[index]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
            return (
                (location?["artifactLocation"] as? [String: Any])?["uri"] as? String,
                (location?["region"] as? [String: Any])?["startLine"] as? Int
            )
        }
    }

    /// One run per report format.
    struct Runs {
        let text, json, jsonl, junit, sarif: CLIRun
        var all: [(String, CLIRun)] { [("text", text), ("json", json), ("jsonl", jsonl), ("junit", junit), ("sarif", sarif)] }
    }

    func check(_ arguments: [String]) throws -> Runs {
        func run(_ format: String) throws -> CLIRun {
            try CLI.run(["check"] + arguments + ["--format", format, "--progress", "never"])
        }
        return Runs(text: try run("text"), json: try run("json"), jsonl: try run("jsonl"), junit: try run("junit"), sarif: try run("sarif"))
    }

    // MARK: --strict and findings about the file

    /// A column no field matches, in CSV (a header finding) and in JSON Lines (a key first seen in
    /// record 2): both are findings of the file (record 0) that never make a record invalid.
    @Test(arguments: [false, true])
    func fileLevelFindingsFollowOneRule(strict: Bool) throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let csv = try scratch.file("name,has_car,plate,note\nAnn,no,,\n,no,,\nBob,yes,123,x\n", "csv")
        let jsonl = try scratch.file(
            #"{"name": "Ann", "has_car": false}"# + "\n" + #"{"name": "", "note": "x"}"# + "\n"
                + #"{"name": "Bob", "has_car": true, "plate": "123", "note": "y"}"# + "\n", "jsonl")
        let severity = strict ? "error" : "warning"
        for (input, line) in [(csv, 1), (jsonl, 2)] {
            let runs = try check(["--rules", rules, input] + (strict ? ["--strict"] : []))
            for (format, run) in runs.all { #expect(run.status == 1, "\(format)") }

            let json = try JSONReport(runs.json.stdoutBytes)
            #expect(json.summary["records"] as? Int == 3 && json.summary["valid"] as? Int == 2 && json.summary["invalid"] as? Int == 1)
            #expect(json.summary["errors"] as? Int == (strict ? 2 : 1) && json.summary["warnings"] as? Int == (strict ? 0 : 1))
            let note = try #require(json.violations.first { $0["code"] as? String == "unknown_column" })
            #expect(note["record"] as? Int == 0 && note["line"] as? Int == line && note["field"] as? String == "note")
            expectEqual(note["severity"] as? String, severity)
            expectEqual(json.violations.count, 2)

            let lines = try JSONLinesReport(runs.jsonl.stdout)
            expectEqual(lines.summary as NSDictionary, json.summary as NSDictionary)
            expectEqual(lines.violations.map { $0 as NSDictionary }, json.violations.map { $0 as NSDictionary })

            let text = runs.text.stdout
            #expect(text.contains("\(input): file, line \(line)\n  \(severity == "error" ? "error  " : "warning") note  unknown_column  "))
            #expect(text.contains("1 file, 3 records: 2 valid, 1 invalid — \(strict ? "2 errors, 0 warnings" : "1 error, 1 warning")\n"))
            #expect(text.contains("  by code:  required 1, unknown_column 1\n"))

            // JUnit: the file is one more test case, failing when its findings are errors, and the
            // suite's counts are those of its test cases (the valid records share one).
            let junit = try JUnitDocument(runs.junit.stdoutBytes)
            let suite = try #require(junit.suites.first)
            expectEqual(junit.suites.count, 1)
            expectEqual(suite.counts, .init(tests: 3, failures: strict ? 2 : 1, cases: 3, failingCases: strict ? 2 : 1))
            #expect(suite.caseNames == ["file", "record 2 (line \(line == 1 ? 3 : 2))", "2 valid records"])

            let sarif = try SARIFRun(runs.sarif.stdoutBytes)
            expectEqual(sarif.results.count, 2)
            let first = try #require(sarif.results.first)
            #expect(first["ruleId"] as? String == "unknown_column" && first["level"] as? String == severity)
            expectEqual((first["properties"] as? [String: Any])?["record"] as? Int, 0)
            #expect(sarif.location(0).uri == input && sarif.location(0).line == line)
        }
    }

    @Test func underStrictAFileLevelErrorAloneFailsTheRun() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let csv = try scratch.file("name,note\nAnn,x\n", "csv")
        let runs = try check(["--rules", rules, csv, "--strict"])
        for (format, run) in runs.all { #expect(run.status == 1, "\(format)") }
        let json = try JSONReport(runs.json.stdoutBytes)
        #expect(json.summary["valid"] as? Int == 1 && json.summary["invalid"] as? Int == 0 && json.summary["errors"] as? Int == 1)
        let suites = try JUnitDocument(runs.junit.stdoutBytes).suites
        let suite = try #require(suites.first)
        expectEqual(suite.counts, .init(tests: 2, failures: 1, cases: 2, failingCases: 1))
        expectEqual(try CLI.run(["check", "--rules", rules, csv]).status, 0)
    }

    // MARK: --max-violations

    /// The first violations are warnings, the errors come later: the report stops at N, but the
    /// totals and the exit status are those of the whole input, and every format says so.
    @Test func maxViolationsCutsTheReportNotTheCheck() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let csv = try scratch.file("name,has_car,plate,note\nAnn,no,123,\n" + String(repeating: ",no,,\n", count: 5), "csv")
        let runs = try check(["--rules", rules, csv, "--max-violations", "2"])
        for (format, run) in runs.all { #expect(run.status == 1, "\(format)") }

        let text = runs.text.stdout
        #expect(
            text == """
                \(csv): file, line 1
                  warning note  unknown_column  'note' is not a field of the rules
                \(csv): record 1, line 2
                  warning plate  hidden_value  plate has a value but is hidden (value "123")

                1 file, 6 records: 1 valid, 5 invalid — 5 errors, 2 warnings
                  by code:  required 5, hidden_value 1, unknown_column 1
                  by field: name 5, note 1, plate 1
                report cut short by --max-violations: 2 of 7 violations shown

                """)

        let json = try JSONReport(runs.json.stdoutBytes)
        expectEqual(json.violations.count, 2)
        #expect(json.summary["truncated"] as? Bool == true && json.summary["reported"] as? Int == 2)
        #expect(json.summary["errors"] as? Int == 5 && json.summary["invalid"] as? Int == 5)
        let lines = try JSONLinesReport(runs.jsonl.stdout)
        expectEqual(lines.violations.count, 2)
        expectEqual(lines.summary as NSDictionary, json.summary as NSDictionary)

        let suites = try JUnitDocument(runs.junit.stdoutBytes).suites
        let suite = try #require(suites.first)
        expectEqual(suite.properties, ["truncated": "true", "violations.reported": "2", "violations.total": "7"])
        expectEqual(suite.counts.failures, 5)

        let sarif = try SARIFRun(runs.sarif.stdoutBytes)
        expectEqual(sarif.results.count, 2)
        let properties = try #require(sarif.run["properties"] as? [String: Any])
        #expect(properties["truncated"] as? Bool == true && properties["reported"] as? Int == 2 && properties["violations"] as? Int == 7)
        let invocation = try #require((sarif.run["invocations"] as? [[String: Any]])?.first)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        expectEqual(
            (notification["message"] as? [String: Any])?["text"] as? String, "report cut short by --max-violations: 2 of 7 violations shown"
        )

        // Not cut short: no mark.
        let whole = try JSONReport(try CLI.run(["check", "--rules", rules, csv, "--format", "json", "--max-violations", "7"]).stdoutBytes)
        #expect(whole.violations.count == 7 && whole.summary["truncated"] == nil && whole.summary["reported"] == nil)
    }

    @Test func aRecordCutShortIsStillAFailingTestCase() throws {
        // Record 1 has a warning (plate comes first in the rules) and then an error; the cut falls
        // between them.
        let rules = try scratch.file(
            """
            fields:
              - {id: has_car, type: bool}
              - {id: plate, visible_if: has_car, mask: '000'}
              - {id: name, required: true}
            """, "yaml")
        let csv = try scratch.file("name,has_car,plate\n,no,123\n", "csv")
        let run = try CLI.run(["check", "--rules", rules, csv, "--format", "junit", "--max-violations", "1"])
        expectEqual(run.status, 1)
        let document = try JUnitDocument(run.stdoutBytes)
        let suite = try #require(document.suites.first)
        expectEqual(suite.counts, .init(tests: 1, failures: 1, cases: 1, failingCases: 1))
        #expect(document.text.contains("errors not shown: the report was cut short by --max-violations"))
        #expect(document.text.contains("warning plate hidden_value"))
    }

    // MARK: Structure of JUnit and SARIF on the demo data

    @Test func junitAndSarifOfTheDemoDataParse() throws {
        let arguments = ["--rules", "Rules/osago.yaml", "Rules/samples/osago.csv", "--today", "2026-11-22", "--jobs", "2"]
        let json = try JSONReport(try CLI.run(["check"] + arguments + ["--format", "json"]).stdoutBytes)
        let junit = try JUnitDocument(try CLI.run(["check"] + arguments + ["--format", "junit"]).stdoutBytes)
        expectEqual(junit.suites.map(\.name), ["Rules/samples/osago.csv"])
        let suite = try #require(junit.suites.first)
        // 25 invalid records, one case for the 275 valid ones; no finding about the file.
        expectEqual(suite.counts, .init(tests: 26, failures: 25, cases: 26, failingCases: 25))
        expectEqual(json.summary["invalid"] as? Int, 25)

        let sarif = try SARIFRun(try CLI.run(["check"] + arguments + ["--format", "sarif"]).stdoutBytes)
        expectEqual(sarif.results.count, json.violations.count)
        let rules = try #require(((sarif.run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let ruleIds = Set(rules.compactMap { $0["id"] as? String })
        for (index, (result, violation)) in zip(sarif.results, json.violations).enumerated() {
            expectEqual(result["ruleId"] as? String, violation["code"] as? String)
            #expect(ruleIds.contains(result["ruleId"] as? String ?? ""))
            expectEqual(result["level"] as? String, violation["severity"] as? String)
            #expect(sarif.location(index).uri == "Rules/samples/osago.csv" && sarif.location(index).line == violation["line"] as? Int)
        }
    }
}
