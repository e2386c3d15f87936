import Foundation
import Testing
import _RuleCheckTestSupport

/// Runs `rulecheck` (in process, or the built executable for standard input) and checks what it prints and how it exits.
@Suite("rulecheck CLI", .serialized)
struct CLITests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    @discardableResult
    func rulecheck(_ arguments: [String]) throws -> CLIRun { try CLI.run(arguments) }

    func rulecheck(_ arguments: [String], stdin: String) throws -> CLIRun { try CLI.runProcess(arguments, stdin: stdin) }

    func temporary(_ text: String, _ ext: String) throws -> String { try scratch.file(text, ext) }

    @Test func helpListsEverySubcommand() throws {
        let help = try rulecheck(["--help"])
        expectEqual(help.status, 0)
        // Every subcommand, in the order --help lists them (a new one must be added here).
        // A subcommand's line: two spaces, its name, then at least two spaces before its summary.
        let listed = help.stdout.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/ {2}([a-z]+) {2,}\S.*/#).map { String($0.1) }
        }
        expectEqual(
            listed,
            ["check", "infer", "split", "merge", "lint", "graph", "replay", "mask", "schema", "import", "sample", "preview", "serve"])
    }

    @Test func maskFormatsAsTheIssueAsks() throws {
        let run = try rulecheck(["mask", "+7 (000) 000-00-00", "9161234567", "916123"])
        expectEqual(run.status, 0)
        expectEqual(run.stdout, "+7 (916) 123-45-67\t9161234567\tcomplete\n+7 (916) 123\t916123\tpartial\n")
        let json = try rulecheck(["mask", "0000", "12", "--format", "json"])
        #expect(json.stdout == #"{"mask":"0000","results":[{"input":"12","raw":"12","state":"partial","text":"12"}]}"# + "\n")
        let badMask = try rulecheck(["mask", "", "1"])
        expectEqual(badMask.status, 2)
        expectEqual(
            badMask.stderr,
            "Error: mask '': mask is empty\nUsage: rulecheck mask <mask> <inputs> ... [--or <MASK> ...] [--class <NAME=CHARS> ...] [--case <case>] [--ascii-digits] [--caret <caret>] [--format <format>] [--regex]\n  See 'rulecheck mask --help' for more information.\n"
        )
    }

    @Test func lintIsSilentForGoodFilesAndPointsAtMistakes() throws {
        for name in ["osago", "signup", "listing", "kasko"] {
            let run = try rulecheck(["lint", "Rules/\(name).yaml"])
            #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "Rules/\(name).yaml: \(run.stdout)")
        }
        let bad = try temporary("fields:\n  - id: a\n    visibel_if: true\n", "yaml")
        let run = try rulecheck(["lint", bad])
        expectEqual(run.status, 2)
        #expect(
            run.stdout == """
                \(bad):3:5: error: unknown key 'visibel_if' in a field; did you mean 'visible_if'? [RC2001]
                        visibel_if: true
                        ^

                """)
        let warning = try temporary("patterns:\n  x: 'y'\nfields:\n  - id: a\n", "yaml")
        let warned = try rulecheck(["lint", warning])
        expectEqual(warned.status, 0)
        #expect(warned.stdout.hasPrefix("\(warning):2:3: warning: pattern 'x' is never used"))
        expectEqual(try rulecheck(["lint", "/nonexistent.yaml"]).status, 2)
    }

    /// Issue 38, item 14: an option that is only U+FEFF, escaped in a double-quoted scalar, is
    /// an option (Yams' reading dropped it, and lint said the option had no value).
    @Test func lintKeepsAnOptionOfOnlyAByteOrderMark() throws {
        let rules = try temporary(
            "form: b\nfields:\n  - id: v\n    type: choice\n    options:\n      - value: \"\\uFEFF\"\n      - value: a\n", "yaml")
        let run = try rulecheck(["lint", rules])
        expectEqual(run.status, 0)
        expectEqual(run.stdout, "")
    }

    /// Issue 38, item 8: a sum past the range of numbers is an error of its own, not an empty
    /// total that its `max` lets through.
    @Test func checkReportsAnArithmeticOverflow() throws {
        let rules = try temporary(
            "form: o\nfields:\n  - id: items\n    type: list\n    item:\n      - {id: x, type: number}\n"
                + "  - id: total\n    type: number\n    value: sum(items.x)\n    max: 1000\n", "yaml")
        let data = try temporary("{\"items\": [{\"x\": 1e308}, {\"x\": 1e308}]}\n", "jsonl")
        let run = try rulecheck(["check", "--rules", rules, data])
        expectEqual(run.status, 1)
        #expect(
            run.stdout.contains("overflow  total: the arithmetic of value: sum(items.x) goes beyond the range of numbers"), "\(run.stdout)")
    }

    @Test func graphFormats() throws {
        let dot = try rulecheck(["graph", "Rules/osago.yaml"])
        expectEqual(dot.status, 0)
        #expect(dot.stdout.hasPrefix("digraph \"osago_policy\" {"))
        #expect(dot.stdout.contains(##""doc_type" -> "doc_number" [color="#d62728", fontcolor="#d62728", label="depends_on"];"##))
        let mermaid = try rulecheck(["graph", "Rules/signup.yaml", "--format", "mermaid"])
        #expect(mermaid.stdout.hasPrefix("flowchart LR\n"))
        let json = try rulecheck(["graph", "Rules/signup.yaml", "--format", "json"])
        #expect(json.stdout.contains(#"{"column":"#))
        #expect(json.stdout.contains(#""kind":"depends_on""#))
    }

    @Test func replayIncrementalAndFullPrintTheSameBytes() throws {
        let edits = try temporary(
            """
            {"set": "doc_type", "value": "passport"}
            {"set": "doc_number", "value": "4509 123456"}
            {"set": "doc_type", "value": "foreign_passport"}
            {"append": "drivers"}
            {"set": "drivers[0].birth_date", "value": "1990-05-01"}
            {"set": "drivers[0].license_date", "value": "2005-01-01"}
            {"set": "no_such_field", "value": 1}
            not json
            {"set": "unlimited_drivers", "value": true}
            {"remove": "drivers", "index": 0}
            """, "jsonl")
        let incremental = try rulecheck(["replay", "Rules/osago.yaml", edits, "--today", "2026-11-22"])
        let full = try rulecheck(["replay", "Rules/osago.yaml", edits, "--today", "2026-11-22", "--full"])
        #expect(incremental.status == 1 && full.status == 1)
        expectEqual(incremental.stdout, full.stdout)
        let lines = incremental.stdout.split(separator: "\n")
        expectEqual(lines.count, 10)
        #expect(lines[2].contains(#""values":{"doc_number":null,"doc_type":"foreign_passport"}"#))
        #expect(lines[6] == #"{"error":"line 7: no field 'no_such_field'"}"#)
        #expect(lines[7].hasPrefix(#"{"error":"line 8: not JSON: "#))
        let explained = try rulecheck(["replay", "Rules/osago.yaml", edits, "--today", "2026-11-22", "--explain", "doc_number"])
        #expect(explained.stdout.split(separator: "\n").last?.hasPrefix(#"{"explain":{"#) == true)
        #expect(explained.stdout.contains("cleared because doc_type changed (depends_on), by the edit 'set doc_type'"))
    }

    /// `replay --help` names every kind of edit line Docs/cli.md's table lists (and that table, a
    /// test of the library checks, lists every kind `FormEdit` reads).
    @Test func replayHelpNamesEveryEditLine() throws {
        let guide = try String(contentsOf: CLI.root.appendingPathComponent("Docs/cli.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## replay\n").last?.components(separatedBy: "\n## ").first)
        var verbs: Set<String> = []
        for row in section.split(separator: "\n") where row.hasPrefix("| `{") {
            for edit in (row.split(separator: "|").first ?? "").components(separatedBy: "`{\"").dropFirst() {
                verbs.insert(edit.components(separatedBy: "\"").first ?? "")
            }
        }
        expectEqual(verbs.count, 16)
        let help = try rulecheck(["replay", "--help"])
        expectEqual(help.status, 0)
        for verb in verbs.sorted() {
            #expect(help.stdout.contains("{\"\(verb)\""), "replay --help does not show the \(verb) edit")
        }
    }

    @Test func checkExitStatuses() throws {
        let rules = try temporary("fields:\n  - id: name\n    required: true\n", "yaml")
        #expect(try rulecheck(["check", "--rules", rules, try temporary("name\nAnn\n", "csv")]).status == 0)
        let bad = try rulecheck(["check", "--rules", rules, try temporary("name\n\"\"\n", "csv")])
        expectEqual(bad.status, 1)
        #expect(bad.stdout.contains("error   name  required  name is required"))
        let brokenRules = try temporary("fields:\n  - id: 1x\n", "yaml")
        let rulesError = try rulecheck(["check", "--rules", brokenRules, try temporary("name\n", "csv")])
        expectEqual(rulesError.status, 2)
        #expect(rulesError.stdout.isEmpty)
        #expect(rulesError.stderr.contains("error: field id '1x' must be ASCII letters"))
        let missing = try rulecheck(["check", "--rules", rules, "/nonexistent/input.csv"])
        expectEqual(missing.status, 3)
        #expect(missing.stderr.contains("/nonexistent/input.csv"))
        let unknownFormat = try rulecheck(["check", "--rules", rules, "input.xyz"])
        expectEqual(unknownFormat.status, 2)
        #expect(
            unknownFormat.stderr.hasPrefix("Error: cannot tell the format of 'input.xyz' from its name; give --input csv|tsv|json|jsonl"))
        #expect(try rulecheck(["check", "--rules", rules]).status == 2)  // no files
        expectEqual(try rulecheck(["check", "--rules", rules, "a.csv", "--jobs", "0"]).status, 2)
        expectEqual(try rulecheck(["check", "--help"]).status, 0)
    }

    @Test func checkReadsStandardInputAndEveryFormatIsWellFormed() throws {
        let piped = try rulecheck(
            [
                "check", "--rules", "Rules/signup.yaml", "--input", "jsonl", "-", "--today", "2026-11-22",
                "--format", "json",
            ], stdin: #"{"email": "a@b.c"}"# + "\n")
        expectEqual(piped.status, 1)
        #expect(piped.stdout.hasPrefix(#"{"summary":{"errors":"#))
        for format in ["text", "json", "jsonl", "junit", "sarif"] {
            let run = try rulecheck([
                "check", "--rules", "Rules/osago.yaml", "Rules/samples/osago.csv", "--today", "2026-11-22",
                "--format", format, "--jobs", "2",
            ])
            expectEqual(run.status, 1, "\(format)")
            #expect(!run.stdout.isEmpty)
            if format == "json" || format == "sarif" {
                #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(format) is not JSON")
            }
            if format == "junit" {
                #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rulecheck\">\n"))
                #expect(run.stdout.hasSuffix("</testsuite>\n</testsuites>\n"))
                #expect(run.stdout.components(separatedBy: "<testcase ").count - 1 == 26)  // 25 invalid records and the valid ones
                // Read with a real XML parser: one suite for the file, its counts those of its cases.
                let junit = try JUnitDocument(Data(run.stdout.utf8))
                expectEqual(junit.suites.count, 1)
                let counts = try #require(junit.suites.first?.counts)
                expectEqual(counts, .init(tests: 26, failures: 25, cases: 26, failingCases: 25), "\(counts)")
            }
        }
    }

    @Test func theDemoDataGivesTheSameReportOnOneOrManyCores() throws {
        let one = try rulecheck([
            "check", "--rules", "Rules/osago.yaml", "Rules/samples/osago.csv", "--today", "2026-11-22",
            "--format", "jsonl", "--jobs", "1",
        ])
        let two = try rulecheck([
            "check", "--rules", "Rules/osago.yaml", "Rules/samples/osago.csv", "--today", "2026-11-22",
            "--format", "jsonl", "--jobs", "2",
        ])
        expectEqual(one.stdout, two.stdout)
        #expect(one.stdout.hasSuffix(#""records":300,"valid":275,"warnings":7}}"# + "\n"))
    }

    @Test func sampleIsReproducible() throws {
        let arguments = ["sample", "Rules/signup.yaml", "--count", "20", "--seed", "3", "--today", "2026-11-22", "--invalid-rate", "0.5"]
        let first = try rulecheck(arguments)
        expectEqual(first.status, 0)
        #expect(first.stdout == (try rulecheck(arguments)).stdout)
        expectEqual(first.stdout.split(separator: "\n").count, 21)
    }

    /// A share of 1 means every record: one that no mistake can be planted in (here: an optional
    /// text without rules) stays valid, and stderr says how many, never silently.
    @Test func sampleSaysHowManyRecordsCouldNotBeSpoiled() throws {
        let rules = try temporary("fields:\n  - id: note\n    type: text\n", "yaml")
        let run = try rulecheck([
            "sample", rules, "--count", "5", "--seed", "1", "--today", "2026-11-22", "--invalid-rate", "1",
            "--format", "jsonl",
        ])
        expectEqual(run.status, 0)
        expectEqual(run.stdout.split(separator: "\n").count, 5)
        expectEqual(
            run.stderr,
            "rulecheck: warning: 5 of the 5 records meant to have a mistake could not be given one "
                + "(no field of the rules can be spoiled on its own); they are valid\n")
        let spoiled = try rulecheck([
            "sample", "Rules/signup.yaml", "--count", "50", "--seed", "1", "--today", "2026-11-22",
            "--invalid-rate", "1",
        ])
        #expect(spoiled.status == 0 && spoiled.stderr.isEmpty)
    }

    /// Records the sampler cannot make pass (a required text whose pattern matches nothing) are
    /// written as drawn, and stderr says how many break rules, never silently; with a planted
    /// mistake too (not counted as valid records that could not be spoiled).
    @Test func sampleSaysHowManyRecordsBreakRulesItCouldNotSatisfy() throws {
        let rules = try temporary("fields:\n  - {id: code, type: text, required: true, pattern: '^(?=x)y$'}\n", "yaml")
        for rate in ["0", "1"] {
            let run = try rulecheck([
                "sample", rules, "--count", "3", "--seed", "1", "--today", "2026-11-22", "--invalid-rate", rate,
                "--format", "jsonl",
            ])
            expectEqual(run.status, 0)
            expectEqual(run.stdout.split(separator: "\n").count, 3)
            expectEqual(
                run.stderr,
                "rulecheck: warning: 3 of the 3 records break rules the sampler could not satisfy "
                    + "(no draw of them passed every rule); 'rulecheck check' says which\n", "rate \(rate)")
        }
    }

    /// `rulecheck-lite`, what `make demo` builds, is `rulecheck` without the server: the other
    /// commands print what rulecheck's print, and `serve` and `preview` say where they are.
    @Test func theLiteCommandIsRulecheckWithoutItsServer() throws {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.liteBinary.path), "not built: \(CLI.liteBinary.path)")
        let checks = [
            ["check", "--rules", "Rules/osago.yaml", "Rules/samples/osago.csv", "--today", "2026-11-22"],
            ["check", "Rules/signup.yaml", "Rules/samples/signup.jsonl", "--today", "2026-11-22", "--format", "jsonl"],
            ["mask", "+7 (000) 000-00-00", "9161234567", "916123"],
            ["graph", "Rules/signup.yaml"],
        ]
        for arguments in checks {
            let full = try CLI.runProcess(arguments)
            let lite = try CLI.runProcess(arguments, executable: CLI.liteBinary)
            #expect(!full.stdout.isEmpty, "\(arguments)")
            expectEqual(lite.status, full.status, "\(arguments)")
            expectEqual(lite.stdout, full.stdout, "\(arguments)")
            expectEqual(lite.stderr, full.stderr, "\(arguments)")
        }
        for command in ["serve", "preview"] {
            let run = try CLI.runProcess([command, "Rules/osago.yaml"], executable: CLI.liteBinary)
            expectEqual(run.status, 2)
            expectEqual(run.stdout, "")
            #expect(
                run.stderr.hasPrefix("Error: '\(command)' is not in rulecheck-lite, the command without its HTTP server")
                    && run.stderr.contains("'make build' (swift build --traits Server --product rulecheck)"), "\(run.stderr)")
        }
        let help = try CLI.runProcess(["--help"], executable: CLI.liteBinary)
        expectEqual(help.status, 0)
        #expect(help.stdout.contains("USAGE: rulecheck-lite <subcommand>"), "\(help.stdout)")
        let fullHelp = try CLI.runProcess(["--help"])
        let subcommands = { (help: String) in
            help.split(separator: "\n").drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
                .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        }
        expectEqual(subcommands(help.stdout), subcommands(fullHelp.stdout))
        #expect(subcommands(help.stdout).contains("serve"))
    }

    /// `check` and `merge` write the same reports: their `--format` and `--max-violations` read
    /// and explain alike (one declaration), and `merge` alone refuses `slice`.
    @Test func checkAndMergeExplainTheirReportOptionsAlike() throws {
        func block(_ help: String, _ option: String) -> String {
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(option) ") || $0 == "  \(option) <\(option.dropFirst(2))>" })
            else { return "" }
            let rest = lines[(start + 1)...].prefix { $0.hasPrefix("      ") && !$0.hasPrefix("  --") }
            return ([lines[start]] + rest).joined(separator: "\n")
        }
        let check = try rulecheck(["check", "--help"]).stdout
        let merge = try rulecheck(["merge", "--help"]).stdout
        for option in ["--format", "--max-violations"] {
            #expect(!block(check, option).isEmpty, "\(option)")
            expectEqual(block(check, option), block(merge, option), "\(option)")
        }
        let slice = try rulecheck(["merge", "--format", "slice"])
        expectEqual(slice.status, 2)
        #expect(slice.stderr.contains("merge writes text, json, jsonl, junit, sarif, html, summary or summary-json"))
    }

    /// The README shows how the `make demo` report ends: the same lines its first command prints.
    @Test func theReadmeShowsTheDemoReportAsItIs() throws {
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let intro = try #require(readme.range(of: "`make demo` first prints"))
        let start = try #require(readme.range(of: "```text\n", range: intro.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        // The command `make demo` runs, read from the Makefile rather than retyped here.
        let makefile = try String(contentsOf: CLI.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let demo = try #require(makefile.range(of: "\ndemo-run:"))
        let line = try #require(makefile[demo.upperBound...].split(separator: "\n").first { $0.contains("$(BIN) check ") })
        let command = try #require(line.split(separator: "$(BIN) ").last?.split(separator: ";").first)
        let arguments = command.split(separator: " ").map(String.init)
        #expect(arguments.first == "check" && arguments.contains("Rules/samples/osago.csv"), "\(arguments)")
        let run = try rulecheck(arguments)
        expectEqual(run.status, 1)
        let printed = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        expectEqual(Array(printed.suffix(shown.count)), shown)
    }
}
