import Foundation
@testable import RuleCheckServer
import Synchronization
import Testing

/// The store's deadline holds when the operation does not answer to cancellation (PostgreSQL
/// stopped under load: a query on a dropped connection kept an edit, and the form's lock, waiting
/// for ever).
@Suite struct StoreDeadlineTests {
    /// A gate an operation waits at without looking at cancellation; it opens when told, or by
    /// itself after `fallback` (so that a deadline that waits for the operation ends the test
    /// with a failure rather than a hang).
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        init(fallback: Duration) {
            Task { [weak self] in
                try? await Task.sleep(for: fallback)
                self?.open()
            }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    if !state.open { state.waiting.append(continuation) }
                    return state.open
                }
                if open { continuation.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    @Test func theDeadlineAnswersWhileTheOperationStillWaits() async throws {
        let gate = Gate(fallback: .seconds(20))
        let finished = Atomic<Bool>(false)
        let error = await #expect(throws: DraftStoreError.self) {
            try await StoreDeadline.run(within: .milliseconds(50), timedOut: DraftStoreError("no answer")) {
                () async throws(DraftStoreError) in
                await gate.wait()
                finished.store(true, ordering: .sequentiallyConsistent)
                return 1
            }
        }
        #expect(error?.message == "no answer")
        // The caller has its answer; the operation is still at the gate.
        #expect(finished.load(ordering: .sequentiallyConsistent) == false)
        gate.open()
    }

    @Test func anAnswerOrAnErrorBeforeTheDeadlineIsPassedOn() async throws {
        let value = try await StoreDeadline.run(within: .seconds(60), timedOut: DraftStoreError("no answer")) {
            () async throws(DraftStoreError) in 7
        }
        #expect(value == 7)
        let error = await #expect(throws: DraftStoreError.self) {
            try await StoreDeadline.run(within: .seconds(60), timedOut: DraftStoreError("no answer")) {
                () async throws(DraftStoreError) -> Int in throw DraftStoreError("refused")
            }
        }
        #expect(error?.message == "refused")
    }

    @Test func aCancelledCallerIsAnsweredAtOnce() async throws {
        let gate = Gate(fallback: .seconds(20))
        let finished = Atomic<Bool>(false)
        let caller = Task {
            try await StoreDeadline.run(within: .seconds(60), timedOut: DraftStoreError("no answer")) {
                () async throws(DraftStoreError) -> Int in
                await gate.wait()
                finished.store(true, ordering: .sequentiallyConsistent)
                return 1
            }
        }
        caller.cancel()
        let result = await caller.result
        #expect(throws: DraftStoreError.self) { try result.get() }
        #expect(finished.load(ordering: .sequentiallyConsistent) == false)
        gate.open()
    }
}
