import Foundation

/// The text of a rules file: its lines, for drawing the source line under a diagnostic, and an
/// index between UTF-8 byte offsets and 1-based lines and columns (columns count Unicode scalars,
/// as libyaml does).
///
/// Both directions take O(log n) plus at most ``checkpointStride`` scalars, whatever the length of
/// the line: a minified JSON rules file is one line of megabytes, and finding each expression's
/// place in it by walking the line from its start made compiling quadratic.
///
/// A copy is one reference to the text and its index, which are built once and never change:
/// every scalar of a rules file keeps one (in its ``ScalarLocator``), so a copy must cost one
/// retain and one word, not one per array.
struct SourceText: Sendable {
    /// The text and its index, shared by every copy.
    private final class Storage: Sendable {
        let name: String
        let bytes: [UInt8]
        /// The byte offset where each line starts.
        let lineStarts: [Int]
        /// The number of scalars before each line's start.
        let lineStartScalars: [Int]
        /// The byte offset of every ``checkpointStride``-th scalar of the text.
        let checkpoints: [Int]
        /// The number of scalars in the text.
        let scalarCount: Int

        init(name: String, bytes: [UInt8], lineStarts: [Int], lineStartScalars: [Int], checkpoints: [Int], scalarCount: Int) {
            self.name = name
            self.bytes = bytes
            self.lineStarts = lineStarts
            self.lineStartScalars = lineStartScalars
            self.checkpoints = checkpoints
            self.scalarCount = scalarCount
        }
    }

    private let storage: Storage

    var name: String { storage.name }
    /// The text as UTF-8.
    var bytes: [UInt8] { storage.bytes }
    private var lineStarts: [Int] { storage.lineStarts }
    private var lineStartScalars: [Int] { storage.lineStartScalars }
    private var checkpoints: [Int] { storage.checkpoints }
    private var scalarCount: Int { storage.scalarCount }

    static let checkpointStride = 64

    /// Counts the bytes that location lookups step over, for tests that hold compiling to linear
    /// time without timing it: set ``scanCounter`` around a compile and compare the count with
    /// the file's size. Counting happens in debug builds only.
    final class ScanCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        init() {}

        var bytes: Int { lock.withLock { count } }

        func add(_ bytes: Int) { lock.withLock { count += bytes } }
    }

    @TaskLocal static var scanCounter: ScanCounter?

    /// Adds `bytes` to the current ``scanCounter`` (debug builds).
    @inline(__always)
    static func scanned(_ bytes: Int) {
        #if DEBUG
        scanCounter?.add(bytes)
        #endif
    }

    init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// `bytes` should be UTF-8 (anything else shows as U+FFFD in ``line(_:)``).
    init(name: String, bytes: [UInt8]) {
        var lineStarts = [0]
        var lineStartScalars = [0]
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
        var scalars = 0
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            if scalars % Self.checkpointStride == 0 { checkpoints.append(offset) }
            scalars += 1
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(offset + 1)
                lineStartScalars.append(scalars)
            }
        }
        storage = Storage(
            name: name, bytes: bytes, lineStarts: lineStarts, lineStartScalars: lineStartScalars,
            checkpoints: checkpoints, scalarCount: scalars)
    }

    /// The number of lines (a text that ends with a line break has an empty last line).
    var lineCount: Int { lineStarts.count }

    /// Line `number` (1-based), without its line break (`\n` or `\r\n`).
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[lineStarts[number - 1]..<end], as: UTF8.self)
    }

    /// The byte offset of `line` and `column`, clamped to the line (a column past its end gives
    /// the line's end).
    func offset(line: Int, column: Int) -> Int {
        let (bytes, lineStarts, lineStartScalars, checkpoints) = (self.bytes, self.lineStarts, self.lineStartScalars, self.checkpoints)
        guard line >= 1, line <= lineStarts.count else { return line < 1 ? 0 : bytes.count }
        let lineEnd = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        let target = lineStartScalars[line - 1] + max(0, column - 1)
        let checkpoint = min(target / Self.checkpointStride, checkpoints.count - 1)
        guard checkpoint >= 0 else { return 0 }
        var offset = max(checkpoints[checkpoint], lineStarts[line - 1])
        var scalar = max(checkpoint * Self.checkpointStride, lineStartScalars[line - 1])
        let first = offset
        while scalar < target, offset < lineEnd {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            scalar += 1
        }
        Self.scanned(offset - first)
        return min(offset, lineEnd)
    }

    /// What ``VisibleText/excerpt(_:column:width:)`` gives for line `number` (1-based) and
    /// `column`, reading only the bytes around the column rather than the whole line (a
    /// minified JSON file is one line of megabytes, and a diagnostic's snippet must not cost its
    /// length); `nil` for a line that does not exist.
    func excerpt(line number: Int, column: Int, width: Int = 100) -> (text: String, caretPad: String)? {
        let (bytes, lineStarts, lineStartScalars) = (self.bytes, self.lineStarts, self.lineStartScalars)
        guard number >= 1, number <= lineStarts.count else { return nil }
        let lineStart = lineStarts[number - 1]
        var lineEnd = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        var lineScalars =
            (number < lineStarts.count ? lineStartScalars[number] - 1 : scalarCount)
            - lineStartScalars[number - 1]
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") {
            lineEnd -= 1
            lineScalars -= 1
        }
        let caretScalar = min(max(0, column - 1), lineScalars)
        let caret = min(offset(line: number, column: caretScalar + 1), lineEnd)
        // Enough of the line before the caret that the excerpt starts where it would in the whole
        // line (it cuts a start more than 8 characters long), and one character more after it
        // than it shows (so it knows whether the line goes on).
        var start = caret
        var before = 0
        while before < width + 10, start > lineStart {
            start -= 1
            while start > lineStart, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            before += 1
        }
        var end = caret
        var after = 0
        while after <= width, end < lineEnd {
            end += 1
            while end < lineEnd, bytes[end] & 0xC0 == 0x80 { end += 1 }
            after += 1
        }
        Self.scanned(end - start)
        let window = String(decoding: bytes[start..<end], as: UTF8.self)
        return VisibleText.excerpt(
            Substring(window), column: before + 1 + (max(0, column - 1) - caretScalar),
            width: width)
    }

    /// The byte offset of `location` (see ``offset(line:column:)``).
    func offset(of location: FileLocation) -> Int {
        offset(line: location.line, column: location.column)
    }

    /// The line and column of the scalar that starts at byte `offset` (or contains it).
    func location(ofOffset offset: Int) -> FileLocation {
        let (bytes, lineStarts, checkpoints) = (self.bytes, self.lineStarts, self.checkpoints)
        let offset = min(max(0, offset), bytes.count)
        let line = Self.lastIndex(in: lineStarts, notAfter: offset)
        let checkpoint = Self.lastIndex(in: checkpoints, notAfter: offset)
        var scalar: Int
        var position: Int
        if checkpoint >= 0, checkpoints[checkpoint] >= lineStarts[line] {
            scalar = checkpoint * Self.checkpointStride
            position = checkpoints[checkpoint]
        } else {
            scalar = lineStartScalars[line]
            position = lineStarts[line]
        }
        // Fewer than `checkpointStride` scalars from either starting point.
        Self.scanned(offset - position)
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { scalar += 1 }
            position += 1
        }
        return FileLocation(file: name, line: line + 1, column: scalar - lineStartScalars[line] + 1)
    }

    /// Turns byte offsets into locations in time proportional to the distance between one offset
    /// and the next: for readers that go through the text from start to end.
    struct Cursor {
        let source: SourceText
        private var offset = 0
        private var position = LineColumn()

        init(_ source: SourceText) {
            self.source = source
        }

        /// The location of `target`; an offset before the previous one costs a lookup.
        mutating func location(ofOffset target: Int) -> FileLocation {
            guard target >= offset else { return source.location(ofOffset: target) }
            let end = min(target, source.bytes.count)
            SourceText.scanned(end - offset)
            position.advance(over: source.bytes[offset..<end])
            offset = end
            return FileLocation(file: source.name, line: position.line, column: position.column)
        }
    }

    /// The index of the last element of the sorted `values` that is ≤ `target` (-1 if none).
    private static func lastIndex(in values: [Int], notAfter target: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
