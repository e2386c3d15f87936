import RuleCheckBatch

/// Standard error as a `TextOutputStream`, for `print(…, to: &stderr)`: written whole, as every
/// sink of the batch checker writes (``SystemWrite``: partial writes continued, `EINTR` retried).
/// A message that cannot be written is lost — there is nowhere left to say so.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { bytes in _ = SystemWrite.all(UnsafeRawBufferPointer(bytes), to: 2) }
    }
}
