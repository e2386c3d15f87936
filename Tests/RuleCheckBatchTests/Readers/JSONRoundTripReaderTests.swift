import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Random objects written with JSONWriter must read back unchanged from a JSON array or JSON Lines
/// file, whatever the block size.
@Suite struct JSONRoundTripReaderTests {
    static let alphabet: [String] = ["a", "\"", "\\", "]", "}", "[", "{", ",", ":", " ", "\n", "é", "😀", "\u{1}", "/"]

    static func randomString(_ generator: inout CSVReferenceTests.SplitMix) -> String {
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "" }
            .joined()
    }

    static func randomValue(_ generator: inout CSVReferenceTests.SplitMix, depth: Int) -> JSONValue {
        switch Int.random(in: 0...(depth > 3 ? 3 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(Double(Int.random(in: -1000...1000, using: &generator)) / 8)
        case 3: return .string(randomString(&generator))
        case 4:
            return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) })
        default: return randomObject(&generator, depth: depth + 1)
        }
    }

    static func randomObject(_ generator: inout CSVReferenceTests.SplitMix, depth: Int) -> JSONValue {
        var members: JSONObject = [:]
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            members[randomString(&generator)] = randomValue(&generator, depth: depth)
        }
        return .object(members)
    }

    @Test func randomObjectsReadBack() throws {
        var generator = CSVReferenceTests.SplitMix(seed: 7)
        let spaces = ["", " ", "\n", "\r\n  ", "\t"]
        for _ in 0..<300 {
            let objects = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.randomObject(&generator, depth: 0) }
            let expected = objects.map { $0.object ?? [:] }
            let space = { spaces.randomElement(using: &generator) ?? "" }
            var array = space() + "[" + space()
            array += objects.map { JSONWriter.string($0) }.joined(separator: space() + "," + space())
            array += space() + "]" + space()
            var lines = objects.map { JSONWriter.string($0) }.joined(separator: "\n")
            if Bool.random(using: &generator) { lines += "\n" }
            let options = tinyOptions(blockSize: Int.random(in: 1...12, using: &generator))
            for (text, format) in [(array, RecordFormat.json), (lines, .jsonl)] {
                let records = try readAll(text, format: format, options: options).records
                let decoded = records.map { record -> JSONObject? in
                    if case .object(let object) = record.content { return object }
                    return nil
                }
                expectEqual(decoded, expected, "\(format): \(text)")
                expectEqual(records.map { $0.number }, Array(0..<objects.count).map { $0 + 1 })
            }
        }
    }
}
