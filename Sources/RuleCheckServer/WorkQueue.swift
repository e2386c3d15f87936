import Foundation
import Patterns
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
/// **Long jobs step aside.** With a ``slice``, a job still running after that long gives up its
/// place: the place gets a new thread for the jobs waiting, and the long job finishes on its old
/// thread, which then ends. So a flood of slow requests — a regex that runs to PCRE2's limit on
/// every value — cannot hold every place while quick requests wait their turn behind it: they
/// share the processor with it, as the system schedules threads, until each slow one reaches its
/// time limit. At most ``maxAside`` jobs are aside at once; beyond that a long job keeps its place.
///
/// (Aside jobs keep their priority. At `nice` 19 quick requests got four times the throughput
/// under a flood, but a legitimate long request starved whenever other processes kept the
/// machine busy: its p99 went from 23 ms to 914 ms under a build — Docs/performance-record.md, "Under abuse".)
///
/// A task that is cancelled (its request ran out of time) stops waiting at once with
/// `CancellationError`, whether its job has not started or is running. A running job is told to
/// stop through the ``CancellationFlag`` it is given — the batch check looks at it before every
/// record, a batch of edits before every edit — and holds its place until it has stopped, so the
/// threads and the memory in use stay bounded however many requests time out.
final class WorkQueue: Sendable {
    let limit: Int
    let maxWaiting: Int
    /// How long a job runs in its place before it steps aside; nil: never.
    let slice: Duration?
    /// How many jobs may be aside at once.
    let maxAside: Int
    private let state: Mutex<State>

    /// What becomes of a job handed to the queue.
    private enum Admission { case start(Int), queued, busy }

    /// A job that waits its turn.
    private struct Job: Sendable {
        let ticket: Int
        let run: @Sendable () -> Void
    }

    /// The job a lane's thread runs now.
    private struct Running {
        let ticket: Int
        let since: ContinuousClock.Instant
    }

    private struct State {
        /// The thread of each place; a place whose job steps aside gets a new one.
        var lanes: [WorkLane]
        /// The lanes no job holds.
        var free: [Int]
        var nextTicket = 0
        /// Jobs waiting for a lane, in arrival order.
        var waiting: [Job] = []
        /// What each lane runs now.
        var running: [Int: Running] = [:]
        /// The tickets of the jobs that stepped aside and are still running.
        var aside: Set<Int> = []
        /// Whether the thread that looks for long jobs runs.
        var watching = false
    }

    init(limit: Int, maxWaiting: Int = 0, slice: Duration? = nil, maxAside: Int? = nil) {
        self.limit = max(1, limit)
        self.maxWaiting = max(0, maxWaiting)
        self.slice = slice
        self.maxAside = max(0, maxAside ?? 8 * self.limit)
        state = Mutex(
            State(
                lanes: (0..<self.limit).map { WorkLane(name: "rulecheck.work.\($0)") },
                free: Array((0..<self.limit).reversed())))
    }

    /// How many jobs wait their turn now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// How many jobs stepped aside and still run.
    var asideCount: Int { state.withLock { $0.aside.count } }

    /// Runs `work` on another thread when its turn comes, and waits for its result.
    ///
    /// - Parameters:
    ///   - maxRegexLimitHits: how many of the job's regex matches may run into PCRE2's match
    ///     limit; one more stops the job (its flag is set, its regexes stop) and it fails with
    ///     ``APIError`` `regex_budget`. Nil: any number (the time limit still bounds the job).
    ///   - work: the job; it is given a flag that is set when the calling task is cancelled, and
    ///     should stop soon after (its place is taken until it returns). Its regex matches stop at
    ///     once when the flag is set.
    /// - Throws: ``APIError`` `busy` when `limit` jobs run and `maxWaiting` wait, `regex_budget`
    ///   past `maxRegexLimitHits`; `CancellationError`
    ///   when the calling task is cancelled first; or what `work` throws.
    func run<Result: Sendable>(
        maxRegexLimitHits: Int? = nil, _ work: @escaping @Sendable (CancellationFlag) throws -> Result
    ) async throws -> Result {
        let waiter = Waiter<Result>()
        let cancellation = CancellationFlag()
        // Every regex match of the job looks at the flag first: a cancelled job stops at its next
        // match, inside a record, not only between records (MatchBudget).
        let budget = MatchBudget(
            maxLimitHits: maxRegexLimitHits, isCancelled: { cancellation.isCancelled }, onExhausted: { cancellation.cancel() })
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
                    let result = Swift.Result { try budget.run { try work(cancellation) } }
                    // Past its regex budget the job stopped (its result, if any, is missing findings).
                    if budget.isExhausted, let limit = maxRegexLimitHits {
                        return waiter.finish(.failure(APIError.regexBudget(limit: limit)))
                    }
                    waiter.finish(result)
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
            // Answered first, then told to stop: a job that sees the flag and returns at once
            // must not answer in its place (a cancelled request ends in CancellationError).
            waiter.finish(.failure(CancellationError()))
            cancellation.cancel()
            state.withLock { state in state.waiting.removeAll { $0.ticket == ticket } }
        }
    }

    /// Runs `work`, which does not look at cancellation, as the other `run` does.
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await run { (_: CancellationFlag) in try work() }
    }

    /// Runs `job` on `lane`, then every job that waits, in turn, until none does; then frees the
    /// lane. A job that stepped aside meanwhile ends the loop, and its thread: the lane has another.
    private func start(_ job: Job, on lane: Int) {
        let (thread, watch) = state.withLock { state in
            state.running[lane] = Running(ticket: job.ticket, since: .now)
            defer { if slice != nil { state.watching = true } }
            return (state.lanes[lane], slice != nil && !state.watching)
        }
        if watch { startWatching() }
        thread.run { [self] in
            var next: Job? = job
            while let current = next {
                current.run()
                next = state.withLock { state in
                    if state.aside.remove(current.ticket) != nil { return nil }
                    guard !state.waiting.isEmpty else {
                        state.running[lane] = nil
                        state.free.append(lane)
                        return nil
                    }
                    let following = state.waiting.removeFirst()
                    state.running[lane] = Running(ticket: following.ticket, since: .now)
                    return following
                }
            }
            if state.withLock({ state in state.lanes[lane] !== thread }) { thread.retire() }
        }
    }

    /// Looks for jobs past their slice every half slice while any job runs, and sets them aside.
    private func startWatching() {
        guard let slice else { return }
        let (seconds, attoseconds) = (slice / 2).components
        let interval = Double(seconds) + Double(attoseconds) / 1e18
        let watcher = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                guard setAsideLongJobs(olderThan: slice) else { return }
            }
        }
        watcher.name = "rulecheck.work.watch"
        watcher.start()
    }

    /// Sets aside the jobs that have run longer than `slice` (as many as ``maxAside`` allows):
    /// each lane gets a new thread, which starts the next waiting job (or the lane is free).
    /// Returns whether the watch goes on (some job runs, or is about to start).
    private func setAsideLongJobs(olderThan slice: Duration) -> Bool {
        let now = ContinuousClock.now
        let (started, goOn): ([(lane: Int, job: Job)], Bool) = state.withLock { state in
            var started: [(lane: Int, job: Job)] = []
            for (lane, running) in state.running.sorted(by: { $0.key < $1.key })
            where now - running.since > slice && state.aside.count < maxAside {
                state.aside.insert(running.ticket)
                state.running[lane] = nil
                state.lanes[lane] = WorkLane(name: "rulecheck.work.\(lane)")
                if state.waiting.isEmpty {
                    state.free.append(lane)
                } else {
                    started.append((lane, state.waiting.removeFirst()))
                }
            }
            let goOn = !state.running.isEmpty || !started.isEmpty
            if !goOn { state.watching = false }
            return (started, goOn)
        }
        for (lane, job) in started { start(job, on: lane) }
        return goOn
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
