@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `SourceText` turns byte offsets into lines and columns and back through an index, in bounded
/// time whatever the length of a line; here it is held to the obvious walk from the start.
@Suite("SourceText")
struct SourceTextTests {
    /// The line and column of every scalar start, by walking the text.
    private static func walk(_ bytes: [UInt8]) -> [Int: (line: Int, column: Int)] {
        var result: [Int: (Int, Int)] = [:]
        var line = 1, column = 1
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            result[offset] = (line, column)
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        result[bytes.count] = (line, column)
        return result
    }

    @Test func locationsAndOffsetsAgreeWithAWalk() {
        var random = SeededRandom(seed: 7)
        let pieces = ["a", "ё", "🙂", "\n", "\r\n", " ", "x", "ж", "\u{301}"]
        for round in 0..<40 {
            // Long lines (past several checkpoints) and short ones.
            let count = round.isMultiple(of: 4) ? 700 : Int.random(in: 0..<120, using: &random)
            let text = (0..<count).map { _ in
                random.chance(0.02) ? "\n" : random.pick(pieces.filter { $0 != "\n" })
            }.joined()
            let source = SourceText(name: "t", text: text)
            var cursor = SourceText.Cursor(source)
            for (offset, expected) in Self.walk(source.bytes).sorted(by: { $0.key < $1.key }) {
                let location = source.location(ofOffset: offset)
                #expect((location.line, location.column) == expected, "round \(round) offset \(offset)")
                let cursorLocation = cursor.location(ofOffset: offset)
                #expect((cursorLocation.line, cursorLocation.column) == expected)
                expectEqual(source.offset(line: expected.line, column: expected.column), offset, "round \(round)")
            }
        }
    }

    @Test func linesAreCutFromTheBytes() {
        let source = SourceText(name: "t", text: "a\r\nбв\n\nlast")
        expectEqual(source.lineCount, 4)
        expectEqual((1...4).map { source.line($0) }, ["a", "бв", "", "last"])
        #expect(source.line(0) == nil && source.line(5) == nil)
        // A column past the end of a line is the line's end.
        expectEqual(source.offset(line: 2, column: 40), 7)
    }
}
