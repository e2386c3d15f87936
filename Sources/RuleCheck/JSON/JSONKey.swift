/// A text compared as JSON compares keys and JSON Schema compares names and strings: code point
/// for code point (its UTF-8 bytes), not by Unicode canonical equivalence as Swift's `String ==`.
///
/// ```swift
/// JSONKey("caf\u{E9}") == JSONKey("cafe\u{301}")   // false
/// "caf\u{E9}" == "cafe\u{301}"                     // true
/// ```
package struct JSONKey: Hashable, Sendable {
    package let string: String

    package init(_ string: String) { self.string = string }

    package static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
        let left = lhs.string.utf8
        let right = rhs.string.utf8
        guard left.count == right.count else { return false }
        let same = left.withContiguousStorageIfAvailable { x in
            right.withContiguousStorageIfAvailable { y in x.elementsEqual(y) }
        }
        return (same ?? nil) ?? left.elementsEqual(right)
    }

    package func hash(into hasher: inout Hasher) {
        let utf8 = string.utf8
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
        hasher.combine(utf8.count)
    }
}
