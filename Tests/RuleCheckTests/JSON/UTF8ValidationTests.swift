import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite struct UTF8ValidationTests {
    func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
    }

    @Test func agreesWithTheStandardLibrary() {
        var generator = SplitMix64(seed: 20_261_122)  // seeded, so a failure reproduces
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x90, 0x8F,
        ]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...20, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? UInt8(ascii: "a") : interesting.randomElement(using: &generator) ?? 0
            }
            expectEqual(isValid(bytes), (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func examples() {
        #expect(isValid([]))
        #expect(isValid(Array("plain ASCII text, long enough for the word loop".utf8)))
        #expect(isValid(Array("é中😀\u{10FFFF}".utf8)))
        #expect(!isValid([0xC0, 0xAF]))  // overlong
        #expect(!isValid([0xED, 0xA0, 0x80]))  // surrogate
        #expect(!isValid([0xF4, 0x90, 0x80, 0x80]))  // above U+10FFFF
        #expect(!isValid(Array("12345678".utf8) + [0xE2, 0x82]))  // cut off at the end
    }
}
