import Synchronization

/// One lock per form id, for tasks: the edits of one form in this process take turns (in
/// order), so that they never race each other's compare-and-set; edits of other forms, and other
/// servers, go on meanwhile (the version check is what orders those).
///
/// ```swift
/// try await locks.withLock(id) { try await edit(id) }
/// ```
final class FormLocks: Sendable {
    /// The ids held, each with the tasks waiting for it, first come first.
    private let held = Mutex<[String: [CheckedContinuation<Void, Never>]]>([:])

    init() {}

    /// Runs `body` holding the lock of `id`.
    func withLock<Value: Sendable>(_ id: String, _ body: () async throws -> Value) async throws -> Value {
        await lock(id)
        defer { unlock(id) }
        try Task.checkCancellation()
        return try await body()
    }

    /// How many ids are held (tests).
    var count: Int { held.withLock { $0.count } }

    private func lock(_ id: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = held.withLock { held in
                guard held[id] != nil else {
                    held[id] = []
                    return true
                }
                held[id, default: []].append(continuation)
                return false
            }
            if acquired { continuation.resume() }
        }
    }

    private func unlock(_ id: String) {
        let next = held.withLock { held -> CheckedContinuation<Void, Never>? in
            guard var waiting = held[id], !waiting.isEmpty else {
                held[id] = nil
                return nil
            }
            let first = waiting.removeFirst()
            held[id] = waiting
            return first
        }
        next?.resume()
    }
}
