import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

@Suite struct FileInputTests {
    /// A fresh temporary directory, removed after `body`.
    func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let scratch = try Scratch()
        try withExtendedLifetime(scratch) { try body(scratch.directory) }
    }

    @Test func readsAFileAndReportsProgress() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("people.csv")
            let text = "id,name\n" + (1...1000).map { "\($0),name \($0)" }.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: url)
            var options = RecordReader.Options()
            options.blockSize = 1000
            let reader = try RecordReader(path: url.path, format: .csv, options: options)
            expectEqual(reader.name, url.path)
            expectEqual(reader.header, ["id", "name"])
            expectEqual(reader.progress.totalBytes, Int64(text.utf8.count))
            var count = 0
            var lastProgress: Int64 = 0
            while let batch = try reader.nextBatch() {
                count += batch.count
                #expect(reader.progress.bytesRead >= lastProgress)
                lastProgress = reader.progress.bytesRead
            }
            expectEqual(count, 1000)
            expectEqual(reader.progress.bytesRead, Int64(text.utf8.count))
        }
    }

    @Test func missingFileAndDirectory() throws {
        #expect(throws: InputError(code: .cannotOpen, path: "/nonexistent/a.csv", message: "No such file or directory")) {
            try RecordReader(path: "/nonexistent/a.csv", format: .csv)
        }
        do {
            _ = try RecordReader(path: "/nonexistent/a.csv", format: .csv)
        } catch {
            #expect("\(error)" == "cannot open '/nonexistent/a.csv': No such file or directory")
            #expect(InputError.Code.cannotOpen ~= error)
        }
        try withTemporaryDirectory { directory in
            #expect(throws: InputError(code: .cannotOpen, path: directory.path, message: "Is a directory")) {
                try RecordReader(path: directory.path, format: .jsonl)
            }
        }
    }

    /// A path that no user can open, root included: one that goes through a regular file.
    @Test func unopenablePath() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("plain.csv")
            try Data("a\n".utf8).write(to: file)
            let path = file.path + "/inner.csv"
            #expect(throws: InputError(code: .cannotOpen, path: path, message: "Not a directory")) {
                try RecordReader(path: path, format: .csv)
            }
            #expect(throws: InputError(code: .cannotOpen, path: path, message: "Not a directory")) {
                try RecordReader.opening(path: path, format: nil)
            }
        }
    }

    @Test func readsAPipeThroughAFileDescriptor() throws {
        let pipe = Pipe()
        let text = "{\"a\": 1}\n{\"a\": 2}\n"
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(text.utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let reader = try RecordReader(
            fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "-", format: .jsonl)
        expectEqual(reader.progress.totalBytes, nil)
        var records: [DecodedRecord] = []
        while let batch = try reader.nextBatch() { records += batch.decodeAll() }
        expectEqual(records, [object(1, line: 1, ["a": 1]), object(2, line: 2, ["a": 2])])
    }

    @Test func formatFromPath() {
        expectEqual(RecordFormat(path: "a.csv"), .csv)
        expectEqual(RecordFormat(path: "/x/y/A.CSV"), .csv)
        expectEqual(RecordFormat(path: "a.tsv"), .tsv)
        expectEqual(RecordFormat(path: "a.tab"), .tsv)
        expectEqual(RecordFormat(path: "a.json"), .json)
        expectEqual(RecordFormat(path: "a.jsonl"), .jsonl)
        expectEqual(RecordFormat(path: "a.ndjson"), .jsonl)
        expectEqual(RecordFormat(path: "-"), nil)
        expectEqual(RecordFormat(path: "a.txt"), nil)
        expectEqual(RecordFormat(path: "dir.csv/file"), nil)
        expectEqual(RecordFormat(rawValue: "jsonl"), .jsonl)
    }

    @Test func delimiters() {
        expectEqual(CSVDelimiter(","), .comma)
        expectEqual(CSVDelimiter(";"), .semicolon)
        expectEqual(CSVDelimiter("\t"), .tab)
        expectEqual(CSVDelimiter("|"), .pipe)
        expectEqual(CSVDelimiter("\""), nil)
        expectEqual(CSVDelimiter("\n"), nil)
        expectEqual(CSVDelimiter("ab"), nil)
        expectEqual(CSVDelimiter("é"), nil)
        expectEqual(CSVDelimiter.tab.description, "\\t")
    }

    @Test func memoryStaysBoundedOnAGiantUnterminatedQuote() throws {
        // 24 MB after an opening quote, in lines (each resync reuses the earlier scan), then the
        // same without any line break (skipped without being kept).
        let line = Array(repeating: UInt8(ascii: "x"), count: 99) + [0x0A]
        var bytes = Array("a,b\n1,\"".utf8)
        for _ in 0..<120_000 { bytes += line }
        bytes += Array("2,\"".utf8) + Array(repeating: UInt8(ascii: "y"), count: 12_000_000)
        var options = RecordReader.Options()
        options.blockSize = 64 << 10
        let reader = try RecordReader(bytes: bytes, format: .csv, options: options)
        var count = 0
        var malformedCount = 0
        var peakBatchBytes = 0
        while let batch = try reader.nextBatch() {
            count += batch.count
            peakBatchBytes = max(peakBatchBytes, batch.bytes.count)
            batch.decodeEach { record in
                if case .malformed = record.content { malformedCount += 1 }
            }
        }
        // Record 1 (line 2) is an unterminated quote; the 119,999 lines of x after it have one cell
        // where the header has two; the line of y is an unterminated quote again.
        expectEqual(count, 120_001)
        expectEqual(malformedCount, 120_001)
        #expect(reader.windowCapacity <= options.blockSize + options.maxRecordSize + 1)
        #expect(peakBatchBytes <= options.maxBatchBytes + options.maxRecordSize)
    }
}
