import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// What reading some input gives: the header and every record, in order.
struct ReadResult: Equatable, CustomStringConvertible {
    var header: [String]?
    var records: [DecodedRecord]

    var description: String {
        var lines = ["header: \(header.map { "\($0)" } ?? "nil")"]
        for record in records { lines.append("  #\(record.number) line \(record.line): \(record.content)") }
        return lines.joined(separator: "\n")
    }
}

/// Reads `bytes` to the end with the given options and returns everything read.
func readAll(_ bytes: [UInt8], format: RecordFormat, options: RecordReader.Options = .init()) throws -> ReadResult {
    let reader = try RecordReader(bytes: bytes, format: format, options: options)
    var records: [DecodedRecord] = []
    while let batch = try reader.nextBatch() {
        #expect(batch.count > 0)
        #expect(batch.count <= max(1, options.maxRecordsPerBatch))
        records += batch.decodeAll()
    }
    // A JSON file stops being read at the first structural error outside the array.
    if format == .json {
        #expect(reader.progress.bytesRead <= Int64(bytes.count))
    } else {
        expectEqual(reader.progress.bytesRead, Int64(bytes.count))
    }
    return ReadResult(header: reader.header, records: records)
}

func readAll(_ text: String, format: RecordFormat, options: RecordReader.Options = .init()) throws -> ReadResult {
    try readAll(Array(text.utf8), format: format, options: options)
}

/// How many lines `bytes` has: line breaks plus one, where a line break is `\n`, and also
/// `\r\n` or a lone `\r` when `carriageReturns` (CSV, TSV, JSON Lines).
func lineCount(_ bytes: [UInt8], carriageReturns: Bool) -> Int {
    var lines = 1
    for (index, byte) in bytes.enumerated() {
        if byte == 0x0A || (carriageReturns && byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            lines += 1
        }
    }
    return lines
}

/// The offset after the first line break (`\n`, `\r\n` or a lone `\r`) at or after `start`, or nil.
func nextLineStart(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
        if bytes[index] == 0x0A { return index + 1 }
        if bytes[index] == 0x0D { return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1 }
        index += 1
    }
    return nil
}

/// Options with tiny blocks and batches, to push records across block and batch boundaries.
func tinyOptions(blockSize: Int, maxRecordSize: Int = 1 << 20, delimiter: CSVDelimiter? = nil) -> RecordReader.Options {
    RecordReader.Options(
        delimiter: delimiter, blockSize: blockSize, maxRecordsPerBatch: 3, maxBatchBytes: 64,
        maxRecordSize: maxRecordSize)
}

/// Shorthand for expected records.
func cells(_ number: Int, line: Int, _ values: [String]) -> DecodedRecord {
    DecodedRecord(number: number, line: line, content: .cells(values))
}

func object(_ number: Int, line: Int, _ value: JSONObject) -> DecodedRecord {
    DecodedRecord(number: number, line: line, content: .object(value))
}

/// A JSON record that is no object: the reader hands it on, and the checker decides (a rule
/// set's JSON Schema of another root type checks it; other rules call it malformed).
func value(_ number: Int, line: Int, _ value: JSONValue) -> DecodedRecord {
    DecodedRecord(number: number, line: line, content: .value(value))
}

func malformed(_ number: Int, line: Int, _ message: String) -> DecodedRecord {
    DecodedRecord(number: number, line: line, content: .malformed(message))
}
