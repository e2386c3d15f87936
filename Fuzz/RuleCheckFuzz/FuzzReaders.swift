import RuleCheck
import RuleCheckBatch

func fuzzJSON(_ bytes: [UInt8]) {
    _ = try? JSONParser().parse(bytes)
    var repeated: [String] = []
    _ = bytes.withUnsafeBytes { try? JSONParser().parse($0, duplicateKeys: &repeated) }
}

/// Reads the bytes as a whole input of `format`, with tiny blocks and records so that every
/// boundary case is reached quickly, and checks that nothing is lost or invented:
/// - every byte is read (a JSON array may stop at content after its closing `]`);
/// - records are numbered 1, 2, 3… and their lines stay within the input and never go back; in CSV,
///   TSV and JSON Lines each record starts on a line of its own, so there are never more records
///   than lines;
/// - in JSON Lines every line with something other than whitespace (or longer than the record
///   limit) is exactly one record;
/// - the same input read with large blocks gives the same records.
func fuzzReader(_ bytes: [UInt8], format: RecordFormat) {
    var options = RecordReader.Options()
    options.blockSize = 7
    options.maxRecordSize = 64
    options.maxRecordsPerBatch = 3
    guard let (records, bytesRead) = readAll(bytes, format: format, options: options) else { return }
    var large = options
    large.blockSize = 1 << 16
    large.maxRecordsPerBatch = 4096
    guard let (same, _) = readAll(bytes, format: format, options: large), same == records else {
        fatalError("\(format): reading depends on the block size")
    }
    if format != .json, bytesRead != bytes.count {
        fatalError("\(format): read \(bytesRead) of \(bytes.count) bytes")
    }
    let lines = lineStarts(bytes, carriageReturns: format != .json)
    for (index, record) in records.enumerated() {
        guard record.number == index + 1 else { fatalError("\(format): record \(index + 1) numbered \(record.number)") }
        guard record.line >= 1, record.line <= lines.count else {
            fatalError("\(format): record \(record.number) on line \(record.line) of \(lines.count)")
        }
        if index > 0 {
            let previous = records[index - 1].line
            if format == .json ? record.line < previous : record.line <= previous {
                fatalError("\(format): record \(record.number) on line \(record.line) after line \(previous)")
            }
        }
    }
    if format == .jsonl {
        let filled = lines.indices.filter { line in
            let start = lines[line]
            var end = line + 1 < lines.count ? lines[line + 1] : bytes.count
            if end > start, bytes[end - 1] == 0x0A { end -= 1 }
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            // A line over the size limit is one malformed record whatever it holds.
            return bytes[start..<end].contains { ![0x20, 0x09, 0x0D].contains($0) } || end - start > options.maxRecordSize
        }
        guard records.map(\.line) == filled.map({ $0 + 1 }) else {
            fatalError("jsonl: records on lines \(records.map(\.line)), filled lines \(filled.map { $0 + 1 })")
        }
    }
}

/// Every record and how many bytes were read; nil when the reader refuses the input (a CSV header).
private func readAll(
    _ bytes: [UInt8], format: RecordFormat, options: RecordReader.Options
)
    -> (records: [DecodedRecord], bytesRead: Int)?
{
    guard let reader = try? RecordReader(bytes: bytes, format: format, options: options) else { return nil }
    var records: [DecodedRecord] = []
    while let batch = try? reader.nextBatch() {
        if batch.count > options.maxRecordsPerBatch { fatalError("\(format): a batch of \(batch.count) records") }
        records += batch.decodeAll()
    }
    return (records, Int(reader.progress.bytesRead))
}

/// The offsets where lines start: after `\n`, and after `\r\n` or a lone `\r` when `carriageReturns`.
private func lineStarts(_ bytes: [UInt8], carriageReturns: Bool) -> [Int] {
    var starts = [0]
    for (index, byte) in bytes.enumerated() {
        if byte == 0x0A {
            starts.append(index + 1)
        } else if carriageReturns, byte == 0x0D, index + 1 == bytes.count || bytes[index + 1] != 0x0A {
            starts.append(index + 1)
        }
    }
    return starts
}
