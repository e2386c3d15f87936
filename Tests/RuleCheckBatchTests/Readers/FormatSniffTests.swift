import Foundation
import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Standard input has no extension: its format is told from its first byte that is not whitespace.
@Suite struct FormatSniffTests {
    @Test(arguments: [
        ("[{\"a\": 1}]", RecordFormat.json),
        ("  \r\n\t[", .json),
        ("{\"a\": 1}\n", .jsonl),
        ("\n\n{", .jsonl),
        ("\u{FEFF}{\"a\": 1}", .jsonl),
        ("\u{FEFF}  [", .json),
        ("id,name\n1,Ann\n", .csv),
        ("\"quoted\",x\n", .csv),
        ("", .csv),
        ("   \n", .csv),
    ])
    func firstByteTellsTheFormat(text: String, format: RecordFormat) {
        expectEqual(RecordFormat.sniff(firstBytes: Array(text.utf8)), format)
    }

    @Test func readerSniffsWhenNeitherFormatNorExtensionSays() throws {
        let scratch = try Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let directory = scratch.directory
        let noExtension = directory.appendingPathComponent("export")
        try Data("\n{\"a\": 1}\n{\"a\": 2}\n".utf8).write(to: noExtension)
        var options = RecordReader.Options()
        options.blockSize = 4  // the sniff may need more than one read
        let reader = try RecordReader.opening(path: noExtension.path, format: nil, options: options)
        expectEqual(reader.format, .jsonl)
        var records: [DecodedRecord] = []
        while let batch = try reader.nextBatch() { records += batch.decodeAll() }
        expectEqual(records, [object(1, line: 2, ["a": 1]), object(2, line: 3, ["a": 2])])
        // An extension or a given format wins over the content.
        let named = directory.appendingPathComponent("export.csv")
        try Data("{a},b\n".utf8).write(to: named)
        expectEqual(try RecordReader.opening(path: named.path, format: nil).format, .csv)
        expectEqual(try RecordReader.opening(path: noExtension.path, format: .json).format, .json)
    }
}
