@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Escaping for people (`VisibleText`), and source excerpts cut around a caret.
@Suite("VisibleText")
struct VisibleTextTests {
    @Test func controlCharactersBecomeEscapes() {
        expectEqual(VisibleText.escaped("plain, é, 日本, tab\there"), "plain, é, 日本, tab\there")
        #expect(VisibleText.escaped("a\u{1B}]0;x\u{7}b") == #"a\u{1B}]0;x\u{7}b"#)
        #expect(VisibleText.escaped("line\nbreak\r\n") == #"line\nbreak\r\n"#)
        #expect(VisibleText.escaped("\u{0}\u{7F}\u{80}\u{9B}\u{9F}\u{A0}") == #"\u{0}\u{7F}\u{80}\u{9B}\u{9F}"# + "\u{A0}")
        #expect(
            VisibleText.escaped("\u{202A}\u{202E}\u{2066}\u{2069}\u{2028}\u{2029}\u{200E}")
                == #"\u{202A}\u{202E}\u{2066}\u{2069}\u{2028}\u{2029}"# + "\u{200E}")
    }

    /// The excerpt and the caret line as `lint` prints them.
    private func shown(_ line: String, column: Int, width: Int = 100) -> (String, String) {
        let (text, pad) = VisibleText.excerpt(Substring(line), column: column, width: width)
        return (text, pad + "^")
    }

    @Test func shortLinesAreWholeAndTheCaretCountsEscapes() {
        #expect(shown("  key: value", column: 3) == ("  key: value", "  ^"))
        #expect(shown("\tkey: value", column: 2) == ("\tkey: value", "\t^"))
        #expect(shown("a\u{1B}b: x", column: 5) == (#"a\u{1B}b: x"#, "         ^"))
        #expect(shown("", column: 1) == ("", "^"))
        // A column past the end (an error at the end of a line) keeps its place.
        #expect(shown("ab", column: 4) == ("ab", "   ^"))
    }

    @Test func longLinesAreCutAroundTheCaret() {
        let line = String(repeating: "a", count: 50) + "X" + String(repeating: "b", count: 50)
        // Near the start: the start is kept.
        let (start, startCaret) = shown("XY" + line, column: 1, width: 20)
        expectEqual(start, "XY" + String(repeating: "a", count: 18) + "…")
        expectEqual(startCaret, "^")
        // In the middle: the caret stands in the window, with more after it than before.
        let (middle, middleCaret) = shown(line, column: 51, width: 20)
        expectEqual(middle, "…" + String(repeating: "a", count: 10) + "X" + String(repeating: "b", count: 9) + "…")
        #expect(middle.dropFirst(middleCaret.count - 1).hasPrefix("X"))
        // Near the end: the window is full and ends with the line.
        let (end, endCaret) = shown(line, column: 101, width: 20)
        expectEqual(end, "…" + String(repeating: "b", count: 20))
        expectEqual(endCaret.count, 21)
    }
}
