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
}
