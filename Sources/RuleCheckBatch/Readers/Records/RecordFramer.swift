/// Cuts a window of input bytes into record spans; one implementation per format.
///
/// ```swift
/// framer.frame(base, count: count, isEOF: false, into: &sink)   // appends spans until the sink is full
/// let keep = framer.retainFrom                      // bytes before this may be dropped
/// framer.shift(by: keep)                            // after the reader dropped them
/// ```
///
/// A framer is resumable: when the window ends inside a record it returns, and the reader calls it
/// again with the same bytes (shifted) plus more. Positions are offsets into the window.
protocol RecordFramer {
    /// Frames records from where the last call stopped, appending spans to `sink` until the sink is
    /// full, the window `base[..<count]` is used up (more bytes are needed), or, when `isEOF`, the
    /// input is done. The window may be empty.
    mutating func frame(_ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink)

    /// The earliest window offset the framer still needs.
    var retainFrom: Int { get }

    /// Adjusts stored offsets after the reader dropped `offset` bytes from the window's front.
    mutating func shift(by offset: Int)

    /// Whether the input is done: nothing more will be framed.
    var isFinished: Bool { get }

    /// Where the framer stands, when it stands between records in a state that a framer of the
    /// same kind started there (at that line, in slice mode) would have too: then the input may be
    /// cut there, and reading the two parts gives what reading the whole gives. Nil elsewhere.
    var boundary: FramerBoundary? { get }
}

/// A window offset where the input may be cut, and the line there.
struct FramerBoundary: Equatable {
    var offset: Int
    var line: Int
}
