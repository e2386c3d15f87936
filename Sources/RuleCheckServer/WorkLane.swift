import Dispatch
import Foundation
import Synchronization

/// One place of a ``WorkQueue``: a thread of its own that runs the jobs handed to it, one at a
/// time. The thread starts with the first job, waits for the next, and ends after ``idleTimeout``
/// without one (the next job starts another).
///
/// ```swift
/// let lane = WorkLane(name: "rulecheck.work.0")
/// lane.run { check(body) }        // returns at once; the job runs on the lane's thread
/// ```
///
/// Threads of its own, not Dispatch's: on Linux, Dispatch's pools keep about as many threads
/// running as the machine has cores, for the whole process, so a job that had its place could
/// still wait behind other work, past its time limit.
final class WorkLane: Sendable {
    let name: String
    /// How long the thread waits for a job before it ends.
    let idleTimeout: DispatchTimeInterval
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    private struct State {
        var job: (@Sendable () -> Void)?
        var hasThread = false
        var retired = false
    }

    init(name: String, idleTimeout: DispatchTimeInterval = .seconds(10)) {
        self.name = name
        self.idleTimeout = idleTimeout
    }

    /// Hands `job` to the lane's thread (starting one if there is none). The lane must be free:
    /// ``WorkQueue`` gives each lane one job at a time.
    func run(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state in
            state.job = job
            defer { state.hasThread = true }
            return !state.hasThread
        }
        guard start else {
            wake.signal()
            return
        }
        let thread = Thread { [self] in serve() }
        thread.name = name
        // As the batch checker's threads: deep (but limited) recursion such as JSON parsing is safe.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Ends the lane's thread once its job is done (a ``WorkQueue`` gave the lane's place to
    /// another): called from that job, on the lane's thread.
    func retire() {
        state.withLock { $0.retired = true }
    }

    /// The thread's loop: run the job handed over, or wait for one, or end after waiting too long.
    private func serve() {
        while true {
            if let job = state.withLock({ state in
                defer { state.job = nil }; return state.job
            }) {
                job()
                if state.withLock({ $0.retired }) { return }
                continue
            }
            guard wake.wait(timeout: .now() + idleTimeout) == .timedOut else { continue }
            let ends = state.withLock { state in
                guard state.job == nil else { return false }
                state.hasThread = false
                return true
            }
            if ends { return }
        }
    }
}
