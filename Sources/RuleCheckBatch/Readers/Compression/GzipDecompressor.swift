internal import CZlib

/// zlib's `inflate` on gzip data: one member after another (`cat a.gz b.gz` is one gzip file,
/// as `gzip -d` reads it).
final class GzipDecompressor: Decompressor {
    private let stream: UnsafeMutablePointer<z_stream>
    private(set) var isInsideStream = false
    /// Members decompressed to their end so far.
    private var members = 0

    /// - Throws: a message when zlib cannot start (out of memory).
    init() throws(DecompressorFailure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = czlib_inflate_init_gzip(stream)
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw DecompressorFailure(message: "zlib could not start (error \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        guard let outputBase = output.baseAddress, !output.isEmpty else { return DecompressionStep(consumed: 0, produced: 0) }
        // zlib's sizes are 32-bit: give it at most 1 GiB at a time.
        let inputCount = min(input.count, 1 << 30)
        let outputCount = min(output.count, 1 << 30)
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(inputCount)
        stream.pointee.next_out = outputBase.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(outputCount)
        let status = inflate(stream, Z_NO_FLUSH)
        let consumed = inputCount - Int(stream.pointee.avail_in)
        let produced = outputCount - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch status {
        case Z_OK, Z_BUF_ERROR:
            // Z_BUF_ERROR: no progress was possible (more input is needed); not an error.
            if consumed > 0 { isInsideStream = true }
            return DecompressionStep(consumed: consumed, produced: produced)
        case Z_STREAM_END:
            members += 1
            isInsideStream = false
            // Another member may follow: start over, header first.
            inflateReset(stream)
            return DecompressionStep(consumed: consumed, produced: produced)
        default:
            let detail = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
            let failure =
                members > 0 && !isInsideStream && produced == 0
                ? "data after the end of the gzip stream is not gzip (\(detail))" : "corrupt gzip data (\(detail))"
            return DecompressionStep(consumed: consumed, produced: produced, failure: failure)
        }
    }
}

/// A decompressor that could not start.
struct DecompressorFailure: Error {
    let message: String
}
