import Foundation
import Synchronization

/// The requests under way and when each must be answered by. One ticker cancels the ones past
/// their time — rather than a timer per request: a cancelled `Task.sleep` keeps its timer until
/// the time it would have woken, which at thousands of requests a second and a 10-second limit
/// held a hundred and more megabytes.
///
/// ```swift
/// let deadlines = Deadlines(tick: .milliseconds(50))
/// let answer = try await deadlines.run(within: .seconds(10)) { try await route(request) }
/// ```
///
/// The ticker runs only while requests are under way, on a thread of its own: it cancels on time
/// even when Swift's cooperative pool (or Dispatch's) is busy.
final class Deadlines: Sendable {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let cancel: @Sendable () -> Void
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var ticking = false
    }

    /// How often deadlines are looked at: a request is answered at most this late.
    let tick: Duration
    private let state = Mutex(State())

    init(tick: Duration = .milliseconds(50)) {
        self.tick = tick
    }

    /// How many requests are under way.
    var count: Int { state.withLock { $0.entries.count } }

    /// Runs `work` in a task of its own, cancelled once `limit` has passed.
    ///
    /// - Throws: ``APIError`` `time_limit` when the work was cancelled (by its deadline, or because
    ///   the caller was); otherwise what `work` throws.
    func run<Value: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = Task { try await work() }
        let deadline = ContinuousClock.now + limit
        let (id, startTicking) = state.withLock { state in
            state.nextID += 1
            state.entries[state.nextID] = Entry(deadline: deadline, cancel: { task.cancel() })
            defer { state.ticking = true }
            return (state.nextID, !state.ticking)
        }
        if startTicking {
            let ticker = Thread { [self] in ticking() }
            ticker.name = "rulecheck.deadlines"
            ticker.start()
        }
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
        switch result {
        case .success(let value): return value
        case .failure(let error as CancellationError): throw task.isCancelled ? APIError.timeLimit(limit) : error
        case .failure(let error): throw error
        }
    }

    /// Cancels what is past its deadline, every ``tick``, until nothing is under way.
    private func ticking() {
        let (seconds, attoseconds) = tick.components
        let interval = Double(seconds) + Double(attoseconds) / 1e18
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = ContinuousClock.now
            let (expired, stop) = state.withLock { state in
                let expired = state.entries.filter { $0.value.deadline <= now }
                for id in expired.keys { state.entries.removeValue(forKey: id) }
                if state.entries.isEmpty { state.ticking = false }
                return (expired.values.map(\.cancel), state.entries.isEmpty)
            }
            for cancel in expired { cancel() }
            if stop { return }
        }
    }
}
