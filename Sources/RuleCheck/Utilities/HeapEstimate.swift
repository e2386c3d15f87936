/// Rough sizes of what lives on the heap, for memory estimates (``FormFootprint``): close enough to
/// bound memory by, cheap enough to add up over a whole form.
///
/// ```swift
/// HeapEstimate.bytes(of: "short")                          // 0: fifteen UTF-8 bytes or fewer live inline
/// HeapEstimate.bytes(of: String(repeating: "x", count: 100))   // 132: a header and the bytes
/// ```
package enum HeapEstimate {
    /// What one allocation costs besides its contents: an object header, or malloc's own.
    package static let allocation = 32

    /// The heap bytes of a string: none for a small one (Swift keeps up to 15 UTF-8 bytes in the
    /// string itself), else its storage.
    @inline(__always)
    package static func bytes(of text: String) -> Int {
        let count = text.utf8.count
        return count <= 15 ? 0 : allocation + count
    }

    /// The heap bytes of an array's buffer of `capacity` elements of `element` bytes (none when it
    /// has no buffer).
    @inline(__always)
    package static func buffer(capacity: Int, element: Int) -> Int {
        capacity == 0 ? 0 : allocation + capacity * element
    }
}
