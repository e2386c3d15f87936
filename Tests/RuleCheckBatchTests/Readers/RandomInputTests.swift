import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Random bytes made of the tokens that matter to each format: reading must never crash, must count
/// records and lines consistently, and must not depend on block or batch sizes.
@Suite struct RandomInputTests {
    static let jsonPieces: [[UInt8]] = [
        [0x5B], [0x5D], [0x7B], [0x7D], [0x7B], [0x7D], [0x22], [0x22], [0x5C], [0x2C], [0x2C], [0x3A], [0x0A], [0x20],
        [0x0D, 0x0A], Array("1".utf8), Array("\"k\":".utf8), Array("{\"a\":1}".utf8), [0xC3, 0xA9], [0xFF],
    ]

    @Test(arguments: [RecordFormat.json, .jsonl, .csv])
    func readingDoesNotDependOnBlockSize(format: RecordFormat) throws {
        var generator = CSVReferenceTests.SplitMix(seed: format == .json ? 1 : format == .jsonl ? 2 : 3)
        let pieces = format == .csv ? CSVReferenceTests.pieces : Self.jsonPieces
        for _ in 0..<2000 {
            var input: [UInt8] = format == .json && Bool.random(using: &generator) ? [0x5B] : []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                input += pieces.randomElement(using: &generator) ?? []
            }
            var small = RecordReader.Options(
                blockSize: Int.random(in: 1...9, using: &generator), maxRecordsPerBatch: 2, maxBatchBytes: 16)
            var big = RecordReader.Options()
            if Bool.random(using: &generator) {
                small.maxRecordSize = 12
                big.maxRecordSize = 12
            }
            let expected: ReadResult
            do {
                expected = try readAll(input, format: format, options: big)
            } catch {
                #expect(throws: InputError.self) { try readAll(input, format: format, options: small) }
                continue
            }
            let result = try readAll(input, format: format, options: small)
            expectEqual(result, expected, "\(format) \(input) block \(small.blockSize) max \(small.maxRecordSize)")
            if result != expected { return }
            expectEqual(result.records.map(\.number), Array(0..<result.records.count).map { $0 + 1 })
            let lineCount = lineCount(input, carriageReturns: format != .json)
            #expect(result.records.allSatisfy { $0.line >= 1 && $0.line <= lineCount })
            #expect(zip(result.records, result.records.dropFirst()).allSatisfy { $0.line <= $1.line })
        }
    }

    @Test func parserNeverCrashesOnRandomBytes() {
        var generator = CSVReferenceTests.SplitMix(seed: 99)
        var failures = 0
        for _ in 0..<5000 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                input += Self.jsonPieces.randomElement(using: &generator) ?? []
            }
            do {
                let value = try JSONParser(maxDepth: 4).parse(input)
                // Whatever parses must write back to something that parses to the same value.
                expectEqual(try JSONParser().parse(JSONWriter.string(value)), value)
            } catch {
                failures += 1
                #expect(error.offset >= 0 && error.offset <= input.count)
                _ = error.location(in: input)
            }
        }
        #expect(failures > 1000)
    }
}
