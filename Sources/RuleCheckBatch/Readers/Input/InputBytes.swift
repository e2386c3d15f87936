/// The bytes of an input file as its records are written — decompressed when the file is gzip or
/// zstd — for tools of the package that copy an input's bytes (`rulecheck split`), so that they
/// read what ``RecordReader`` reads.
///
/// ```swift
/// let bytes = try InputBytes(path: "export.csv.gz")
/// while case let count = try bytes.read(into: buffer), count > 0 { … }
/// ```
package final class InputBytes {
    private let source: any ByteSource
    /// How the file is compressed; nil for a plain file.
    package let compression: InputCompression?

    /// Opens `path` (`-`: standard input).
    ///
    /// - Throws: ``InputError`` when it cannot be opened or read, or is compressed in a format
    ///   that is not read.
    package init(path: String) throws(InputError) {
        source = try InputOpening.source(path: path)
        compression = (source as? DecompressingByteSource)?.compression
    }

    /// Reads up to `buffer.count` bytes; 0 at the end.
    ///
    /// - Throws: ``InputError`` when reading fails or the compressed stream is corrupt or cut short.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        try source.read(into: buffer)
    }
}
