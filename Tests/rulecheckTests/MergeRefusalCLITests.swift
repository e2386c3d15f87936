import Foundation
import Testing
import _RuleCheckTestSupport

/// `rulecheck merge` refuses slices whose report would not be that of one check: slices checked
/// with other rules or options, a slice given twice or overlapping another; and it quotes the
/// names in its messages cut, as a text report cuts long values.
@Suite("merge refuses slices that disagree", .serialized)
struct MergeRefusalCLITests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// Six records of 8 bytes each, errors among them: 3 parts hold records 1–2, 3–4, 5–6; 2
    /// parts 1–3, 4–6.
    static let csv = "name,age,note\nAnn,1,x\n,2,yyyy\nBo,-1,z\nBo,x,zz\n,4,wwww\nCy,5,ab\n"

    /// The rules of SplitMergeCLITests, in a directory of their own with a block they include.
    func rules(block: String = "fields:\n  - {id: age, type: integer, min: 0}\n") throws -> String {
        let directory = try scratch.subdirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("blocks"), withIntermediateDirectories: true)
        try Data(block.utf8).write(to: directory.appendingPathComponent("blocks/age.yaml"))
        let rules =
            "includes: {age: blocks/age.yaml}\nfields:\n  - {id: name, required: true, max_length: 8}\n  - {id: person, include: age}\n"
        let path = directory.appendingPathComponent("people.yaml")
        try Data(rules.utf8).write(to: path)
        return path.path
    }

    /// The argument lines `split` prints for the file cut into `parts`.
    func split(_ input: String, parts: Int) throws -> [String] {
        let output = try scratch.subdirectory().appendingPathComponent("slices").path
        let run = try CLI.run(["split", input, "--parts", "\(parts)", "--output", output])
        expectEqual(run.status, 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// The slice report of one argument line of `split`, checked with `rules` and `extra`.
    func report(_ line: String, rules: String, _ extra: [String] = []) throws -> [String] {
        let run = try CLI.run(
            ["check", "--rules", rules, "--format", "slice", "--today", "2026-11-22"] + extra + DocsCLITests.words(line[...]))
        #expect(run.status <= 1, "\(line): \(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    func merge(_ lines: [String], _ arguments: [String] = []) throws -> CLIRun {
        try CLI.runProcess(["merge"] + arguments, stdin: lines.joined(separator: "\n") + "\n")
    }

    @Test func slicesCheckedWithOtherOptionsAreRefused() throws {
        let rules = try rules()
        let input = try scratch.file(Self.csv, "csv")
        let slices = try split(input, parts: 3)
        let first = try report(slices[0], rules: rules)
        let second = try report(slices[1], rules: rules)
        expectEqual(try merge(first + second + report(slices[2], rules: rules)).status, 1)
        let cases: [([String], String)] = [
            (["--today", "2026-11-23"], "--today 2026-11-23, not 2026-11-22"),
            (["--locale", "ru"], "--locale ru, not en"),
            (["--strict"], "--strict, not without it"),
            (["--today", "2026-11-23", "--strict"], "--today 2026-11-23, not 2026-11-22; --strict, not without it"),
        ]
        let line = first.count + second.count + 1
        for (extra, difference) in cases {
            let merged = try merge(first + second + report(slices[2], rules: rules, extra))
            expectEqual(merged.status, 3, "\(extra)")
            #expect(
                merged.stderr
                    == "rulecheck: -:\(line): the slice of '\(input)' that starts at record 5 was checked otherwise than the slice of '\(input)' that starts at record 1 (-:1): \(difference); check every slice with the same rules and options\n",
                "\(extra)")
            #expect(merged.stdout.isEmpty)
        }
    }

    /// Other rules: another rules file, or the same file whose included block changed.
    @Test func slicesCheckedWithOtherRulesAreRefused() throws {
        let input = try scratch.file(Self.csv, "csv")
        let slices = try split(input, parts: 2)
        let rules = try rules()
        let first = try report(slices[0], rules: rules)
        // The same rules elsewhere (shipped to another machine) are the same rules.
        #expect(try merge(first + report(slices[1], rules: try self.rules())).status == 1)
        for other in [
            try self.rules(block: "fields:\n  - {id: age, type: integer, min: 1}\n"),
            try self.rules(block: "# a comment\nfields:\n  - {id: age, type: integer, min: 0}\n"),
        ] {
            let merged = try merge(first + report(slices[1], rules: other))
            expectEqual(merged.status, 3)
            let prefix =
                "rulecheck: -:\(first.count + 1): the slice of '\(input)' that starts at record 4 was checked otherwise than the slice of '\(input)' that starts at record 1 (-:1): other rules (fingerprint "
            #expect(merged.stderr.hasPrefix(prefix), "\(merged.stderr)")
            let fingerprints = merged.stderr.dropFirst(prefix.count).prefix { $0 != ")" }.components(separatedBy: ", not ")
            expectEqual(fingerprints.count, 2)
            #expect(fingerprints.allSatisfy { $0.count == 64 && $0.allSatisfy { $0.isHexDigit } })
            expectEqual(Set(fingerprints).count, 2)
            #expect(merged.stderr.hasSuffix("); check every slice with the same rules and options\n"))
        }
    }

    /// A retried task may write its report twice: a slice given again is refused, wherever it
    /// comes again, and with --manifest too.
    @Test func aSliceGivenTwiceIsRefused() throws {
        let rules = try rules()
        let input = try scratch.file(Self.csv, "csv")
        let output = try scratch.subdirectory().appendingPathComponent("slices").path
        let split = try CLI.run(["split", input, "--parts", "3", "--output", output])
        let slices = split.stdout.split(separator: "\n").map(String.init)
        let reports = try slices.map { try report($0, rules: rules) }
        let manifest = ["--manifest", output + "/manifest.json"]
        let whole = reports.flatMap { $0 }
        expectEqual(try merge(whole, manifest).status, 1)

        // Right after itself.
        let twice = reports[0] + reports[1] + reports[1] + reports[2]
        for arguments in [[], manifest] {
            let merged = try merge(twice, arguments)
            expectEqual(merged.status, 3)
            #expect(
                merged.stderr
                    == "rulecheck: -:\(reports[0].count + reports[1].count + 1): the slice of '\(input)' that starts at record 3 is given twice (first at -:\(reports[0].count + 1)): a retried task's report, or a report given twice\n"
            )
        }
        // The first slice again after the last: it used to start a second file of the same name.
        for arguments in [[], manifest] {
            let merged = try merge(whole + reports[0], arguments)
            expectEqual(merged.status, 3, "\(arguments)")
            #expect(
                merged.stderr
                    == "rulecheck: -:\(whole.count + 1): the slice of '\(input)' that starts at record 1 is given twice (first at -:1): a retried task's report, or a report given twice\n"
            )
        }
        // After another file's slices: a file merged already.
        let other = try scratch.file("name,age\nZed,1\n", "csv")
        let otherReport = try report("--input csv \(other)", rules: rules)
        let merged = try merge(whole + otherReport + reports[1])
        expectEqual(merged.status, 3)
        #expect(
            merged.stderr
                == "rulecheck: -:\(whole.count + otherReport.count + 1): the slice of '\(input)' that starts at record 3 is of a file merged already, from -:1 on: a slice given twice, or the slices of a file not one after the other\n"
        )
    }

    /// Slices of two different cuts of one file overlap.
    @Test func overlappingSlicesAreRefused() throws {
        let rules = try rules()
        let input = try scratch.file(Self.csv, "csv")
        let halves = try split(input, parts: 2).map { try report($0, rules: rules) }
        let thirds = try split(input, parts: 3).map { try report($0, rules: rules) }
        // Records 1–3, then a slice from record 3.
        let merged = try merge(halves[0] + thirds[1] + thirds[2])
        expectEqual(merged.status, 3)
        #expect(
            merged.stderr
                == "rulecheck: -:\(halves[0].count + 1): the slice of '\(input)' that starts at record 3 overlaps the slice that starts at record 1 (-:1): record 3 is merged already\n"
        )
        // Records 1–2 and 3–4, then a slice of records 4–6.
        let again = try merge(thirds[0] + thirds[1] + halves[1])
        expectEqual(again.status, 3)
        #expect(
            again.stderr
                == "rulecheck: -:\(thirds[0].count + thirds[1].count + 1): the slice of '\(input)' that starts at record 4 overlaps the slice that starts at record 3 (-:\(thirds[0].count + 1)): record 4 is merged already\n"
        )
    }

    /// A name of 100,000 characters is quoted as its first 100 and its length.
    @Test func longNamesAreCutInMessages() throws {
        let rules = try rules()
        let input = try scratch.file(Self.csv, "csv")
        let name = String(repeating: "n", count: 100_000)
        let output = try scratch.subdirectory().appendingPathComponent("slices").path
        let split = try CLI.run(["split", input, "--parts", "3", "--output", output, "--name", name])
        expectEqual(split.status, 0, "\(split.stderr)")
        let reports = try split.stdout.split(separator: "\n").map { try report(String($0), rules: rules) }
        let shown = "'" + String(repeating: "n", count: 100) + "… (100000 characters)'"
        let missing = try merge(reports[0] + reports[2])
        expectEqual(missing.status, 3)
        #expect(
            missing.stderr
                == "rulecheck: -:\(reports[0].count + 1): the slice of \(shown) starts at record 5 (the slice before it ended at record 2): a slice is missing or out of order\n"
        )
        let short = try merge(reports[0] + reports[1], ["--manifest", output + "/manifest.json"])
        expectEqual(short.status, 3)
        #expect(
            short.stderr
                == "rulecheck: -:\(reports[0].count + reports[1].count): the slices of \(shown) hold 4 records, not the 6 of the file: a slice is missing\n"
        )
        let twice = try merge(reports[0] + reports[0])
        #expect(twice.stderr.count < 400, "\(twice.stderr.prefix(400))")
        #expect(twice.stderr.contains(shown))
    }

    @Test func twoManifestsOfOneFileAreRefused() throws {
        let input = try scratch.file(Self.csv, "csv")
        let first = try scratch.subdirectory().appendingPathComponent("a").path
        let second = try scratch.subdirectory().appendingPathComponent("b").path
        expectEqual(try CLI.run(["split", input, "--parts", "2", "--output", first, "--manifest-only"]).status, 0)
        expectEqual(try CLI.run(["split", input, "--parts", "3", "--output", second, "--manifest-only"]).status, 0)
        let merged = try CLI.runProcess(
            ["merge", "--manifest", first + "/manifest.json", "--manifest", second + "/manifest.json"], stdin: "")
        expectEqual(merged.status, 3)
        #expect(
            merged.stderr
                == "rulecheck: '\(second)/manifest.json' describes '\(input)', as '\(first)/manifest.json' does: give one manifest per file\n"
        )
    }
}
