/// Where a report writes: a buffered file descriptor (standard output) or memory (for tests).
///
/// Every write can fail — a full disk, a closed pipe — and a failure is thrown as an
/// ``OutputError``, never dropped: after one, every later write and flush throws it again, so
/// nothing after a hole in the output is written either. Buffered bytes are written by
/// ``flush()``, which a report calls when it finishes; a sink that is dropped unflushed writes
/// nothing more.
///
/// ```swift
/// let sink = OutputSink(descriptor: 1)
/// try sink.write("hello\n")
/// try sink.flush()
/// ```
///
/// Used from one thread at a time.
public final class OutputSink {
    private var buffer: [UInt8] = []
    private let descriptor: Int32?
    private let name: String
    private var failure: OutputError?
    /// What was written, for a memory sink.
    public private(set) var bytes: [UInt8] = []

    /// A sink that writes to `descriptor` (1 for standard output), 64 KiB at a time; `name` is how
    /// error messages call it.
    public init(descriptor: Int32, name: String = "standard output") {
        self.descriptor = descriptor
        self.name = name
        buffer.reserveCapacity(1 << 16)
    }

    private init() {
        descriptor = nil
        name = "memory"
    }

    /// A sink that keeps what is written in ``bytes``.
    public static func memory() -> OutputSink { OutputSink() }

    /// What was written, as text (memory sinks).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether this sink keeps what is written in memory.
    var isMemory: Bool { descriptor == nil }

    public func write(_ text: String) throws(OutputError) {
        try append(text.utf8)
    }

    public func write<Bytes: Collection<UInt8>>(bytes: Bytes) throws(OutputError) {
        try append(bytes)
    }

    private func append<Bytes: Collection<UInt8>>(_ new: Bytes) throws(OutputError) {
        if let failure { throw failure }
        guard descriptor != nil else {
            bytes.append(contentsOf: new)
            return
        }
        buffer.append(contentsOf: new)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes out what is buffered.
    public func flush() throws(OutputError) {
        if let failure { throw failure }
        guard let descriptor, !buffer.isEmpty else { return }
        if let error = buffer.withUnsafeBytes({ SystemWrite.all($0, to: descriptor) }) {
            let failure = OutputError("cannot write to \(name): \(error)")
            self.failure = failure
            throw failure
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
