/// The line breaks of CSV, TSV and JSON Lines input — `\n`, `\r\n` or a lone `\r` (old Mac
/// files) — in a window of input that may end before the input does: the one place the framers
/// read them.
///
/// ```swift
/// switch LineBreak.next(in: base, from: scan, to: limit, count: count, isEOF: isEOF) {
/// case .end(let end): startLine(at: end + 1)
/// case .undecided(let carriageReturn): scan = carriageReturn  // wait for the next byte
/// case .none: …
/// }
/// ```
enum LineBreak {
    /// What ``next(in:from:to:count:isEOF:)`` found.
    enum Search {
        /// A line break that ends at this offset: its `\n`, or a lone `\r`.
        case end(Int)
        /// A `\r` at this offset is the last byte of the window and more input may come: the next
        /// byte decides whether it is a `\r\n`.
        case undecided(Int)
        /// No line break in the range.
        case none
    }

    /// The first line break in `base[from..<to]`, where the window holds `count` bytes.
    @inline(__always)
    static func next(in base: UnsafePointer<UInt8>, from: Int, to: Int, count: Int, isEOF: Bool) -> Search {
        guard let start = ByteSearch.findEither(ByteSearch.newline, ByteSearch.carriageReturn, in: base, from: from, to: to)
        else { return .none }
        guard let end = end(ofBreakAt: start, in: base, count: count, isEOF: isEOF) else { return .undecided(start) }
        return .end(end)
    }

    /// Where the line break that starts at `offset` (a `\n` or a `\r`) ends: the `\n` of a `\r\n`,
    /// else `offset` itself; nil when `offset` is a `\r` whose next byte is not in the window
    /// yet and more input may come.
    @inline(__always)
    static func end(ofBreakAt offset: Int, in base: UnsafePointer<UInt8>, count: Int, isEOF: Bool) -> Int? {
        guard base[offset] == ByteSearch.carriageReturn else { return offset }
        if offset + 1 < count { return base[offset + 1] == ByteSearch.newline ? offset + 1 : offset }
        return isEOF ? offset : nil
    }

    /// The end of the line `base[start..<end]` without the `\r` of its `\r\n` (`end` being where
    /// the `\n` stands).
    @inline(__always)
    static func contentEnd(from start: Int, to end: Int, in base: UnsafePointer<UInt8>) -> Int {
        end > start && base[end - 1] == ByteSearch.carriageReturn ? end - 1 : end
    }
}
