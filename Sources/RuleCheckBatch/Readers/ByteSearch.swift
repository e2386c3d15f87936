#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Fast byte search over a window (the C library's vectorized `memchr`).
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
        var index = from
        let raw = UnsafeRawPointer(base)
        let first = SIMD16<UInt8>(repeating: a)
        let second = SIMD16<UInt8>(repeating: b)
        while index + 16 <= to {
            let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let hits = (chunk .== first) .| (chunk .== second)
            if any(hits) {
                for lane in 0..<16 where hits[lane] { return index + lane }
            }
            index += 16
        }
        while index < to {
            let byte = base[index]
            if byte == a || byte == b { return index }
            index += 1
        }
        return nil
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
