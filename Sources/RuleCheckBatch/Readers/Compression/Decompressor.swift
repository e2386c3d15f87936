/// One step of a streaming decompressor: what ``DecompressingByteSource`` drives.
protocol Decompressor: AnyObject {
    /// Decompresses from `input` into `output` as far as both allow.
    ///
    /// - Returns: how many input bytes were consumed and output bytes produced, and, when the
    ///   data is corrupt, why (after the bytes produced before the fault).
    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> DecompressionStep

    /// Whether a member or frame has begun and not ended: at the end of the input, the stream
    /// was cut short.
    var isInsideStream: Bool { get }
}

/// What one ``Decompressor/step(input:output:)`` did.
struct DecompressionStep {
    var consumed: Int
    var produced: Int
    /// The decompressor's words for corrupt data (`invalid distance too far back`), if it failed.
    var failure: String?
}
