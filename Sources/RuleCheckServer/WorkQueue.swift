import Dispatch
import Synchronization

/// Runs CPU-bound work (checking a request's records, compiling a rules file) on Dispatch's
/// threads rather than Swift's cooperative pool, with a bounded number of jobs at once.
///
/// ```swift
/// let queue = WorkQueue(limit: 8)
/// let report = try await queue.run { try check(bytes) }   // 503 "busy" past the limit
/// ```
///
/// A waiting task that is cancelled (its request ran out of time) returns at once with
/// `CancellationError`; the job itself runs to its end, which the body limit keeps short, and
/// counts against the limit until then — so memory stays bounded however many requests time out.
final class WorkQueue: Sendable {
    private let limit: Int
    private let running = Mutex(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `work` on another thread and waits for its result.
    ///
    /// - Throws: ``APIError`` `busy` when `limit` jobs are running; `CancellationError` when the
    ///   calling task is cancelled first; or what `work` throws.
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let admitted = running.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else { throw APIError.busy() }
        let waiter = Waiter<Result>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.wait(with: continuation)
                DispatchQueue.global().async {
                    let result = Swift.Result { try work() }
                    self.running.withLock { $0 -= 1 }
                    waiter.finish(result)
                }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
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
