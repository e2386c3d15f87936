import Foundation
import Testing
import _RuleCheckTestSupport

/// `rulecheck split`, `check` of the slices (`--format slice` and the slice options) and
/// `rulecheck merge`, run as a user runs them: the merged report is the whole file's.
@Suite("split and merge", .serialized)
struct SplitMergeCLITests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static let rules = "fields:\n  - {id: name, required: true, max_length: 8}\n  - {id: age, type: integer, min: 0}\n"
    static let formats = ["text", "json", "jsonl", "junit", "sarif", "summary", "summary-json"]

    /// Quoted line breaks, CRLF, a column that matches no field, errors throughout.
    static let csv = "name,age,note\r\nAnn,1,x\r\n\"Multi\r\nline\",2,\r\n,-1,\"a\nb\"\r\nBartholomew,abc,\r\nBo,3,\r\n,4,\r\n"

    /// Runs every printed argument line of `split` as `check --format slice`, and gives the
    /// reports one after the other.
    func checkSlices(_ lines: String, rules: String, extra: [String] = []) throws -> Data {
        var reports = Data()
        for line in lines.split(separator: "\n") {
            let run = try CLI.run(["check", "--rules", rules, "--format", "slice"] + extra + DocsCLITests.words(line))
            #expect(run.status <= 1, "\(line): \(run.stderr)")
            reports += run.stdoutBytes
        }
        return reports
    }

    func expectMergedIsWhole(
        _ reports: Data, input: String, name: String, rules: String, extra: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = try scratch.file(reports, "jsonl")
        for format in Self.formats {
            let whole = try CLI.run(["check", "--rules", rules, input, "--format", format, "--name", name] + extra)
            let merged = try CLI.run(["merge", path, "--format", format])
            #expect(merged.stdout == whole.stdout, "\(format)", sourceLocation: sourceLocation)
            #expect(merged.status == whole.status, "\(format): \(merged.stderr)", sourceLocation: sourceLocation)
        }
        let capped = try CLI.runProcess(["merge", "--format", "jsonl", "--max-violations", "3", "-"], stdin: reports)
        let wholeCapped = try CLI.run(
            ["check", "--rules", rules, input, "--format", "jsonl", "--name", name, "--max-violations", "3"] + extra)
        #expect(capped.stdout == wholeCapped.stdout, sourceLocation: sourceLocation)
        // A summary cut short counts everything, and says how much a full report would have shown.
        let cappedSummary = try CLI.runProcess(["merge", "--format", "summary-json", "--max-violations", "3", "-"], stdin: reports)
        let wholeCappedSummary = try CLI.run(
            [
                "check", "--rules", rules, input, "--format", "summary-json", "--name", name,
                "--max-violations", "3",
            ] + extra)
        #expect(cappedSummary.stdout == wholeCappedSummary.stdout, sourceLocation: sourceLocation)
    }

    @Test func aCSVFileSplitCheckedAndMerged() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv, "csv")
        let output = try scratch.subdirectory().appendingPathComponent("slices").path
        let split = try CLI.run(["split", input, "--parts", "3", "--output", output])
        expectEqual(split.status, 0, "\(split.stderr)")
        let lines = split.stdout.split(separator: "\n")
        expectEqual(lines.count, 3)
        #expect(
            lines.first
                == "--input csv --name \(input) --first-record 1 --first-line 2 --header-from \(output)/header.csv \(output)/part-00000.csv"
        )
        #expect(try String(contentsOfFile: "\(output)/header.csv", encoding: .utf8) == "name,age,note\r\n")
        let slices = try (1...3).map { try String(contentsOfFile: "\(output)/part-0000\($0 - 1).csv", encoding: .utf8) }
        expectEqual("name,age,note\r\n" + slices.joined(), Self.csv)

        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(output)/manifest.json"))) as? [String: Any])
        expectEqual(manifest["records"] as? Int, 6)
        expectEqual(manifest["format"] as? String, "csv")
        let entries = try #require(manifest["slices"] as? [[String: Any]])
        expectEqual(entries.map { $0["firstRecord"] as? Int }, [1, 3, 5])
        expectEqual(entries.map { $0["offset"] as? Int }, [15, 42, 71])
        expectEqual(
            entries.first?["arguments"] as? [String],
            ["--input", "csv", "--name", input, "--first-record", "1", "--first-line", "2", "--header-from", "header.csv"])

        let reports = try checkSlices(split.stdout, rules: rules)
        try expectMergedIsWhole(reports, input: input, name: input, rules: rules)
        // The merged summary counts what the three slices found: every finding, once.
        let summary = try CLI.runProcess(["merge", "--format", "summary-json"], stdin: reports)
        expectEqual(summary.status, 1)
        let totals = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        expectEqual(totals["by_code"] as? [String: Int], ["max_length": 2, "required": 2, "min": 1, "type": 1, "unknown_column": 1])
        expectEqual(totals["by_field"] as? [String: Int], ["name": 4, "age": 2, "note": 1])
        let counts = try #require(totals["summary"] as? [String: Int])
        #expect(counts["records"] == 6 && counts["invalid"] == 4 && counts["errors"] == 6 && counts["warnings"] == 1)
        let strict = try checkSlices(split.stdout, rules: rules, extra: ["--strict"])
        try expectMergedIsWhole(strict, input: input, name: input, rules: rules, extra: ["--strict"])
    }

    @Test func jsonFormatsFromStandardInputAndBySize() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let jsonl = try scratch.file("{\"name\":\"Ann\",\"x\":1}\n{\"age\":-1}\n\n{\"name\":\"B\",\"x\":2,\"y\":3}\n{\"name\":\n", "jsonl")
        let array = try scratch.file("[{\"name\":\"Ann\",\"x\":1},\n{\"age\":-1},\n{\"name\":\"B\",\"x\":2},\n{\"y\":3}]\n", "json")
        for input in [jsonl, array] {
            let output = try scratch.subdirectory().path
            let split = try CLI.run(["split", input, "--size", "20", "--output", output, "--name", "export"])
            expectEqual(split.status, 0, "\(split.stderr)")
            expectEqual(split.stdout.split(separator: "\n").count, 3)
            // Each slice through standard input, as a Spark task pipes it.
            var reports = Data()
            for line in split.stdout.split(separator: "\n") {
                var words = DocsCLITests.words(line)
                let path = words.removeLast()
                let run = try CLI.runProcess(
                    ["check", "--rules", rules, "--format", "slice"] + words + ["-"],
                    stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
                reports += run.stdoutBytes
            }
            try expectMergedIsWhole(reports, input: input, name: "export", rules: rules)
        }
    }

    @Test func theManifestAloneAndColumnsFromTheCommandLine() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv, "csv")
        let output = try scratch.subdirectory().path
        let split = try CLI.run(["split", input, "--parts", "2", "--output", output, "--manifest-only"])
        #expect(split.status == 0 && split.stdout.isEmpty)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: output).sorted(), ["header.csv", "manifest.json"])
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(output)/manifest.json"))) as? [String: Any])
        let entries = try #require(manifest["slices"] as? [[String: Any]])
        let bytes = Data(Self.csv.utf8)
        var reports = Data()
        for entry in entries {
            let offset = try #require(entry["offset"] as? Int)
            let length = try #require(entry["length"] as? Int)
            #expect(entry["path"] is NSNull)
            let run = try CLI.runProcess(
                [
                    "check", "--rules", rules, "--format", "slice", "--input", "csv", "--name", input,
                    "--first-record", "\(entry["firstRecord"] as? Int ?? 0)", "--first-line", "\(entry["firstLine"] as? Int ?? 0)",
                    "--columns", "name,age,\"note\"", "-",
                ], stdin: bytes.subdata(in: offset..<offset + length))
            reports += run.stdoutBytes
        }
        try expectMergedIsWhole(reports, input: input, name: input, rules: rules)
    }

    /// Blank lines before the header: findings about it are at the header's line in the whole
    /// file's report, and so in the merged one — slices given the header file, or its columns and
    /// the line the manifest gives.
    @Test func aHeaderAfterBlankLines() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file("\n \t\n" + Self.csv, "csv")
        let whole = try CLI.run(["check", "--rules", rules, input, "--format", "jsonl"])
        #expect(whole.stdout.hasPrefix("{\"code\":\"unknown_column\",\"field\":\"note\",\"file\":\"\(input)\",\"line\":3,"))
        let output = try scratch.subdirectory().path
        let split = try CLI.run(["split", input, "--parts", "3", "--output", output])
        expectEqual(split.status, 0, "\(split.stderr)")
        try expectMergedIsWhole(try checkSlices(split.stdout, rules: rules), input: input, name: input, rules: rules)
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(output)/manifest.json"))) as? [String: Any])
        let header = try #require(manifest["header"] as? [String: Any])
        expectEqual(header["line"] as? Int, 3)
        let columns = split.stdout.replacingOccurrences(
            of: "--header-from \(output)/header.csv", with: "--columns name,age,note --header-line 3")
        #expect(columns != split.stdout)
        try expectMergedIsWhole(try checkSlices(columns, rules: rules), input: input, name: input, rules: rules)
    }

    @Test func argumentErrors() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv, "csv")
        let jsonl = try scratch.file("{}\n", "jsonl")
        let cases: [([String], String)] = [
            (["split", input], "Error: give --parts or --size"),
            (["split", input, "--parts", "2", "--size", "1M"], "Error: give --parts or --size"),
            (["split", input, "--parts", "0"], "Error: --parts must be between 1 and 1000000"),
            (["split", input, "--size", "12X"], "Error: --size takes a positive size like 500000, 64K, 256M or 2G, not '12X'"),
            (
                ["split", "-", "--parts", "2", "--input", "csv"],
                "Error: split reads a file twice (to plan, then to cut): give a file, not '-'"
            ),
            (["merge", "--format", "slice"], "Error: merge writes text, json, jsonl, junit, sarif, html, summary or summary-json"),
            (
                ["check", "--rules", rules, jsonl, "--columns", "a,b"],
                "Error: --header-from and --columns are for CSV and TSV input (give --input csv or tsv)"
            ),
            (["check", "--rules", rules, input, "--array-part", "middle"], "Error: --array-part is for a JSON array (give --input json)"),
            (
                ["check", "--rules", rules, input, "--columns", "a", "--header-from", input],
                "Error: give --header-from or --columns, not both"
            ),
            (["check", "--rules", rules, input, "--columns", "a,\"b"], "Error: --columns: unterminated quote"),
            (
                ["check", "--rules", rules, input, "--header-line", "2"],
                "Error: --header-line goes with --columns (a --header-from file says its own)"
            ),
            (["check", "--rules", rules, input, "--columns", "a", "--header-line", "0"], "Error: --header-line must be 1 or more"),
            (["check", "--rules", rules, input, jsonl, "--name", "x"], "Error: --name and the slice options take one input, not 2"),
            (["check", "--rules", rules, input, "--first-record", "0"], "Error: --first-record must be 1 or more"),
            (
                ["check", "--rules", rules, input, "--format", "slice", "--max-violations", "2"],
                "Error: --max-violations cuts the merged report: give it to 'rulecheck merge', not to a slice's check"
            ),
        ]
        for (arguments, message) in cases {
            // `split -` is refused before anything is read; the executable runs it all the same.
            let run = try arguments.contains("-") ? CLI.runProcess(arguments, stdin: "") : CLI.run(arguments)
            expectEqual(run.status, 2, "\(arguments)")
            #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test func whatCannotBeReadOrWritten() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv, "csv")
        let output = try scratch.subdirectory().path
        expectEqual(try CLI.run(["split", input, "--parts", "2", "--output", output]).status, 0)
        let again = try CLI.run(["split", input, "--parts", "2", "--output", output])
        expectEqual(again.status, 3)
        #expect(again.stderr == "rulecheck: '\(output)' is not an empty directory: remove it or give another --output\n")
        let missing = try CLI.run(["split", "/nonexistent.csv", "--parts", "2", "--output", output + "-2"])
        expectEqual(missing.status, 3)
        expectEqual(missing.stderr, "rulecheck: cannot open '/nonexistent.csv': No such file or directory\n")
        let noHeader = try CLI.run(["check", "--rules", rules, input, "--header-from", "/nonexistent.csv"])
        expectEqual(noHeader.status, 3)
        expectEqual(noHeader.stderr, "rulecheck: cannot open '/nonexistent.csv': No such file or directory\n")
        // A slice missing from the merge.
        let reports = try checkSlices(try CLI.run(["split", input, "--parts", "3", "--output", output + "-3"]).stdout, rules: rules)
        let lines = String(decoding: reports, as: UTF8.self).split(separator: "\n")
        let second = try #require(lines.firstIndex { $0.contains("\"firstRecord\":3,") })
        let third = try #require(lines.firstIndex { $0.contains("\"firstRecord\":5,") })
        let merged = try CLI.runProcess(["merge"], stdin: (lines[..<second] + lines[third...]).joined(separator: "\n") + "\n")
        expectEqual(merged.status, 3)
        #expect(
            merged.stderr
                == "rulecheck: -:\(second + 1): the slice of '\(input)' starts at record 5 (the slice before it ended at record 2): a slice is missing or out of order\n"
        )
        // The last slice missing: only the manifest's records show it.
        let short = (lines[..<third]).joined(separator: "\n") + "\n"
        expectEqual(try CLI.runProcess(["merge"], stdin: short).status, 1)
        let checked = try CLI.runProcess(["merge", "--manifest", output + "-3/manifest.json"], stdin: short)
        expectEqual(checked.status, 3)
        #expect(
            checked.stderr == "rulecheck: -:\(third): the slices of '\(input)' hold 4 records, not the 6 of the file: a slice is missing\n")
        let notManifest = try CLI.runProcess(["merge", "--manifest", input], stdin: short)
        expectEqual(notManifest.status, 3)
        #expect(notManifest.stderr == "rulecheck: '\(input)' is not a manifest of rulecheck split (it needs a name and records)\n")
    }
}
