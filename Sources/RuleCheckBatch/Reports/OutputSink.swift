import Foundation

/// Where a report writes: a buffered file descriptor (standard output) or memory (for tests).
///
/// Used from one thread at a time.
public final class OutputSink {
    private var buffer: [UInt8] = []
    private let descriptor: Int32?
    /// What was written, for a memory sink.
    public private(set) var bytes: [UInt8] = []

    /// A sink that writes to `descriptor` (1 for standard output), 64 KiB at a time.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    private init() {
        descriptor = nil
    }

    /// A sink that keeps what is written in ``bytes``.
    public static func memory() -> OutputSink { OutputSink() }

    /// What was written, as text (memory sinks).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether this sink keeps what is written in memory.
    var isMemory: Bool { descriptor == nil }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    public func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard descriptor != nil else {
            self.bytes.append(contentsOf: bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered.
    public func flush() {
        guard let descriptor, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// A temporary file that a report appends to while it streams and copies out at the end, so
/// that totals can come first while memory stays bounded — or, for a report to a memory sink
/// (where all of it ends up anyway), memory.
final class Spool {
    private let url: URL?
    private let handle: FileHandle?
    private var pending: [UInt8] = []
    private(set) var isEmpty = true

    init(inMemory: Bool = false) {
        guard !inMemory else {
            url = nil
            handle = nil
            return
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-\(UUID().uuidString).spool")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try? FileHandle(forUpdating: url)
        self.url = url
    }

    func write(_ text: String) {
        isEmpty = false
        pending.append(contentsOf: text.utf8)
        if url != nil, pending.count >= 1 << 16 { flushPending() }
    }

    private func flushPending() {
        guard !pending.isEmpty else { return }
        try? handle?.write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Copies everything written so far to `sink`, then empties the spool.
    func drain(into sink: OutputSink) {
        if url == nil {
            pending.withUnsafeBufferPointer { sink.write(bytes: $0) }
            pending.removeAll(keepingCapacity: true)
            isEmpty = true
            return
        }
        flushPending()
        guard let handle else { return }
        try? handle.seek(toOffset: 0)
        while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            chunk.withUnsafeBytes { sink.write(bytes: $0.bindMemory(to: UInt8.self)) }
        }
        try? handle.truncate(atOffset: 0)
        try? handle.seek(toOffset: 0)
        isEmpty = true
    }

    deinit {
        try? handle?.close()
        if let url { try? FileManager.default.removeItem(at: url) }
    }
}
