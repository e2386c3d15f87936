internal import CZstd

/// libzstd's streaming decompression: one frame after another, skippable frames skipped.
///
/// A frame's window is limited to libzstd's default (128 MiB, `ZSTD_d_windowLogMax` 27), so the
/// memory a stream can make the reader take is bounded; a stream made with `zstd --long=31` is
/// refused with libzstd's message (`Frame requires too much memory for decoding`).
final class ZstdDecompressor: Decompressor {
    private let context: OpaquePointer
    /// libzstd's last hint: 0 once a frame is decoded and flushed to its end.
    private var hint = 0

    /// - Throws: a message when the context cannot be made (out of memory).
    init() throws(DecompressorFailure) {
        guard let context = ZSTD_createDCtx() else {
            throw DecompressorFailure(message: "zstd could not start (out of memory)")
        }
        self.context = context
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    var isInsideStream: Bool { hint != 0 }

    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        guard let outputBase = output.baseAddress, !output.isEmpty else { return DecompressionStep(consumed: 0, produced: 0) }
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: outputBase, size: output.count, pos: 0)
        let result = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
        if ZSTD_isError(result) != 0 {
            let name = ZSTD_getErrorName(result).map { String(cString: $0) } ?? "error"
            return DecompressionStep(consumed: inBuffer.pos, produced: outBuffer.pos, failure: "corrupt zstd data (\(name))")
        }
        if inBuffer.pos > 0 || outBuffer.pos > 0 || result == 0 { hint = result }
        return DecompressionStep(consumed: inBuffer.pos, produced: outBuffer.pos)
    }
}
