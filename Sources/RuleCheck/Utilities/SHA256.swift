/// SHA-256 (FIPS 180-4), fed in pieces: the digest behind a rules file's fingerprint
/// (``RuleSet/fingerprint``). Foundation on Linux has no hash of its own, and a fingerprint must
/// be the same on every platform.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// hash.hexDigest()   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes not yet hashed: less than a block.
    private var pending: [UInt8] = []
    /// How many whole blocks were hashed.
    private var blocksHashed: UInt64 = 0

    package init() {
        pending.reserveCapacity(Self.blockSize)
    }

    private static let blockSize = 64

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Hashes `bytes` after what was hashed before. Whole blocks are hashed where they lie; only
    /// a block's start or end left over waits in ``pending``.
    package mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in update(buffer) }
        if contiguous == nil { update(Array(bytes)) }
    }

    private mutating func update(_ buffer: UnsafeBufferPointer<UInt8>) {
        var start = 0
        if !pending.isEmpty {
            let taken = min(Self.blockSize - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<taken])
            start = taken
            guard pending.count == Self.blockSize else { return }
            compressPending()
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - start >= Self.blockSize {
            compress(UnsafeBufferPointer(rebasing: buffer[start..<start + Self.blockSize]))
            start += Self.blockSize
        }
        pending.append(contentsOf: buffer[start...])
    }

    /// The digest of `bytes` alone, as 64 lower-case hex digits.
    package static func hexDigest(of bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    /// Hashes a number as 8 bytes, big-endian: a length that tells where one piece ends.
    package mutating func update(_ number: UInt64) {
        update((0..<8).reversed().map { UInt8(truncatingIfNeeded: number >> (8 * UInt64($0))) })
    }

    /// The digest of everything hashed, as 64 lower-case hex digits.
    package func hexDigest() -> String {
        var copy = self
        let bitLength = copy.hashedBytes &* 8
        copy.pending.append(0x80)
        if copy.pending.count > Self.blockSize - 8 {
            copy.pending += [UInt8](repeating: 0, count: Self.blockSize - copy.pending.count)
            copy.compressPending()
            copy.pending.removeAll(keepingCapacity: true)
        }
        copy.pending += [UInt8](repeating: 0, count: Self.blockSize - 8 - copy.pending.count)
        copy.pending += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64($0))) }
        copy.compressPending()
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for word in copy.state {
            for shift in stride(from: 28, through: 0, by: -4) { hex.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The number of bytes hashed so far.
    private var hashedBytes: UInt64 { blocksHashed &* UInt64(Self.blockSize) &+ UInt64(pending.count) }

    /// Hashes ``pending``, which holds exactly one block.
    private mutating func compressPending() {
        let block = pending
        block.withUnsafeBufferPointer { compress($0) }
    }

    /// Hashes one 64-byte block.
    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        var w = [UInt32](repeating: 0, count: 64)
        for index in 0..<16 {
            w[index] =
                UInt32(block[4 * index]) << 24 | UInt32(block[4 * index + 1]) << 16 | UInt32(block[4 * index + 2]) << 8
                | UInt32(block[4 * index + 3])
        }
        for index in 16..<64 {
            let s0 = rotr(w[index - 15], 7) ^ rotr(w[index - 15], 18) ^ (w[index - 15] >> 3)
            let s1 = rotr(w[index - 2], 17) ^ rotr(w[index - 2], 19) ^ (w[index - 2] >> 10)
            w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for index in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ Self.k[index] &+ w[index]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
        blocksHashed &+= 1
    }

    private func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
