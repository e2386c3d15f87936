import Foundation
import Testing
import _RuleCheckTestSupport

/// `check`, `infer` and `split` on gzip and zstd files and standard input: the same reports,
/// line numbers and exit statuses as on the plain file; a stream cut short is status 3 with an
/// `unreadable` finding after what was read.
@Suite("CLI: compressed inputs", .serialized)
struct CompressedInputCLITests {
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
            max_length: 8
          - id: age
            type: integer
            min: 0
        """

    static let csv =
        "name,age\r\n" + (1...500).map { $0 % 50 == 0 ? ",\($0)\n" : $0 % 77 == 0 ? "\"x\ny\",-1\n" : "N\($0),\($0)\n" }.joined()

    enum Kind: String, CaseIterable {
        case gzip, zstd
        func compress(_ text: String) -> [UInt8] {
            self == .gzip ? TestCompression.gzip(Array(text.utf8)) : TestCompression.zstd(Array(text.utf8))
        }
        var suffix: String { self == .gzip ? "gz" : "zst" }
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = scratch.directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test(arguments: Kind.allCases, ["text", "json", "jsonl", "junit", "sarif", "html", "summary"])
    func checkReportsACompressedFileAsThePlainOne(kind: Kind, format: String) throws {
        let rules = try write(Array(Self.rules.utf8), "people.yaml")
        let plain = try write(Array(Self.csv.utf8), "people.csv")
        let compressed = try write(kind.compress(Self.csv), "people.csv.\(kind.suffix)")
        let expected = try CLI.run(["check", "--rules", rules, plain, "--format", format, "--name", "people.csv"])
        expectEqual(expected.status, 1)
        let fromFile = try CLI.run(["check", "--rules", rules, compressed, "--format", format, "--name", "people.csv"])
        expectEqual(fromFile.status, expected.status)
        expectEqual(fromFile.stdout, expected.stdout)
        expectEqual(fromFile.stderr, expected.stderr)
        // Standard input: told by its first bytes, decompressed, then its format told too.
        let fromStdin = try CLI.runProcess(
            ["check", "--rules", rules, "-", "--format", format, "--name", "people.csv"], stdin: Data(kind.compress(Self.csv)))
        expectEqual(fromStdin.status, expected.status)
        expectEqual(fromStdin.stdout, expected.stdout)
    }

    @Test(arguments: Kind.allCases)
    func aStreamCutShortIsStatus3AndAFindingAfterWhatWasRead(kind: Kind) throws {
        let rules = try write(Array(Self.rules.utf8), "people.yaml")
        // Large enough for zstd's blocks (128 KiB) to give records before the cut.
        let large = Self.csv + (1...30_000).map { $0 % 50 == 0 ? ",\($0)\n" : "M\($0 % 9999),\($0)\n" }.joined()
        let compressed = kind.compress(large)
        let cut = try write(Array(compressed[..<(compressed.count * 2 / 3)]), "cut.csv.\(kind.suffix)")
        let run = try CLI.run(["check", "--rules", rules, cut, "--format", "jsonl"])
        expectEqual(run.status, 3)
        let message =
            "cannot read '\(cut)': the \(kind.rawValue) stream is cut short: the file ends after \(compressed.count * 2 / 3) compressed bytes, inside the stream"
        #expect(run.stderr == "rulecheck: \(message)\n")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.dropLast().last?.contains(#""code":"unreadable""#) == true)
        expectEqual(lines.dropLast().last?.contains(message), true)
        // Some records were read and reported before it.
        #expect(lines.contains { $0.contains(#""code":"required""#) })
        #expect(lines.last?.hasPrefix(#"{"summary":{"errors":"#) == true)
    }

    @Test func aCorruptStreamFromStandardInput() throws {
        let rules = try write(Array(Self.rules.utf8), "people.yaml")
        var compressed = TestCompression.gzip(Array(Self.csv.utf8))
        compressed[compressed.count / 2] ^= 0x5A
        let run = try CLI.runProcess(["check", "--rules", rules, "-", "--input", "csv", "--format", "summary"], stdin: Data(compressed))
        expectEqual(run.status, 3)
        #expect(run.stderr.hasPrefix("rulecheck: cannot read '-': corrupt gzip data ("))
        #expect(run.stdout.contains("unreadable"))
    }

    /// As Docs/cli.md says: refused by name, status 3 — also when the format is told by the file's
    /// name (`people.csv.xz` was "cannot tell the format" until the name looked past `.xz`).
    @Test func otherCompressionsAreRefusedClearly() throws {
        let rules = try write(Array(Self.rules.utf8), "people.yaml")
        let xz = try write([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04], "people.csv.xz")
        let bzip2 = try write(Array("BZh91AY&SY".utf8), "people.csv.bz2")
        for (file, name) in [(xz, "xz"), (bzip2, "bzip2")] {
            for extra in [[], ["--input", "csv"]] {
                let run = try CLI.run(["check", "--rules", rules, file] + extra)
                expectEqual(run.status, 3, "\(extra)")
                expectEqual(
                    run.stderr,
                    "rulecheck: cannot read '\(file)': it is \(name)-compressed; rulecheck reads gzip and zstd: decompress it first\n")
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func inferDraftsACompressedFileAsThePlainOne(kind: Kind) throws {
        let plain = try write(Array(Self.csv.utf8), "people.csv")
        let compressed = try write(kind.compress(Self.csv), "people.csv.\(kind.suffix)")
        let expected = try CLI.run(["infer", plain])
        expectEqual(expected.status, 0)
        let got = try CLI.run(["infer", compressed])
        expectEqual(got.status, 0)
        expectEqual(got.stdout, expected.stdout.replacingOccurrences(of: plain, with: compressed))
        let fromStdin = try CLI.runProcess(["infer", "-", "--form", "people"], stdin: Data(kind.compress(Self.csv)))
        expectEqual(fromStdin.stdout, expected.stdout.replacingOccurrences(of: plain, with: "standard input"))
        // Cut short: nothing is drafted from part of a file.
        let bytes = kind.compress(Self.csv)
        let cut = try write(Array(bytes[..<(bytes.count / 2)]), "cut.csv.\(kind.suffix)")
        let failed = try CLI.run(["infer", cut])
        expectEqual(failed.status, 3)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.hasPrefix("rulecheck: cannot read '\(cut)': the \(kind.rawValue) stream is cut short"))
    }

    @Test(arguments: Kind.allCases)
    func splitCutsTheDecompressedBytes(kind: Kind) throws {
        let plain = try write(Array(Self.csv.utf8), "people.csv")
        let compressed = try write(kind.compress(Self.csv), "people.csv.\(kind.suffix)")
        let plainSlices = try scratch.subdirectory()
        let compressedSlices = try scratch.subdirectory()
        let expected = try CLI.run(["split", plain, "--parts", "3", "--output", plainSlices.path, "--name", "people.csv"])
        expectEqual(expected.status, 0)
        let got = try CLI.run(["split", compressed, "--parts", "3", "--output", compressedSlices.path, "--name", "people.csv"])
        expectEqual(got.status, 0, "\(got.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: plainSlices.path).sorted()
        expectEqual(names, ["header.csv", "manifest.json", "part-00000.csv", "part-00001.csv", "part-00002.csv"])
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: compressedSlices.path).sorted(), names)
        for name in names where name != "manifest.json" {
            let a = try Data(contentsOf: plainSlices.appendingPathComponent(name))
            let b = try Data(contentsOf: compressedSlices.appendingPathComponent(name))
            expectEqual(a, b, "\(name)")
        }
        // The slices' reports merge into the report of the plain file.
        let rules = try write(Array(Self.rules.utf8), "people.yaml")
        var reports = ""
        for line in got.stdout.split(separator: "\n") {
            let arguments = DocsCLITests.words(line)
            reports += try CLI.run(["check", "--rules", rules, "--format", "slice"] + arguments).stdout
        }
        for format in ["json", "html"] {
            let merged = try CLI.runProcess(["merge", "-", "--format", format], stdin: reports)
            let whole = try CLI.run(["check", "--rules", rules, plain, "--format", format, "--name", "people.csv"])
            expectEqual(merged.stdout, whole.stdout, "\(format)")
            expectEqual(merged.status, whole.status)
        }
    }

    /// A stream cut short is no shorter export to split: status 3, the fault said, and no
    /// slice or manifest left behind to be checked as if it were the whole file.
    @Test(arguments: Kind.allCases)
    func splitOfAStreamCutShortLeavesNoSlices(kind: Kind) throws {
        let large = Self.csv + (1...30_000).map { "M\($0 % 9999),\($0)\n" }.joined()
        let compressed = kind.compress(large)
        let cut = try write(Array(compressed[..<(compressed.count * 2 / 3)]), "cut.csv.\(kind.suffix)")
        let slices = try scratch.subdirectory()
        let run = try CLI.run(["split", cut, "--parts", "3", "--output", slices.path])
        expectEqual(run.status, 3)
        #expect(run.stderr.hasPrefix("rulecheck: cannot read '\(cut)': the \(kind.rawValue) stream is cut short"))
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: slices.path).isEmpty)
    }

    @Test func splitRefusesToLeaveTheSlicesInACompressedFile() throws {
        let compressed = try write(Kind.gzip.compress(Self.csv), "people.csv.gz")
        let run = try CLI.run(["split", compressed, "--parts", "2", "--output", try scratch.subdirectory().path, "--manifest-only"])
        expectEqual(run.status, 2)
        #expect(
            run.stderr.hasPrefix(
                "Error: --manifest-only leaves the slices in the file, and '\(compressed)' is gzip-compressed: its slices must be written out (leave out --manifest-only)"
            ))
    }
}
