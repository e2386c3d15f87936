#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Fast byte search over a window: the C library's vectorized `memchr` for one byte, 16-byte SIMD
/// compares for two or more.
///
/// ```swift
/// if let newline = ByteSearch.find(0x0A, in: base, from: start, to: end) { … }
/// ```
enum ByteSearch {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let quote = UInt8(ascii: "\"")

    /// The offset of the first `byte` in `base[from..<to]`, or nil.
    @inline(__always)
    static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The offset of the first `a` or `b` in `base[from..<to]`, or nil; compares 16 bytes at a time.
    @inline(__always)
    static func findEither(_ a: UInt8, _ b: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        findAny(a, b, b, in: base, from: from, to: to)
    }

    /// The offset of the first `a`, `b` or `c` in `base[from..<to]`, or nil; compares 16 bytes at a time.
    @inline(__always)
    static func findAny(
        _ a: UInt8, _ b: UInt8, _ c: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int
    )
        -> Int?
    {
        var index = from
        let raw = UnsafeRawPointer(base)
        let first = SIMD16<UInt8>(repeating: a)
        let second = SIMD16<UInt8>(repeating: b)
        let third = SIMD16<UInt8>(repeating: c)
        while index + 16 <= to {
            let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let hits = (chunk .== first) .| (chunk .== second) .| (chunk .== third)
            if any(hits) { return index + firstLane(hits) }
            index += 16
        }
        while index < to {
            let byte = base[index]
            if byte == a || byte == b || byte == c { return index }
            index += 1
        }
        return nil
    }

    /// The offset of the first byte in `base[from..<to]` that matters to JSON structure outside
    /// strings — `"` `,` `[` `]` `{` `}` or a line break — or nil; compares 16 bytes at a time.
    @inline(__always)
    static func findJSONStructural(in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var index = from
        let raw = UnsafeRawPointer(base)
        // `[` and `{`, `]` and `}` differ only in bit 0x20.
        let caseBit = SIMD16<UInt8>(repeating: 0x20)
        let openers = SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
        let closers = SIMD16<UInt8>(repeating: UInt8(ascii: "}"))
        let quotes = SIMD16<UInt8>(repeating: quote)
        let commas = SIMD16<UInt8>(repeating: UInt8(ascii: ","))
        let newlines = SIMD16<UInt8>(repeating: newline)
        while index + 16 <= to {
            let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let folded = chunk | caseBit
            let hits =
                (folded .== openers) .| (folded .== closers) .| (chunk .== quotes) .| (chunk .== commas)
                .| (chunk .== newlines)
            if any(hits) { return index + firstLane(hits) }
            index += 16
        }
        while index < to {
            switch base[index] {
            case quote, newline, UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"):
                return index
            default:
                index += 1
            }
        }
        return nil
    }

    /// The first lane of `hits` that is set (one is): the lanes as bytes 0 or 0xFF, read as two
    /// little-endian words, rather than lane by lane.
    @inline(__always)
    static func firstLane(_ hits: SIMDMask<SIMD16<UInt8>.MaskStorage>) -> Int {
        let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: hits)
        let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: words[0]), high = UInt64(littleEndian: words[1])
        return low != 0 ? low.trailingZeroBitCount / 8 : 8 + high.trailingZeroBitCount / 8
    }

    /// Describes the byte at `offset` for a message: `'x'`, `a line break`, `byte 0xFF`.
    static func describe(_ base: UnsafePointer<UInt8>, at offset: Int, count: Int) -> String {
        guard offset < count else { return "the end of the file" }
        let byte = base[offset]
        switch byte {
        case newline: return "a line break"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let text = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(byte < 0x10 ? "0" : "")\(text)"
        }
    }
}
