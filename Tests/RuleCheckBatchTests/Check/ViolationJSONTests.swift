import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// The JSON and JSON Lines reports write each violation directly; the bytes must be what writing
/// its object with `JSONWriter` gives.
@Suite("Violations as JSON")
struct ViolationJSONTests {
    @Test func writtenDirectlyAsTheWriterWritesTheObject() {
        var generator = SplitMix64(seed: 0x150)
        let texts = ["", "a", "doc_number", "\"quoted\"", "back\\slash", "line\nbreak\ttab", "\u{1}\u{1F}", "Ж ё 😀", "/"]
        func text() -> String { texts[Int.random(in: 0..<texts.count, using: &generator)] }
        for _ in 0..<500 {
            let record = CheckedRecord(
                file: text(), record: Int.random(in: 0...1_000_000, using: &generator),
                line: Int.random(in: 1...9_000_000_000_000_000, using: &generator), violations: [])
            let code = IssueCode.all[Int.random(in: 0..<IssueCode.all.count, using: &generator)]
            let violation = Violation(
                field: text(), code: code, severity: Bool.random(using: &generator) ? .error : .warning,
                value: Bool.random(using: &generator) ? text() : nil, message: text())
            var bytes: [UInt8] = []
            violation.writeJSON(in: record, to: &bytes)
            expectEqual(String(decoding: bytes, as: UTF8.self), JSONWriter.string(violation.json(in: record)))
        }
    }
}
