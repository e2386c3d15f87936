/// Serves bytes from memory, for ``RecordReader/init(bytes:name:format:options:)``.
///
/// ```swift
/// let source = MemoryByteSource(Array("a,b\n1,2\n".utf8))
/// ```
final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var totalSize: Int64? { Int64(bytes.count) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}
