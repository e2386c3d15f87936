import RuleCheck
import RuleCheckBatch

func fuzzJSON(_ bytes: [UInt8]) {
    _ = try? JSONParser().parse(bytes)
}

/// Reads the bytes as a whole input of `format`, with tiny blocks and records so that every
/// boundary case is reached quickly.
func fuzzReader(_ bytes: [UInt8], format: RecordFormat) {
    var options = RecordReader.Options()
    options.blockSize = 7
    options.maxRecordSize = 64
    guard let reader = try? RecordReader(bytes: bytes, format: format, options: options) else { return }
    while let batch = try? reader.nextBatch() {
        _ = batch.decodeAll()
    }
}
