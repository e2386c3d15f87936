/// Where a ``RecordReader`` gets its bytes: a file descriptor or memory.
///
/// ```swift
/// let count = try source.read(into: buffer)   // 0 at the end
/// ```
protocol ByteSource: AnyObject {
    /// The total size when known in advance (a regular file, memory).
    var totalSize: Int64? { get }

    /// Reads up to `buffer.count` bytes; returns 0 at the end of the input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int

    /// How far the input has been read, when the source keeps count itself (a decompressing
    /// source counts the compressed bytes of its file); nil when the reader counts the bytes
    /// it is given against ``totalSize``.
    var progress: ReadProgress? { get }
}

extension ByteSource {
    var progress: ReadProgress? { nil }
}
