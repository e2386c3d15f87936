@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `UTF8Text.scalarCount(_:isBelow:)` and `(_:isAbove:)`, which skip counting when the UTF-8
/// length decides, agree with counting Unicode scalars.
@Suite("Scalar counts")
struct ScalarCountTests {
    @Test func agreeWithCounting() {
        var generator = SplitMix64(seed: 0x5CA1A5)
        // One to four UTF-8 bytes each, and a character of two scalars.
        let pieces = ["a", "é", "ж", "€", "😀", "e\u{301}", " "]
        var wrong: [String] = []
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator))
                .map { _ in generator.pick(pieces) }.joined()
            let count = text.unicodeScalars.count
            expectEqual(UTF8Text.withBytes(of: text) { UTF8Text.scalarCount($0) }, count)
            for bound in 0...50 {
                let (below, above) = UTF8Text.withBytes(of: text) {
                    (UTF8Text.scalarCount($0, isBelow: bound), UTF8Text.scalarCount($0, isAbove: bound))
                }
                if below != (count < bound) { wrong.append("\(text) < \(bound)") }
                if above != (count > bound) { wrong.append("\(text) > \(bound)") }
            }
        }
        #expect(wrong.isEmpty)
    }
}
