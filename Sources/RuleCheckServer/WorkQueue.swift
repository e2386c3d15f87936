import RuleCheck
import Synchronization

/// Runs CPU-bound work (checking a request's records, applying its edits) on threads of its own
/// rather than Swift's cooperative pool or the event loop: at most ``limit`` jobs at once, and at
/// most ``maxWaiting`` more waiting their turn, in order.
///
/// ```swift
/// let queue = WorkQueue(limit: 2, maxWaiting: 256)
/// let report = try await queue.run { cancellation in try check(bytes, cancellation) }   // 503 "busy" when the line is full
/// ```
///
/// Each place is a ``WorkLane``, a thread of the queue's own: a job that has its place runs at
/// once, whatever else the process does, and a lane that finishes a job takes the next one waiting
/// on the same thread, without a hand-off.
///
/// A task that is cancelled (its request ran out of time) stops waiting at once with
/// `CancellationError`, whether its job has not started or is running. A running job is told to
/// stop through the ``CancellationFlag`` it is given — the batch check looks at it before every
/// record, a batch of edits before every edit — and holds its place until it has stopped, so the
/// threads and the memory in use stay bounded however many requests time out.
final class WorkQueue: Sendable {
    let limit: Int
    let maxWaiting: Int
    private let lanes: [WorkLane]
    private let state: Mutex<State>

    /// What becomes of a job handed to the queue.
    private enum Admission { case start(Int), queued, busy }

    /// A job that waits its turn.
    private struct Job: Sendable {
        let ticket: Int
        let run: @Sendable () -> Void
    }

    private struct State {
        /// The lanes no job holds.
        var free: [Int]
        var nextTicket = 0
        /// Jobs waiting for a lane, in arrival order.
        var waiting: [Job] = []
    }

    init(limit: Int, maxWaiting: Int = 0) {
        self.limit = max(1, limit)
        self.maxWaiting = max(0, maxWaiting)
        lanes = (0..<self.limit).map { WorkLane(name: "rulecheck.work.\($0)") }
        state = Mutex(State(free: Array((0..<self.limit).reversed())))
    }

    /// How many jobs wait their turn now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Runs `work` on another thread when its turn comes, and waits for its result.
    ///
    /// - Parameter work: the job; it is given a flag that is set when the calling task is
    ///   cancelled, and should stop soon after (its place is taken until it returns).
    /// - Throws: ``APIError`` `busy` when `limit` jobs run and `maxWaiting` wait; `CancellationError`
    ///   when the calling task is cancelled first; or what `work` throws.
    func run<Result: Sendable>(_ work: @escaping @Sendable (CancellationFlag) throws -> Result) async throws -> Result {
        let waiter = Waiter<Result>()
        let cancellation = CancellationFlag()
        let ticket = state.withLock { state in
            state.nextTicket += 1
            return state.nextTicket
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.wait(with: continuation)
                // Cancelled before it was queued: answered already.
                guard !cancellation.isCancelled else { return }
                let job = Job(ticket: ticket) {
                    // A job cancelled while it was being queued does not start.
                    guard !cancellation.isCancelled else { return waiter.finish(.failure(CancellationError())) }
                    waiter.finish(Swift.Result { try work(cancellation) })
                }
                let admission: Admission = state.withLock { state in
                    if let lane = state.free.popLast() { return .start(lane) }
                    guard state.waiting.count < maxWaiting else { return .busy }
                    state.waiting.append(job)
                    return .queued
                }
                switch admission {
                case .start(let lane): start(job, on: lane)
                case .queued: break
                case .busy: waiter.finish(.failure(APIError.busy()))
                }
            }
        } onCancel: {
            cancellation.cancel()
            state.withLock { state in state.waiting.removeAll { $0.ticket == ticket } }
            waiter.finish(.failure(CancellationError()))
        }
    }

    /// Runs `work`, which does not look at cancellation, as the other `run` does.
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await run { (_: CancellationFlag) in try work() }
    }

    /// Runs `job` on `lane`, then every job that waits, in turn, until none does; then frees the lane.
    private func start(_ job: Job, on lane: Int) {
        lanes[lane].run { [self] in
            var next: Job? = job
            while let current = next {
                current.run()
                next = state.withLock { state in
                    guard !state.waiting.isEmpty else {
                        state.free.append(lane)
                        return nil
                    }
                    return state.waiting.removeFirst()
                }
            }
        }
    }
}

/// Resumes a continuation exactly once: with the job's result, or on cancellation, whichever
/// comes first (either may come before the continuation is stored).
private final class Waiter<Value: Sendable>: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Value, any Error>)
        case finished(Result<Value, any Error>)
        case done
    }

    private let state = Mutex(State.idle)

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            if case .finished(let result) = state {
                state = .done
                return result
            }
            state = .waiting(continuation)
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .idle:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .finished, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
