/// Finds a small integer by a key given as bytes, without making a `String`: the field a CSV
/// header or a JSON key names, the option a cell names. Made once per rule set.
///
/// ```swift
/// let table = ByteKeyTable(["lada", "kia"].enumerated().map { (Array($1.utf8), $0) })
/// Array("kia".utf8).withUnsafeBufferPointer { table.find($0) }   // 1
/// ```
///
/// Open addressing over a power-of-two table, FNV-1a hashes; the first of equal keys wins. Keys
/// are compared byte for byte: callers use it only for ASCII keys on both sides, where that is
/// what `String` equality means (non-ASCII text may be equal in Swift without being equal in
/// bytes, `é` and `e` + U+0301).
struct ByteKeyTable: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var start: Int
        var count: Int
        var value: Int
    }

    /// Each key's bytes, back to back.
    private let keys: [UInt8]
    /// `nil` for an empty place; otherwise the key's place in ``keys`` and its value.
    private let entries: [Entry?]
    private let mask: Int

    init(_ pairs: [(key: [UInt8], value: Int)]) {
        var capacity = 4
        while capacity < pairs.count * 2 { capacity *= 2 }
        var keys: [UInt8] = []
        var entries = [Entry?](repeating: nil, count: capacity)
        let mask = capacity - 1
        for (key, value) in pairs {
            let hash = key.withUnsafeBufferPointer { Self.hash($0) }
            var place = Int(truncatingIfNeeded: hash) & mask
            var isNew = true
            while let entry = entries[place] {
                if entry.hash == hash, keys[entry.start..<(entry.start + entry.count)].elementsEqual(key) {
                    isNew = false
                    break
                }
                place = (place + 1) & mask
            }
            guard isNew else { continue }
            entries[place] = Entry(hash: hash, start: keys.count, count: key.count, value: value)
            keys.append(contentsOf: key)
        }
        self.keys = keys
        self.entries = entries
        self.mask = mask
    }

    /// The value of `key`, or nil.
    func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key)
        var place = Int(truncatingIfNeeded: hash) & mask
        return keys.withUnsafeBufferPointer { stored in
            entries.withUnsafeBufferPointer { entries in
                while let entry = entries[place] {
                    if entry.hash == hash, entry.count == key.count,
                        Self.equal(UnsafeBufferPointer(rebasing: stored[entry.start..<(entry.start + entry.count)]), key)
                    {
                        return entry.value
                    }
                    place = (place + 1) & mask
                }
                return nil
            }
        }
    }

    /// Whether two buffers of the same length hold the same bytes, eight at a time.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == b.count }
        let count = a.count
        var index = 0
        while index + 8 <= count {
            let x = UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
            if x != y { return false }
            index += 8
        }
        while index < count {
            if left[index] != right[index] { return false }
            index += 1
        }
        return true
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
