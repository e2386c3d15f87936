/// Opens the inputs readers read: a file, or standard input for `-`, decompressed when its first
/// bytes say it is gzip or zstd (``InputCompression``).
enum InputOpening {
    /// The bytes of the file at `path` (`-`: standard input) as its records are written.
    ///
    /// - Throws: ``InputError`` when it cannot be opened or read, or is compressed in a format
    ///   that is not read.
    static func source(path: String) throws(InputError) -> any ByteSource {
        try decompressing(FileByteSource(path: path), name: path)
    }

    /// `source`'s bytes, decompressed when its first bytes say gzip or zstd. Reads ahead only
    /// as far as it takes to decide (one byte for most plain files).
    static func decompressing(_ source: any ByteSource, name: String) throws(InputError) -> any ByteSource {
        let peeked = try PeekedByteSource(source, limit: InputCompression.magicLength, until: InputCompression.isDecided)
        switch InputCompression.magic(peeked.head) {
        case nil: return peeked
        case .supported(let compression): return try DecompressingByteSource(peeked, compression: compression, name: name)
        case .unsupported(let format):
            throw InputError(
                code: .unsupportedCompression, path: name,
                message: "it is \(format)-compressed; rulecheck reads gzip and zstd: decompress it first")
        }
    }

    /// The file at `path` as ``source(path:)`` opens it, with the size of its bytes: a plain
    /// regular file's size, or for a compressed one the size it decompresses to (read once to
    /// find it out, then opened again).
    ///
    /// - Throws: ``InputError`` when the file cannot be opened or read, is corrupt, or is not
    ///   a regular file (a pipe cannot be read twice).
    static func measuredSource(path: String) throws(InputError) -> (source: any ByteSource, size: Int64) {
        let notRegular = InputError(code: .cannotRead, path: path, message: "not a regular file (split needs to know its size)")
        let source = try FileByteSource(path: path)
        guard source.totalSize != nil else { throw notRegular }
        let opened = try decompressing(source, name: path)
        if let size = opened.totalSize { return (opened, size) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        var size: Int64 = 0
        while case let count = try opened.read(into: chunk), count > 0 { size += Int64(count) }
        return (try Self.source(path: path), size)
    }
}
