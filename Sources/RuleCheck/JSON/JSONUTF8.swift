/// Well-formedness of UTF-8 sequences, per RFC 3629 (no overlong forms, no surrogates, nothing above
/// U+10FFFF).
///
/// ```swift
/// let length = JSONUTF8.sequenceLength(pointer, available: remaining)   // 0 when not UTF-8
/// ```
enum JSONUTF8 {
    /// The length (1…4) of the well-formed UTF-8 sequence at `start`, or 0 if it is not well-formed
    /// or is cut off by the end of the buffer.
    @inline(__always)
    static func sequenceLength(_ start: UnsafePointer<UInt8>, available: Int) -> Int {
        let lead = start[0]
        if lead < 0x80 { return 1 }
        var length = 0
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard available >= length else { return 0 }
        let second = start[1]
        guard second >= low, second <= high else { return 0 }
        for offset in 2..<max(2, length) where start[offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }
}
