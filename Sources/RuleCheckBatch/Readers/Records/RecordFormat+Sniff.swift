extension RecordFormat {
    /// How many bytes at the start of an input ``RecordReader/opening(path:format:options:)`` looks
    /// at to tell its format: 64 KiB.
    public static let sniffLength = 1 << 16

    /// The format an input's first bytes suggest, for standard input and other inputs without an
    /// extension: after a UTF-8 byte-order mark and whitespace, `[` is a JSON array, `{` is JSON
    /// Lines, anything else (or nothing) is CSV.
    ///
    /// ```swift
    /// RecordFormat.sniff(firstBytes: Array(#"{"a": 1}"#.utf8))   // .jsonl
    /// RecordFormat.sniff(firstBytes: Array("id,name\n".utf8))     // .csv
    /// ```
    public static func sniff(firstBytes bytes: some Collection<UInt8>) -> RecordFormat {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        switch rest.first(where: { !Self.isWhitespace($0) }) {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"): return .jsonl
        default: return .csv
        }
    }

    /// Whether `bytes` hold something other than a byte-order mark and whitespace, so that
    /// ``sniff(firstBytes:)`` has seen the byte that decides.
    static func hasDecidingByte(_ bytes: [UInt8]) -> Bool {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var rest = bytes[...]
        if rest.starts(with: byteOrderMark) {
            rest = rest.dropFirst(3)
        } else if byteOrderMark.starts(with: rest) {
            return false  // nothing yet, or a byte-order mark still coming
        }
        return rest.contains { !isWhitespace($0) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// Serves bytes read ahead from a source (to tell its format), then the rest of the source.
final class PeekedByteSource: ByteSource {
    private let base: any ByteSource
    private(set) var head: [UInt8] = []
    private var offset = 0

    /// Reads ahead until `decided(head)` holds, `limit` bytes were read, or the input ends.
    init(_ base: any ByteSource, limit: Int, until decided: ([UInt8]) -> Bool) throws(InputError) {
        self.base = base
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { chunk.deallocate() }
        while head.count < limit, !decided(head) {
            let wanted = min(chunk.count, limit - head.count)
            let count = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<wanted]))
            if count == 0 { break }
            head += chunk[..<count]
        }
    }

    var totalSize: Int64? { base.totalSize }

    var progress: ReadProgress? { base.progress }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        if offset < head.count {
            let count = min(buffer.count, head.count - offset)
            head.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
            }
            offset += count
            return count
        }
        return try base.read(into: buffer)
    }
}

extension RecordReader {
    /// Opens a file, or standard input for `-`, in the given format; without one, in the format
    /// its extension implies (``RecordFormat/init(path:)``), and failing that in the format its first
    /// bytes suggest (``RecordFormat/sniff(firstBytes:)``, looking at up to
    /// ``RecordFormat/sniffLength`` bytes, decompressed when the input is gzip or zstd).
    ///
    /// ```swift
    /// let reader = try RecordReader.opening(path: "-", format: nil)   // `[` → .json, `{` → .jsonl, else .csv
    /// print(reader.format)
    /// ```
    ///
    /// - Throws: ``InputError`` when the file cannot be opened or read, or its CSV header is malformed.
    public static func opening(
        path: String, format: RecordFormat?, options: Options = Options()
    ) throws
        -> RecordReader
    {
        let source = try InputOpening.source(path: path)
        if let format = format ?? RecordFormat(path: path) {
            return try RecordReader(source: source, name: path, format: format, options: options)
        }
        let peeked = try PeekedByteSource(source, limit: RecordFormat.sniffLength, until: RecordFormat.hasDecidingByte)
        return try RecordReader(
            source: peeked, name: path, format: RecordFormat.sniff(firstBytes: peeked.head), options: options)
    }
}
