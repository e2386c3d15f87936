/// Checks that bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF), without going through generic `String` initializers.
///
/// ```swift
/// let ok = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
/// let text = ok ? String(decoding: bytes, as: UTF8.self) : nil
/// ```
///
/// Used by ``JSONParser`` for strings and by the CSV reader for cells.
package enum UTF8Validation {
    /// Whether all of `bytes` is well-formed UTF-8.
    ///
    /// ```swift
    /// UTF8Validation.isValid(buffer)   // false for [0xC0, 0xAF]
    /// ```
    ///
    /// - Complexity: O(n); runs of ASCII are checked eight bytes at a time.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(bytes) == nil
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or nil
    /// when all of `bytes` is well-formed.
    ///
    /// ```swift
    /// UTF8Validation.firstInvalidOffset(in: [0x61, 0xFF])   // 1
    /// ```
    package static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset($0) }
    }

    /// See ``firstInvalidOffset(in:)``.
    ///
    /// - Complexity: O(n); runs of ASCII are checked eight bytes at a time.
    package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            if base[index] < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(base + index, available: count - index)
            guard length > 0 else { return index }
            index += length
        }
        return nil
    }

    /// The length (1…4) of the well-formed UTF-8 sequence at `start`, or 0 if it is not well-formed
    /// or is cut off after `available` bytes.
    ///
    /// ```swift
    /// UTF8Validation.sequenceLength(pointer, available: 3)   // 2 for "é"
    /// ```
    ///
    /// - Precondition: `available >= 1`.
    @inline(__always)
    package static func sequenceLength(_ start: UnsafePointer<UInt8>, available: Int) -> Int {
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
