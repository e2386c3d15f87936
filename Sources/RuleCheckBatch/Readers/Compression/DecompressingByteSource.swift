/// Serves the decompressed bytes of a gzip or zstd stream read from another source.
///
/// ```swift
/// let source = try DecompressingByteSource(FileByteSource(path: "export.csv.gz"), compression: .gzip, name: "export.csv.gz")
/// ```
///
/// Corrupt data, and a stream cut short (the input ends inside a member or frame), is an
/// ``InputError`` (``InputError/Code-swift.struct/corruptStream``), thrown once the bytes
/// decompressed before the fault have been served, so that a reader loses nothing that was there.
final class DecompressingByteSource: ByteSource {
    let compression: InputCompression
    private let base: any ByteSource
    private let name: String
    private let decompressor: any Decompressor
    private let input: UnsafeMutableRawBufferPointer
    private var pending = 0..<0
    private var atEnd = false
    /// Compressed bytes consumed so far (for the position in messages).
    private var consumed: Int64 = 0
    /// A fault found after some bytes were produced: thrown at the next read.
    private var fault: InputError?
    /// Compressed bytes read from the base, against its size: what a progress bar shows.
    let compressedProgress: ReadProgress

    /// How many compressed bytes one read of the base asks for.
    static let inputBlockSize = 1 << 18

    init(_ base: any ByteSource, compression: InputCompression, name: String) throws(InputError) {
        self.base = base
        self.compression = compression
        self.name = name
        do {
            switch compression {
            case .gzip: decompressor = try GzipDecompressor()
            case .zstd: decompressor = try ZstdDecompressor()
            }
        } catch {
            throw InputError(code: .cannotRead, path: name, message: error.message)
        }
        input = .allocate(byteCount: Self.inputBlockSize, alignment: 1)
        compressedProgress = ReadProgress(totalBytes: base.totalSize)
    }

    deinit {
        input.deallocate()
    }

    /// Unknown until the stream has been read.
    var totalSize: Int64? { nil }

    var progress: ReadProgress? { compressedProgress }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        if let fault { throw fault }
        guard !buffer.isEmpty else { return 0 }
        while true {
            if pending.isEmpty, !atEnd {
                let count = try base.read(into: input)
                if count == 0 { atEnd = true } else { compressedProgress.add(count) }
                pending = 0..<count
            }
            let step = decompressor.step(input: UnsafeRawBufferPointer(rebasing: input[pending]), output: buffer)
            pending = (pending.lowerBound + step.consumed)..<pending.upperBound
            consumed += Int64(step.consumed)
            if let failure = step.failure {
                let error = corrupt("\(failure), at compressed byte \(consumed)")
                guard step.produced > 0 else { throw error }
                fault = error
                return step.produced
            }
            if step.produced > 0 { return step.produced }
            if pending.isEmpty, atEnd {
                guard !decompressor.isInsideStream else {
                    let error = corrupt(
                        "the \(compression.rawValue) stream is cut short: the file ends after \(consumed) compressed bytes, inside the stream"
                    )
                    fault = error
                    throw error
                }
                return 0
            }
            if step.consumed == 0, !pending.isEmpty {
                // Input and room for output, and no progress: not a state a well-behaved decompressor reaches.
                throw corrupt("corrupt \(compression.rawValue) data: decompression stopped at compressed byte \(consumed)")
            }
        }
    }

    private func corrupt(_ message: String) -> InputError {
        InputError(code: .corruptStream, path: name, message: message)
    }
}
