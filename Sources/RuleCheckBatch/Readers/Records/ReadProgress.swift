import Synchronization

/// How far a ``RecordReader`` has read, safe to poll from any thread (for a progress bar).
///
/// ```swift
/// let progress = reader.progress
/// if let total = progress.totalBytes, total > 0 {
///     print("\(100 * progress.bytesRead / total)%")
/// }
/// ```
public final class ReadProgress: Sendable {
    private let counter = Atomic<Int64>(0)

    /// The input's size when it is a regular file; nil for pipes and standard input.
    public let totalBytes: Int64?

    init(totalBytes: Int64?) {
        self.totalBytes = totalBytes
    }

    /// Bytes read from the input so far.
    public var bytesRead: Int64 { counter.load(ordering: .relaxed) }

    func add(_ count: Int) {
        counter.add(Int64(count), ordering: .relaxed)
    }
}
