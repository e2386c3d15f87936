import Foundation
import Testing
import _RuleCheckTestSupport

/// `rulecheck infer`: infer → lint → check finds no error on the export it was drafted from, and
/// finds the mistakes planted in a copy.
@Suite("CLI: infer", .serialized)
struct InferCLITests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = scratch.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(arguments: ["Rules/samples/osago.csv", "Rules/samples/signup.jsonl", "Rules/samples/listing.json"])
    func inferLintCheckRoundTrips(sample: String) throws {
        for format in ["yaml", "json"] {
            let inferred = try CLI.run(["infer", sample, "--format", format])
            expectEqual(inferred.status, 0, "\(inferred.stderr)")
            let rules = try write(inferred.stdout, "draft.\(format)")
            let lint = try CLI.run(["lint", rules])
            expectEqual(lint.status, 0)
            #expect(lint.stdout.isEmpty, "lint: \(lint.stdout)")
            let check = try CLI.run(["check", "--rules", rules, sample, "--format", "summary-json", "--today", "2026-11-22"])
            expectEqual(check.status, 0, "\(check.stdout)")
            #expect(check.stdout.contains(#""errors":0"#))
        }
    }

    /// TSV: columns split at tabs (a comma is part of a value), the draft round-trips, and a
    /// planted mistake in a copy is found at its line.
    @Test func aTSVExportRoundTrips() throws {
        let tsv = try write(
            "id\tcity\tnote\tcode\n1\tMoscow\ta, b\tAB-12\n2\tKazan\t\tCD-34\n3\tMoscow\tc\tEF-56\n4\tKazan\tx\tGH-78\n", "p.tsv")
        let inferred = try CLI.run(["infer", tsv])
        expectEqual(inferred.status, 0, "\(inferred.stderr)")
        #expect(inferred.stdout.contains("  - id: 'note'\n    type: text  # 3 values, 1 empty, 3 distinct\n"))
        #expect(inferred.stdout.contains("    mask: 'AA-00'  # the shape all 4 values have\n"))
        let rules = try write(inferred.stdout, "p.yaml")
        expectEqual(try CLI.run(["lint", rules]).status, 0)
        let check = try CLI.run(["check", "--rules", rules, tsv, "--format", "summary-json"])
        expectEqual(check.status, 0)
        #expect(check.stdout.contains(#""errors":0"#))
        let copy = try write("id\tcity\tnote\tcode\n1\tMoscow\ta, b\tAB-123\n", "copy.tsv")
        let planted = try CLI.run(["check", "--rules", rules, copy, "--format", "jsonl"])
        expectEqual(planted.status, 1)
        #expect(planted.stdout.contains(#""code":"mask","field":"code""#))
        #expect(planted.stdout.contains(#""line":2"#))
    }

    @Test func plantedMistakesInACopyAreFound() throws {
        let original = try String(contentsOf: CLI.root.appendingPathComponent("Rules/samples/osago.csv"), encoding: .utf8)
        let inferred = try CLI.run(["infer", "Rules/samples/osago.csv"])
        let rules = try write(inferred.stdout, "osago-draft.yaml")
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Record 1 (line 2): a VIN too short (VINs are 17 characters); record 2 (line 3): an unknown document type.
        lines[1] = lines[1].replacingOccurrences(of: "J3TFPKFVGS1PP6MWM", with: "J3TF-PKFV")
        lines[2] = lines[2].replacingOccurrences(of: ",foreign_passport,", with: ",visa,")
        let copy = try write(lines.joined(separator: "\n"), "osago-copy.csv")
        let check = try CLI.run(["check", "--rules", rules, copy, "--format", "jsonl", "--today", "2026-11-22"])
        expectEqual(check.status, 1)
        let findings = check.stdout.split(separator: "\n").dropLast()
        expectEqual(findings.count, 2)
        #expect(findings.first?.contains(#""code":"min_length","field":"vin""#) == true)
        #expect(findings.first?.contains(#""line":2"#) == true)
        #expect(findings.last?.contains(#""code":"option","field":"doc_type""#) == true)
    }

    @Test func argumentsAndInputsThatCannotBeDrafted() throws {
        let csv = try write("a\n1\n", "a.csv")
        let jsonl = try write("{\"a\": 1}\n", "b.jsonl")
        let mixed = try CLI.run(["infer", csv, jsonl])
        expectEqual(mixed.status, 2)
        #expect(mixed.stderr == "rulecheck: '\(jsonl)' is JSON, and '\(csv)' is not: infer drafts files of one kind\n")
        let empty = try write("", "empty.csv")
        let nothing = try CLI.run(["infer", empty])
        expectEqual(nothing.status, 2)
        #expect(nothing.stderr == "rulecheck: nothing to infer from: '\(empty)' holds no record\n")
        let missing = try CLI.run(["infer", "/nonexistent/x.csv"])
        expectEqual(missing.status, 3)
        expectEqual(missing.stderr, "rulecheck: cannot open '/nonexistent/x.csv': No such file or directory\n")
        expectEqual(try CLI.run(["infer", csv, "--sample", "0"]).status, 2)
        #expect(try CLI.run(["infer", "data.txt"]).stderr.hasPrefix("Error: cannot tell the format of 'data.txt' from its name"))
    }

    @Test func notesGoToStandardErrorWithJSON() throws {
        let csv = try write("First Name,age\nAnn,3\n", "n.csv")
        let run = try CLI.run(["infer", csv, "--format", "json"])
        expectEqual(run.status, 0)
        expectEqual(
            run.stderr,
            "rulecheck: not inferred: 'First Name': not a field id (ids are letters, digits and _, and do not start with a digit)\n")
    }
}
