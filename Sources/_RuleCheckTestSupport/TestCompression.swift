internal import CZlib
internal import CZstd

/// gzip and zstd compression for tests, which make the compressed inputs that RuleCheck reads
/// (RuleCheck itself only decompresses). Not public API: the underscore target is for the
/// package's tests.
///
/// ```swift
/// let compressed = TestCompression.gzip(Array("id\n1\n".utf8))
/// ```
package enum TestCompression {
    /// `bytes` as one gzip member.
    package static func gzip(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init_gzip(&stream, level) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                let status = deflate(&stream, Z_FINISH)
                return status == Z_STREAM_END ? target.count - Int(stream.avail_out) : -1
            }
        }
        return produced < 0 ? [] : Array(output[..<produced])
    }

    /// `bytes` as one zstd frame (with its content size and checksum).
    package static func zstd(_ bytes: [UInt8], level: Int32 = 3) -> [UInt8] {
        guard let context = ZSTD_createCCtx() else { return [] }
        defer { ZSTD_freeCCtx(context) }
        ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level)
        ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
        var output = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
        let produced = output.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { source in
                ZSTD_compress2(context, target.baseAddress, target.count, source.baseAddress, source.count)
            }
        }
        return ZSTD_isError(produced) != 0 ? [] : Array(output[..<produced])
    }

    /// A zstd skippable frame holding `payload` (which readers skip).
    package static func zstdSkippableFrame(_ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(payload.count)
        return [0x50, 0x2A, 0x4D, 0x18] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + payload
    }
}
