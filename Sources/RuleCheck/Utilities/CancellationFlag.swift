import Synchronization

/// Tells long work to stop: a batch check looks at it before each record, a batch of form edits
/// before each edit and while one re-evaluates many fields. Set from any thread; looking at it is
/// one atomic load.
///
/// ```swift
/// let cancellation = CancellationFlag()
/// var options = BatchCheck.Options(jobs: 1)
/// options.cancellation = cancellation
/// // on another thread, when the answer is no longer wanted:
/// cancellation.cancel()     // the check throws CancellationError before its next record
/// ```
///
/// Swift's own task cancellation does not reach work that runs on threads of its own (as checks
/// and edits do in `rulecheck serve`, off the cooperative pool): this flag does, whoever runs it.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks the work to stop. Once set, the flag stays set.
    public func cancel() {
        flag.store(true, ordering: .relaxed)
    }

    /// Whether ``cancel()`` has been called.
    @inline(__always)
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
