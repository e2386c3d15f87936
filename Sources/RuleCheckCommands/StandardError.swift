import RuleCheckBatch

/// Standard error as a `TextOutputStream`, for `print(…, to: &stderr)`: written whole, as every
/// sink of the batch checker writes (``SystemWrite``: partial writes continued, `EINTR` retried).
/// A message that cannot be written is lost — there is nowhere left to say so.
package struct StandardError: TextOutputStream {
    /// The descriptor written to: ``StandardStreams/error``.
    package let descriptor: Int32

    package init(_ streams: StandardStreams) {
        descriptor = streams.error
    }

    package mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { bytes in _ = SystemWrite.all(UnsafeRawBufferPointer(bytes), to: descriptor) }
    }
}
