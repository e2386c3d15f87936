/// How an input file is compressed, as its first bytes (its magic number) say — never its name.
///
/// ```swift
/// InputCompression(firstBytes: [0x1F, 0x8B, 0x08, 0x00])   // .gzip
/// InputCompression(firstBytes: Array("id,name\n".utf8))    // nil: not compressed
/// ```
///
/// ``RecordReader`` reads gzip (one member or several, as `cat a.gz b.gz` makes) and zstd (one
/// frame or several, skippable frames included) streaming, and gives the records of the
/// decompressed bytes: the same records, numbers and lines as the uncompressed file. A stream
/// that is cut short or corrupt is an ``InputError`` with the code
/// ``InputError/Code-swift.struct/corruptStream`` after the records read before it. Other
/// compressed formats (xz, bzip2, zip) are recognized and refused with an ``InputError`` that
/// says so, rather than read as garbage records.
public enum InputCompression: String, Sendable, Hashable, CaseIterable {
    /// gzip (RFC 1952): starts with `1F 8B`.
    case gzip
    /// Zstandard (RFC 8878): a frame starts with `28 B5 2F FD`; a skippable frame with `5? 2A 4D 18`.
    case zstd

    /// The compression `bytes` (an input's first bytes) start with, or nil for anything else.
    public init?(firstBytes bytes: some Collection<UInt8>) {
        guard let kind = Self.magic(bytes), case .supported(let compression) = kind else { return nil }
        self = compression
    }

    /// How many bytes the longest magic number takes: what is read ahead to decide.
    static let magicLength = 6

    /// What an input's first bytes are.
    enum Magic: Equatable {
        case supported(InputCompression)
        /// A compressed format that is not read (its name for the error message).
        case unsupported(String)
    }

    /// The magic number `bytes` start with, if any.
    static func magic(_ bytes: some Collection<UInt8>) -> Magic? {
        let head = Array(bytes.prefix(magicLength))
        for (magic, kind) in magics where head.count >= magic.count {
            if zip(magic, head).allSatisfy({ $0.matches($1) }) { return kind }
        }
        return nil
    }

    /// Whether `bytes` are enough to decide: they already start with a magic number, or no magic
    /// number starts with them (so that reading ahead stops at the first byte of a plain file).
    static func isDecided(_ bytes: [UInt8]) -> Bool {
        if bytes.isEmpty { return false }
        if magic(bytes) != nil { return true }
        return !magics.contains { magic, _ in
            bytes.count < magic.count && zip(magic, bytes).allSatisfy { $0.matches($1) }
        }
    }

    /// One byte of a magic number: an exact byte, a high nibble (zstd's skippable frames) or a
    /// range (bzip2's block size digit).
    private enum MagicByte {
        case byte(UInt8)
        case highNibble(UInt8)
        case range(ClosedRange<UInt8>)

        func matches(_ value: UInt8) -> Bool {
            switch self {
            case .byte(let byte): value == byte
            case .highNibble(let nibble): value & 0xF0 == nibble
            case .range(let range): range.contains(value)
            }
        }
    }

    private static let magics: [([MagicByte], Magic)] = [
        ([.byte(0x1F), .byte(0x8B)], .supported(.gzip)),
        ([.byte(0x28), .byte(0xB5), .byte(0x2F), .byte(0xFD)], .supported(.zstd)),
        ([.highNibble(0x50), .byte(0x2A), .byte(0x4D), .byte(0x18)], .supported(.zstd)),
        ([.byte(0xFD), .byte(0x37), .byte(0x7A), .byte(0x58), .byte(0x5A), .byte(0x00)], .unsupported("xz")),
        // "BZh", the block size digit, then the first bytes of a block's magic (π).
        ([.byte(0x42), .byte(0x5A), .byte(0x68), .range(0x31...0x39), .byte(0x31), .byte(0x41)], .unsupported("bzip2")),
        ([.byte(0x50), .byte(0x4B), .byte(0x03), .byte(0x04)], .unsupported("zip")),
    ]
}
