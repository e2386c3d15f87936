import Synchronization

/// The open connections of a server, and which of them are idle: at most ``limit`` at once.
///
/// ```swift
/// let connections = ConnectionRegistry(limit: 1024)
/// guard case .admitted(let id, _) = connections.open(close: { channel.close(promise: nil) }) else { … }
/// connections.busy(id)          // a request's head arrived
/// connections.idle(id)          // its answer is written
/// connections.closed(id)
/// ```
///
/// A connection over the limit makes room by closing the connection idle longest — a client that
/// sends nothing, or its headers a line at a time, holds no request — so that a flood of idle
/// connections cannot keep `/healthz` or anyone else out. When every connection has a request
/// under way, the new one is closed instead (a client retries; requests are bounded by the time
/// limit).
final class ConnectionRegistry: Sendable {
    private struct Entry {
        /// When the connection last had no request under way; nil while it has one.
        var idleSince: ContinuousClock.Instant?
        let close: @Sendable () -> Void
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var limit: Int
        var evictions = 0
    }

    /// What became of a new connection.
    enum Admission: Equatable {
        /// It is counted; `evicted`: the connection idle longest was closed to make room.
        case admitted(id: Int, evicted: Bool)
        /// Every connection has a request under way: close it.
        case refused
    }

    private let state: Mutex<State>
    private let queued = Atomic<Int>(0)
    private let held = Atomic<Int>(0)
    private let heldPeak = Atomic<Int>(0)

    init(limit: Int) {
        state = Mutex(State(limit: max(1, limit)))
    }

    /// How many connections may be open at once.
    var limit: Int {
        get { state.withLock { $0.limit } }
        set { state.withLock { $0.limit = max(1, newValue) } }
    }

    /// How many connections are open.
    var count: Int { state.withLock { $0.entries.count } }

    /// Bytes of answers handed to the connections and not yet taken by their sockets: what
    /// clients that do not read hold of the server's memory (`/metrics`).
    var queuedBytes: Int { queued.load(ordering: .relaxed) }

    /// `bytes` more (or, negative, fewer) answer bytes queued for writing on some connection.
    func queued(_ bytes: Int) {
        queued.add(bytes, ordering: .relaxed)
    }

    /// Requests read and decoded that wait in a connection's guard for earlier answers to be taken,
    /// every connection together (`/metrics`); and the most there ever were at once.
    var heldRequests: Int { held.load(ordering: .relaxed) }
    var heldRequestsPeak: Int { heldPeak.load(ordering: .relaxed) }

    /// `count` more (or, negative, fewer) requests held on some connection.
    func held(_ count: Int) {
        let now = held.add(count, ordering: .relaxed).newValue
        heldPeak.max(now, ordering: .relaxed)
    }

    /// How many connections were closed to make room, since the start.
    var evictions: Int { state.withLock { $0.evictions } }

    /// Counts a new connection, idle from now.
    ///
    /// - Parameter close: closes the connection (from any thread) should it be evicted.
    func open(close: @escaping @Sendable () -> Void, now: ContinuousClock.Instant = .now) -> Admission {
        let (admission, evicted) = state.withLock { state -> (Admission, (@Sendable () -> Void)?) in
            var evicted: (@Sendable () -> Void)?
            if state.entries.count >= state.limit {
                var oldest: (id: Int, since: ContinuousClock.Instant)?
                for (id, entry) in state.entries {
                    if let since = entry.idleSince, oldest.map({ since < $0.since }) ?? true { oldest = (id, since) }
                }
                guard let oldest else { return (.refused, nil) }
                evicted = state.entries.removeValue(forKey: oldest.id)?.close
                state.evictions += 1
            }
            state.nextID += 1
            state.entries[state.nextID] = Entry(idleSince: now, close: close)
            return (.admitted(id: state.nextID, evicted: evicted != nil), evicted)
        }
        evicted?()
        return admission
    }

    /// The connection has a request under way: it is not closed to make room.
    func busy(_ id: Int) {
        state.withLock { $0.entries[id]?.idleSince = nil }
    }

    /// The connection has answered every request it read.
    func idle(_ id: Int, now: ContinuousClock.Instant = .now) {
        state.withLock { $0.entries[id]?.idleSince = now }
    }

    /// The connection is closed (or was evicted: then nothing happens).
    func closed(_ id: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }
}
