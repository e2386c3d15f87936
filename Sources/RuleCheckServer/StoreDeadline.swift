import Synchronization

/// A store operation with a deadline that holds even when the operation does not answer to
/// cancellation: a PostgreSQL query on a connection the database dropped mid-shutdown may wait on
/// its socket long after it was cancelled. At the deadline (or when the caller is cancelled) the
/// caller gets its error at once, and the operation is cancelled and left to end on its own — it
/// holds no form lock then, so the form's next edit is answered too.
///
/// A task group would not do: it waits for every child, the cancelled one included.
///
/// ```swift
/// let row = try await StoreDeadline.run(within: .seconds(5), timedOut: DraftStoreError("no answer")) {
///     try await query()
/// }
/// ```
package enum StoreDeadline {
    /// Runs `operation`, or throws `timedOut` after `timeout`; an error the operation throws is
    /// passed on as it is.
    package static func run<Value: Sendable>(
        within timeout: Duration, timedOut: DraftStoreError,
        _ operation: @escaping @Sendable () async throws(DraftStoreError) -> Value
    ) async throws(DraftStoreError) -> Value {
        let race = Race<Value>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, DraftStoreError>, Never>) in
                race.start(continuation)
                let work = Task {
                    do throws(DraftStoreError) {
                        race.finish(.success(try await operation()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    race.finish(.failure(timedOut))
                }
                race.hold(work, timer)
            }
        } onCancel: {
            race.finish(.failure(DraftStoreError("the request was cancelled before the store answered")))
        }
        return try result.get()
    }

    /// Who answers first — the operation, the timer or the caller's cancellation — resumes the
    /// caller; the others find the race over. Whatever ends it cancels both tasks.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<Value, DraftStoreError>, Never>?
            /// An answer that came before the caller waited (a cancelled caller).
            var early: Result<Value, DraftStoreError>?
            var over = false
            var tasks: [Task<Void, Never>] = []
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<Result<Value, DraftStoreError>, Never>) {
            let early = state.withLock { state -> Result<Value, DraftStoreError>? in
                guard let early = state.early else {
                    state.continuation = continuation
                    return nil
                }
                state.early = nil
                return early
            }
            if let early { continuation.resume(returning: early) }
        }

        func hold(_ work: Task<Void, Never>, _ timer: Task<Void, Never>) {
            let over = state.withLock { state in
                if !state.over { state.tasks = [work, timer] }
                return state.over
            }
            if over {
                work.cancel()
                timer.cancel()
            }
        }

        func finish(_ result: Result<Value, DraftStoreError>) {
            let (continuation, tasks) = state.withLock {
                state -> (CheckedContinuation<Result<Value, DraftStoreError>, Never>?, [Task<Void, Never>]) in
                guard !state.over else { return (nil, []) }
                state.over = true
                let continuation = state.continuation
                state.continuation = nil
                if continuation == nil { state.early = result }
                let tasks = state.tasks
                state.tasks = []
                return (continuation, tasks)
            }
            for task in tasks { task.cancel() }
            continuation?.resume(returning: result)
        }
    }
}
