import RuleCheckBatch

/// The lines of a file, one at a time, in memory bounded by the longest line allowed.
///
/// ```swift
/// let lines = LineReader(try FileByteSource(path: "edits.jsonl"), maxLength: 1 << 20)
/// while let line = try lines.next(beforeWaiting: { try output.flush() }) { … }
/// ```
///
/// Lines end at `\n` (a `\r` before it is dropped); the last line need not end. A line longer
/// than `maxLength` bytes is given as ``Line/tooLong`` and skipped to its end without being held.
final class LineReader {
    enum Line: Equatable {
        case text([UInt8])
        case tooLong
    }

    private let file: FileByteSource
    private let maxLength: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var atEnd = false

    init(_ file: FileByteSource, maxLength: Int) {
        self.file = file
        self.maxLength = maxLength
    }

    /// The next line, or nil at the end of the file. `beforeWaiting` runs before each read from
    /// the file, that is, whenever what was read so far is used up (a caller flushes its output
    /// there, so answers come as soon as input pauses).
    func next(beforeWaiting: () throws -> Void) throws -> Line? {
        var line: [UInt8] = []
        var tooLong = false
        while true {
            if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                append(buffer[start..<newline], to: &line, tooLong: &tooLong)
                start = newline + 1
                return finished(line, tooLong: tooLong)
            }
            append(buffer[start..<end], to: &line, tooLong: &tooLong)
            start = 0
            end = 0
            if atEnd { return line.isEmpty && !tooLong ? nil : finished(line, tooLong: tooLong) }
            try beforeWaiting()
            end = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            if end == 0 { atEnd = true }
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], tooLong: inout Bool) {
        guard !tooLong else { return }
        if line.count + bytes.count > maxLength + 1 {  // + 1: a "\r" before the "\n"
            tooLong = true
            line = []
        } else {
            line += bytes
        }
    }

    private func finished(_ line: [UInt8], tooLong: Bool) -> Line {
        if tooLong { return .tooLong }
        var line = line
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line.count > maxLength ? .tooLong : .text(line)
    }
}
