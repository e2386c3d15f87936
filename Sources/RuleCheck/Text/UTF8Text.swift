/// Text as UTF-8 bytes: what the rules of a text value read, whether the value is a `String` (a
/// form's) or bytes that stay where a record was read.
enum UTF8Text {
    /// Calls `body` with the UTF-8 of `text`. (A text kept as bytes has no `String`: its rules
    /// read the record's bytes directly, ``FieldEvaluator/ruleFailure(_:_:_:text:_:into:)``.)
    @inline(__always)
    static func withBytes<R>(
        of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        // Native strings expose their UTF-8 in place; only bridged strings are copied.
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return try copy.withUTF8(body)
    }

    /// Whether all the bytes are ASCII; eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        var bits: UInt64 = 0
        while index + 8 <= count {
            bits |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < count {
            bits |= UInt64(base[index])
            index += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    // Lengths are counted in Unicode scalars. Text of n UTF-8 bytes has between ⌈n/4⌉ and n
    // scalars, which settles most comparisons without counting.

    /// The number of Unicode scalars in valid UTF-8: the bytes that do not continue a sequence.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Whether valid UTF-8 `bytes` have fewer than `bound` Unicode scalars.
    @inline(__always)
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, isBelow bound: Int) -> Bool {
        if bytes.count < bound { return true }
        if (bytes.count + 3) / 4 >= bound { return false }
        return scalarCount(bytes) < bound
    }

    /// Whether valid UTF-8 `bytes` have more than `bound` Unicode scalars.
    @inline(__always)
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, isAbove bound: Int) -> Bool {
        if bytes.count <= bound { return false }
        if (bytes.count + 3) / 4 > bound { return true }
        return scalarCount(bytes) > bound
    }
}
