/// A 1-based line and column in UTF-8 text, reached by reading the text from its start: lines
/// end at `\n` (so `\r\n` counts once), and the column counts Unicode scalars, so `é` is one
/// column. The one place that turns a byte offset into a line and a column by reading up to it.
///
/// ```swift
/// var location = LineColumn()
/// location.advance(over: Array("a\nbé".utf8))
/// print(location)   // line 2, column 3
/// ```
package struct LineColumn: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column in Unicode scalars.
    package var column: Int

    /// The start of a text (line 1, column 1), or another place.
    package init(line: Int = 1, column: Int = 1) {
        self.line = line
        self.column = column
    }

    /// `line 3, column 14`.
    package var description: String { "line \(line), column \(column)" }

    /// Moves past `bytes`, the text's next bytes.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package mutating func advance(over bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // A scalar's first byte; UTF-8 continuation bytes add nothing.
                column += 1
            }
        }
    }
}
