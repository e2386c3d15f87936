/// The 64-bit FNV-1a hash: the digest of a rules file's bytes, and from the digests of all the
/// files read, a rule set's version.
package enum FNV1a {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    package static func hash(_ bytes: [UInt8], into start: UInt64 = offsetBasis) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash = start
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* prime }
            return hash
        }
    }

    /// The hash of several digests in order (a nil digest counts too).
    package static func combine(_ digests: [UInt64?]) -> UInt64 {
        var hash = offsetBasis
        for digest in digests {
            withUnsafeBytes(of: (digest ?? 0).littleEndian) { raw in
                for byte in raw { hash = (hash ^ UInt64(byte)) &* prime }
            }
            hash = (hash ^ (digest == nil ? 0 : 1)) &* prime
        }
        return hash
    }

    /// 16 hex digits.
    package static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
