/// Writes a ZIP archive of stored (uncompressed) entries in memory — the container of an `.xlsx`
/// workbook. Each entry carries its CRC-32, a fixed timestamp (1980-01-01, so that the same
/// entries make the same bytes) and a UTF-8 name; ``ZIPArchive`` reads what it writes.
struct ZIPWriter {
    private var bytes: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0

    /// An archive past this many bytes or entries would need ZIP64, which is not written.
    static let maxBytes = Int(UInt32.max) - 1
    static let maxEntries = Int(UInt16.max) - 1

    /// Adds an entry named `name` holding `contents`, stored.
    mutating func add(_ name: String, _ contents: [UInt8]) throws(WorkbookError) {
        let nameBytes = Array(name.utf8)
        guard count < Self.maxEntries, nameBytes.count <= Int(UInt16.max),
            bytes.count + contents.count + nameBytes.count + 30 < Self.maxBytes
        else { throw WorkbookError("the workbook is too large to write (a ZIP archive of at most 4 GB)") }
        let crc = ZIPArchive.crc32(of: contents)
        let offset = UInt32(bytes.count)
        // The fields a local header and a central directory entry share, from "version needed".
        var common: [UInt8] = []
        common.append16(20)  // version needed to extract: 2.0
        common.append16(0x0800)  // flags: the name is UTF-8
        common.append16(0)  // method: stored
        common.append16(0)  // time: 00:00:00
        common.append16(0x21)  // date: 1980-01-01
        common.append32(crc)
        common.append32(UInt32(contents.count))  // compressed size
        common.append32(UInt32(contents.count))  // uncompressed size
        common.append16(UInt16(nameBytes.count))
        common.append16(0)  // extra field length

        bytes.append32(0x0403_4B50)
        bytes += common
        bytes += nameBytes
        bytes += contents

        directory.append32(0x0201_4B50)
        directory.append16(20)  // version made by
        directory += common
        directory.append16(0)  // comment length
        directory.append16(0)  // disk number
        directory.append16(0)  // internal attributes
        directory.append32(0)  // external attributes
        directory.append32(offset)
        directory += nameBytes
        count += 1
    }

    /// The archive: the entries, their central directory and its end record.
    func archive() throws(WorkbookError) -> [UInt8] {
        guard bytes.count + directory.count + 22 < Self.maxBytes else {
            throw WorkbookError("the workbook is too large to write (a ZIP archive of at most 4 GB)")
        }
        var result = bytes + directory
        result.append32(0x0605_4B50)
        result.append16(0)  // this disk
        result.append16(0)  // the disk the directory starts on
        result.append16(UInt16(count))
        result.append16(UInt16(count))
        result.append32(UInt32(directory.count))
        result.append32(UInt32(bytes.count))
        result.append16(0)  // comment length
        return result
    }
}

extension [UInt8] {
    /// Appends `value` little-endian, as ZIP writes its numbers.
    fileprivate mutating func append16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    fileprivate mutating func append32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
