import RuleCheckBatch

/// Standard error as a `TextOutputStream`, for `print(…, to: &stderr)`: written whole, as every
/// sink of the batch checker writes (``SystemWrite``: partial writes continued, `EINTR` retried).
/// A message that cannot be written is lost — there is nowhere left to say so.
struct StandardError: TextOutputStream {
    /// The descriptor written to: ``StandardStreams/error``.
    let descriptor: Int32

    init(_ streams: StandardStreams) {
        descriptor = streams.error
    }

    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { bytes in _ = SystemWrite.all(UnsafeRawBufferPointer(bytes), to: descriptor) }
    }
}
