@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// How many bytes the CSV framer looks at to frame a text (``CSVFramer/bytesExamined``): the
/// measure of its linearity, counted rather than timed (a timing depends on the machine).
enum CSVFramerWork {
    static func examined(_ text: String) -> Int {
        var framer = CSVFramer(delimiter: UInt8(ascii: ","), maxRecordSize: 1 << 20)
        var sink = SpanSink(maxRecords: .max, maxBytes: .max)
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            framer.frame(base, count: buffer.count, isEOF: true, into: &sink)
        }
        return framer.bytesExamined
    }
}

@Suite("CSV framer: work")
struct CSVFramerWorkTests {
    /// A file without quotes is looked at once.
    @Test func plainLinesAreExaminedOnce() {
        let text = "a,b\n" + Array(repeating: "1,2", count: 1_000).joined(separator: "\n") + "\n"
        #expect(CSVFramerWork.examined(text) <= text.utf8.count)
    }

    /// Every line opens a quote the rest of the file never closes: each of the 20,000 records
    /// resynchronizes at its next line, and each scan would run to the end of the file again
    /// (~20,000 × 60 KB) but for the earlier scan it joins.
    @Test func resyncingIntoTheSameQuotedTailStaysLinear() {
        let text = "x,y\n" + Array(repeating: "a\",\"b", count: 20_000).joined(separator: "\n") + "\nend\"\n"
        let examined = CSVFramerWork.examined(text)
        #expect(examined <= 4 * text.utf8.count, "\(examined) bytes examined for \(text.utf8.count)")
    }
}
