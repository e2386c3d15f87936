internal import CZlib

/// The entries of a ZIP archive held in memory (an `.xlsx` workbook): its central directory read
/// and checked against the bytes, each entry inflated on demand with zlib into at most as many
/// bytes as the caller allows, its CRC-32 checked. Stored and deflated entries are read;
/// encryption, other methods and ZIP64 are refused. Every offset and size is checked before it
/// is used, so a damaged or hostile archive is an error, never a read outside the bytes.
///
/// (Not ZIPFoundation: its in-memory archives trap on damaged input on Linux — a Range fault
/// reading a chunk, seen with 0.9.20 — and a truncated entry can keep its inflate loop waiting.)
struct ZIPArchive {
    struct Entry {
        var name: String
        var method: UInt16
        var flags: UInt16
        var crc: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeader: Int
    }

    let bytes: [UInt8]
    private(set) var entries: [String: Entry] = [:]

    /// Reads the central directory; at most `maxEntries` entries.
    init(_ bytes: [UInt8], maxEntries: Int) throws(WorkbookError) {
        self.bytes = bytes
        guard let end = Self.endOfCentralDirectory(bytes) else {
            throw WorkbookError("not a ZIP archive, which an .xlsx workbook is (no end of central directory)")
        }
        let count = Int(u16(end + 10))
        let size = Int(u32(end + 12))
        let offset = Int(u32(end + 16))
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else {
            throw WorkbookError("a ZIP64 archive is not read (an .xlsx workbook of a form is far smaller)")
        }
        guard count <= maxEntries else { throw WorkbookError("the workbook has more than \(maxEntries) parts; it is not read") }
        guard offset <= end, size <= end - offset else { throw WorkbookError("the ZIP archive's central directory lies outside it") }
        var position = offset
        for _ in 0..<count {
            guard position + 46 <= end, u32(position) == 0x0201_4B50 else {
                throw WorkbookError("the ZIP archive's central directory is damaged")
            }
            let nameLength = Int(u16(position + 28))
            let extraLength = Int(u16(position + 30))
            let commentLength = Int(u16(position + 32))
            let next = position + 46 + nameLength + extraLength + commentLength
            guard next <= end else { throw WorkbookError("the ZIP archive's central directory is damaged") }
            let name = String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            let entry = Entry(
                name: name, method: u16(position + 10), flags: u16(position + 8), crc: u32(position + 16),
                compressedSize: Int(u32(position + 20)), uncompressedSize: Int(u32(position + 24)),
                localHeader: Int(u32(position + 42)))
            if entries[name] == nil { entries[name] = entry }
            position = next
        }
    }

    /// The bytes of `entry`, inflated; at most `limit` of them (`Bound.exceeded` past it).
    func contents(_ entry: Entry, limit: Int) throws(ZIPFailure) -> [UInt8] {
        guard entry.flags & 1 == 0 else { throw .damaged("\(entry.name) is encrypted") }
        let header = entry.localHeader
        guard header >= 0, header + 30 <= bytes.count, u32(header) == 0x0403_4B50 else {
            throw .damaged("\(entry.name): its local header is not where the directory says")
        }
        let start = header + 30 + Int(u16(header + 26)) + Int(u16(header + 28))
        guard start <= bytes.count, entry.compressedSize <= bytes.count - start else {
            throw .damaged("\(entry.name) runs past the end of the archive")
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        let output: [UInt8]
        switch entry.method {
        case 0:
            guard data.count <= limit else { throw .exceeded }
            output = Array(data)
        case 8:
            output = try Self.inflate(data, limit: limit, name: entry.name)
        default:
            throw .damaged("\(entry.name) is compressed with method \(entry.method), which is not read (only stored and deflated)")
        }
        guard Self.crc32(of: output) == entry.crc else {
            throw .damaged("\(entry.name) is damaged: its CRC-32 does not match the archive's")
        }
        return output
    }

    /// The CRC-32 of `bytes`, as a ZIP archive records it for an entry (zlib's).
    static func crc32(of bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    enum ZIPFailure: Error {
        case exceeded
        case damaged(String)
    }

    private static func inflate(_ data: ArraySlice<UInt8>, limit: Int, name: String) throws(ZIPFailure) -> [UInt8] {
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { throw .damaged("zlib could not start") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let input = Array(data)
        var status = Z_OK
        var consumed = 0
        repeat {
            let (produced, used, result) = input.withUnsafeBufferPointer { source in
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress.map { $0 + consumed })
                    stream.avail_in = uInt(source.count - consumed)
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = target.count - Int(stream.avail_out)
                    let used = source.count - consumed - Int(stream.avail_in)
                    stream.next_in = nil
                    stream.next_out = nil
                    return (produced, used, result)
                }
            }
            status = result
            consumed += used
            guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                throw .damaged("\(name) cannot be inflated (zlib error \(status))")
            }
            guard output.count + produced <= limit else { throw .exceeded }
            output += chunk[0..<produced]
            if status == Z_OK, produced == 0, used == 0 { throw .damaged("\(name) ends before its data does") }
        } while status != Z_STREAM_END
        return output
    }

    /// Where the end-of-central-directory record starts: searched back from the end, past a
    /// comment of at most 65,535 bytes.
    private static func endOfCentralDirectory(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        var position = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while position >= lowest {
            if bytes[position] == 0x50, bytes[position + 1] == 0x4B, bytes[position + 2] == 0x05, bytes[position + 3] == 0x06 {
                return position
            }
            position -= 1
        }
        return nil
    }

    private func u16(_ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private func u32(_ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
