extension JSONParseError {
    /// A 1-based line and column; the column counts Unicode scalars, so `é` is one column.
    ///
    /// ```swift
    /// let location = error.location(in: text)
    /// print("\(location.line):\(location.column)")
    /// ```
    package typealias Location = LineColumn

    /// The line and column of ``offset`` in the buffer that was parsed.
    ///
    /// ```swift
    /// error.location(in: bytes)   // line 2, column 5
    /// ```
    ///
    /// - Parameter bytes: the same bytes given to the parser.
    /// - Returns: the location; an offset past the end is clamped to the end.
    /// - Complexity: O(offset).
    package func location(in bytes: UnsafeRawBufferPointer) -> Location {
        Self.location(of: offset, in: bytes)
    }

    /// The line and column of ``offset`` in the bytes that were parsed.
    package func location(in bytes: [UInt8]) -> Location {
        bytes.withUnsafeBytes { location(in: $0) }
    }

    /// The line and column of ``offset`` in the text that was parsed.
    package func location(in text: String) -> Location {
        var text = text
        return text.withUTF8 { location(in: UnsafeRawBufferPointer($0)) }
    }

    /// The 1-based line and scalar column of a byte offset in a UTF-8 buffer.
    ///
    /// ```swift
    /// JSONParseError.location(of: 4, in: buffer)
    /// ```
    package static func location(of offset: Int, in bytes: UnsafeRawBufferPointer) -> Location {
        var location = Location()
        location.advance(over: UnsafeRawBufferPointer(rebasing: bytes[..<min(max(offset, 0), bytes.count)]))
        return location
    }
}
