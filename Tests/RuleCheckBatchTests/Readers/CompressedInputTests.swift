import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// gzip and zstd inputs: read streaming, as the same records (numbers, lines, content) and the
/// same report as the uncompressed file; a stream cut short or corrupt is an `unreadable`
/// finding after what was read, never a silent short count.
@Suite("Compressed inputs")
struct CompressedInputTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case gzip, zstd
        var testDescription: String { rawValue }

        func compress(_ bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .gzip: TestCompression.gzip(bytes)
            case .zstd: TestCompression.zstd(bytes)
            }
        }

        var suffix: String { self == .gzip ? "gz" : "zst" }
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

    /// 2,000 records with a mistake now and then, CRLF and quoted line breaks among them, so that
    /// records span the decompressor's output blocks.
    static let csv: [UInt8] = {
        var text = "name,age\r\n"
        for index in 1...2000 {
            switch index % 97 {
            case 0: text += ",\(index)\r\n"
            case 13: text += "\"Ann\nMarie\",x\(index)\n"
            case 31: text += "\"unterminated,\(index)\n"
            default: text += "N\(index % 1000),\(index % 90)\n"
            }
        }
        return Array(text.utf8)
    }()

    static let jsonLines: [UInt8] = Array(
        (1...1500).map { index in
            index % 89 == 0 ? "{\"name\": \"bad\n" : "{\"name\": \"P\(index % 500)\", \"age\": \(index % 70 - 3)}\n"
        }.joined().utf8)

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = scratch.directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func readAll(path: String, format: RecordFormat?, blockSize: Int = 1 << 20) throws -> ReadResult {
        var options = RecordReader.Options()
        options.blockSize = blockSize
        options.maxRecordsPerBatch = 100
        let reader = try RecordReader.opening(path: path, format: format, options: options)
        var records: [DecodedRecord] = []
        while let batch = try reader.nextBatch() { records += batch.decodeAll() }
        return ReadResult(header: reader.header, records: records)
    }

    /// A report of everything: each record's number, line and violations, as text.
    private final class Collected: Report {
        var lines: [String] = []
        func begin(file: String) {}
        func add(_ record: CheckedRecord) {
            for violation in record.violations {
                lines.append("\(record.record) \(record.line) \(violation.field) \(violation.code.rawValue) \(violation.message)")
            }
            if record.violations.isEmpty { lines.append("\(record.record) \(record.line) valid") }
        }
        func end(file: String, summary: CheckSummary) {}
        func finish(_ summary: CheckSummary) {}
    }

    private func check(_ path: String, format: RecordFormat? = nil) throws -> (lines: [String], outcome: BatchCheck.Outcome) {
        let checker = RecordChecker(try RuleSet(yaml: Self.rules, source: "people.yaml"), today: Day(iso: "2026-11-22")!)
        let report = Collected()
        let outcome = try BatchCheck(checker: checker, options: .init(format: format, jobs: 2)).run(files: [path], report: report)
        return (report.lines, outcome)
    }

    @Test(arguments: Kind.allCases, [1, 7, 4096, 1 << 20])
    func recordsAreTheUncompressedFilesRecords(kind: Kind, blockSize: Int) throws {
        for (bytes, format, ext) in [(Self.csv, RecordFormat.csv, "csv"), (Self.jsonLines, .jsonl, "jsonl")] {
            let plain = try write(bytes, "plain.\(ext)")
            let compressed = try write(kind.compress(bytes), "data.\(ext).\(kind.suffix)")
            let expected = try readAll(path: plain, format: format, blockSize: blockSize)
            #expect(expected.records.count > 1000)
            expectEqual(try readAll(path: compressed, format: nil, blockSize: blockSize), expected)
        }
    }

    @Test(arguments: Kind.allCases)
    func theReportIsTheUncompressedFilesReport(kind: Kind) throws {
        let plain = try write(Self.csv, "people.csv")
        let compressed = try write(kind.compress(Self.csv), "people.csv.\(kind.suffix)")
        let expected = try check(plain)
        let got = try check(compressed)
        expectEqual(got.lines, expected.lines)
        expectEqual(got.outcome.summary, expected.outcome.summary)
        #expect(got.outcome.unreadable.isEmpty)
        #expect(expected.outcome.summary.records > 1900)
        #expect(expected.outcome.summary.byCode["malformed", default: 0] > 10)
    }

    /// Without an extension (a pipe, standard input), the format is told from the decompressed bytes.
    @Test(arguments: Kind.allCases)
    func theFormatOfACompressedInputWithoutExtensionIsSniffedAfterDecompressing(kind: Kind) throws {
        let path = try write(kind.compress(Self.jsonLines), "export")
        let reader = try RecordReader.opening(path: path, format: nil)
        expectEqual(reader.format, .jsonl)
        let plain = try write(Self.jsonLines, "export.jsonl")
        #expect(try readAll(path: path, format: nil) == readAll(path: plain, format: nil))
    }

    @Test func severalGzipMembersAndZstdFramesReadAsOneFile() throws {
        let half = Self.csv.count / 2
        let (first, second) = (Array(Self.csv[..<half]), Array(Self.csv[half...]))
        let expected = try readAll(path: try write(Self.csv, "whole.csv"), format: .csv)
        let gzip = TestCompression.gzip(first) + TestCompression.gzip(second)
        #expect(try readAll(path: try write(gzip, "members.csv.gz"), format: .csv) == expected)
        let zstd =
            TestCompression.zstdSkippableFrame(Array("metadata".utf8)) + TestCompression.zstd(first)
            + TestCompression.zstdSkippableFrame([]) + TestCompression.zstd(second)
        #expect(try readAll(path: try write(zstd, "frames.csv.zst"), format: .csv) == expected)
    }

    /// A stream cut anywhere: the records before the cut are reported as in the whole file, then
    /// an `unreadable` finding saying the stream is cut short; never a report that looks complete.
    @Test(arguments: Kind.allCases)
    func aTruncatedStreamIsAnUnreadableFindingAfterTheRecordsBeforeIt(kind: Kind) throws {
        let compressed = kind.compress(Self.csv)
        let whole = try check(try write(Self.csv, "whole.csv")).lines
        // From 4 bytes on (a whole magic number: a file of fewer bytes cannot be told from text).
        for cut in [4, 10, compressed.count / 3, compressed.count / 2, compressed.count - 1] {
            let path = try write(Array(compressed[..<cut]), "cut-\(cut).csv.\(kind.suffix)")
            let (lines, outcome) = try check(path)
            expectEqual(outcome.unreadable.count, 1, "cut at \(cut)")
            let error = try #require(outcome.unreadable.first)
            expectEqual(error.code, .corruptStream)
            #expect(error.message.contains("the \(kind.rawValue) stream is cut short: the file ends after \(cut) compressed bytes"))
            #expect(lines.last == "0 0  unreadable \(error.description)")
            // What was read is the whole file's first records, exactly.
            let read = lines.dropLast()
            expectEqual(Array(whole.prefix(read.count)), Array(read), "cut at \(cut)")
            #expect(read.count < whole.count)
        }
    }

    @Test func corruptGzipData() throws {
        var compressed = TestCompression.gzip(Self.csv)
        compressed[compressed.count / 2] ^= 0xFF
        let (lines, outcome) = try check(try write(compressed, "corrupt.csv.gz"))
        let error = try #require(outcome.unreadable.first)
        expectEqual(error.code, .corruptStream)
        #expect(error.description.hasPrefix("cannot read '\(scratch.directory.path)/corrupt.csv.gz': corrupt gzip data ("))
        expectEqual(lines.last?.contains("unreadable"), true)
    }

    @Test func aGzipStreamWhoseChecksumFailsIsCorrupt() throws {
        var compressed = TestCompression.gzip(Self.csv)
        compressed[compressed.count - 6] ^= 0x01  // the CRC-32 in the trailer
        let (_, outcome) = try check(try write(compressed, "crc.csv.gz"))
        expectEqual(outcome.unreadable.first?.message.hasPrefix("corrupt gzip data (incorrect data check)"), true)
    }

    @Test func corruptZstdData() throws {
        var compressed = TestCompression.zstd(Self.csv)
        compressed[compressed.count / 2] ^= 0xFF
        let (_, outcome) = try check(try write(compressed, "corrupt.csv.zst"))
        let error = try #require(outcome.unreadable.first)
        expectEqual(error.code, .corruptStream)
        #expect(error.message.hasPrefix("corrupt zstd data ("))
    }

    @Test func dataAfterTheLastGzipMemberIsAnError() throws {
        let compressed = TestCompression.gzip(Array("name,age\nAnn,3\n".utf8)) + Array("trailing text".utf8)
        let (lines, outcome) = try check(try write(compressed, "trailing.csv.gz"))
        expectEqual(lines.first, "1 2 valid")
        expectEqual(outcome.unreadable.first?.message.hasPrefix("data after the end of the gzip stream is not gzip"), true)
    }

    @Test func otherCompressionsAreRefusedByName() throws {
        for (magic, name) in [
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00] as [UInt8], "xz"), (Array("PK\u{3}\u{4}rest".utf8), "zip"),
            (Array("BZh91AY&SY".utf8), "bzip2"),
        ] {
            let path = try write(magic, "data.csv")
            #expect(
                throws: InputError(
                    code: .unsupportedCompression, path: path,
                    message: "it is \(name)-compressed; rulecheck reads gzip and zstd: decompress it first")
            ) {
                try RecordReader(path: path, format: .csv)
            }
            let (_, outcome) = try check(path)
            expectEqual(outcome.unreadable.first?.code, .unsupportedCompression)
        }
    }

    /// Plain files that start like a magic number are plain: reading ahead stops as soon as no
    /// magic number can match.
    @Test func plainFilesThatStartLikeAMagicNumber() throws {
        for text in ["(a)\n1\n", "\u{1F}\n", "BZh\n1\n", "BZh9x\n", "P\n"] {
            let path = try write(Array(text.utf8), "plain.csv")
            #expect(try readAll(path: path, format: .csv) == ReaderTestSupportBridge.read(text, .csv))
        }
        #expect(InputCompression.isDecided(Array("i".utf8)))
        #expect(!InputCompression.isDecided([0x28, 0xB5]))
        #expect(InputCompression.isDecided([0x28, 0x41]))
        expectEqual(InputCompression(firstBytes: [0x28, 0xB5, 0x2F, 0xFD]), .zstd)
        expectEqual(InputCompression(firstBytes: [0x1F, 0x8B]), .gzip)
        expectEqual(InputCompression(firstBytes: [0x1F]), nil)
    }

    @Test(arguments: Kind.allCases)
    func aPipeIsDecompressedToo(kind: Kind) throws {
        let pipe = Pipe()
        let compressed = kind.compress(Self.jsonLines)
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(compressed))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let reader = try RecordReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "-", format: .jsonl)
        var records: [DecodedRecord] = []
        while let batch = try reader.nextBatch() { records += batch.decodeAll() }
        #expect(records == (try readAll(path: try write(Self.jsonLines, "p.jsonl"), format: .jsonl)).records)
        expectEqual(reader.progress.totalBytes, nil)
        expectEqual(reader.progress.bytesRead, Int64(compressed.count))
    }

    /// The progress of a compressed file counts its compressed bytes, against its size.
    @Test func progressCountsTheCompressedBytes() throws {
        let compressed = TestCompression.gzip(Self.csv)
        let reader = try RecordReader(path: try write(compressed, "p.csv.gz"), format: .csv)
        expectEqual(reader.progress.totalBytes, Int64(compressed.count))
        while try reader.nextBatch() != nil {}
        expectEqual(reader.progress.bytesRead, Int64(compressed.count))
    }

    @Test func theFormatIsTakenFromTheNameBeforeACompressionSuffix() {
        expectEqual(RecordFormat(path: "a.csv.gz"), .csv)
        expectEqual(RecordFormat(path: "dir.x/a.JSONL.ZST"), .jsonl)
        expectEqual(RecordFormat(path: "a.ndjson.zstd"), .jsonl)
        expectEqual(RecordFormat(path: "a.gz"), nil)
        expectEqual(RecordFormat(path: "dir.csv/a.gz"), nil)
        // Compressions that are not read, too: the reader then refuses them by their first bytes.
        expectEqual(RecordFormat(path: "a.csv.bz2"), .csv)
        expectEqual(RecordFormat(path: "a.jsonl.xz"), .jsonl)
        expectEqual(RecordFormat(path: "a.csv.zip"), .csv)
        expectEqual(RecordFormat(path: "a.xz"), nil)
    }
}

/// The in-memory reader of ReaderTestSupport, under a name that does not clash with this suite's file reader.
enum ReaderTestSupportBridge {
    static func read(_ text: String, _ format: RecordFormat) throws -> ReadResult {
        try readAll(text, format: format)
    }
}
