import Foundation
import RuleCheck
import Synchronization

/// A form a client drives through the API, with what the server keeps beside it.
struct FormSession: Sendable {
    let id: String
    /// The rule set's name and version the form was made with.
    let rulesName: String
    let version: String
    var form: Form
    /// The metadata of every field as the client was last told it, so that an answer to edits
    /// carries only the metadata that changed.
    var metadata: [String: FieldMetadata]
    /// The version of the draft this is (``Draft/version``): its `ETag`.
    var revision: Int64
    /// When the draft was made (milliseconds since 1970).
    var created: Int64
    /// When the draft was made under other rules than ``version``: `{"from": …, "to": …,
    /// "dropped": […]}`, which answers show as `rules_changed` until the next edit is kept.
    var rulesChange: JSONValue?

    init(id: String, rulesName: String, version: String, form: Form, revision: Int64 = 1, created: Int64 = 0) {
        self.id = id
        self.rulesName = rulesName
        self.version = version
        self.form = form
        self.revision = revision
        self.created = created
        metadata = FormDescription.metadata(form)
    }

    /// An estimate of the bytes the session takes: the form's (``RuleCheck/Form/footprint``) and
    /// the metadata kept beside it (one entry per field and list item's field).
    ///
    /// - Complexity: O(the form's slots).
    var bytes: Int {
        var bytes = form.footprint.bytes
        bytes += HeapEstimate.buffer(
            capacity: metadata.capacity, element: MemoryLayout<String>.stride + MemoryLayout<FieldMetadata>.stride)
        for (path, cell) in metadata {
            bytes += HeapEstimate.bytes(of: path)
            bytes += HeapEstimate.buffer(capacity: cell.options.capacity, element: MemoryLayout<ChoiceOption>.stride)
        }
        return bytes
    }
}

/// The live server-side forms: at most ``limit`` of them, each taking at most ``maxFormBytes`` and
/// all together at most ``maxBytes`` (as ``FormSession/bytes`` estimates them), each dropped after
/// ``idleTimeout`` without a request.
///
/// ```swift
/// let store = FormStore(limit: 100, idleTimeout: .seconds(1800), maxFormBytes: 16 << 20, maxBytes: 512 << 20)
/// let id = try store.insert(rulesName: "osago_policy", version: "…", form: Form(rules))
/// try store.withSession(id) { session in
///     try session.form.set("vin", to: "XTA…")
///     try store.resize(session)        // 413 or 503 when it grew too much: undo the change
/// }
/// store.bytesInUse    // what every live form takes, as last measured: one atomic load
/// ```
///
/// Each form has its own lock: edits of different forms run at once, edits of one form in turn.
final class FormStore: Sendable {
    let limit: Int
    let idleTimeout: Duration
    /// The most bytes one form may take; nil: no limit.
    let maxFormBytes: Int?
    /// The most bytes the live forms may take together; nil: no limit.
    let maxBytes: Int?
    private let state = Mutex(State())
    private let clock: @Sendable () -> ContinuousClock.Instant
    /// Copies of ``State/bytes`` and of the number of forms, for reading without the lock.
    private let bytesGauge = Atomic<Int>(0)
    private let countGauge = Atomic<Int>(0)

    private struct State {
        var slots: [String: Slot] = [:]
        /// The bytes of every live form, as last measured, and their sum.
        var bytesByForm: [String: Int] = [:]
        var bytes = 0

        /// Removes a form and what it was counted for; whether there was one.
        mutating func drop(_ id: String) -> Bool {
            guard slots.removeValue(forKey: id) != nil else { return false }
            bytes -= bytesByForm.removeValue(forKey: id) ?? 0
            return true
        }
    }

    /// One form and when it was last used.
    private final class Slot: Sendable {
        let session: Mutex<FormSession>
        let lastUsed: Mutex<ContinuousClock.Instant>

        init(_ session: FormSession, now: ContinuousClock.Instant) {
            self.session = Mutex(session)
            lastUsed = Mutex(now)
        }
    }

    init(
        limit: Int, idleTimeout: Duration, maxFormBytes: Int? = nil, maxBytes: Int? = nil,
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.limit = max(1, limit)
        self.idleTimeout = idleTimeout
        self.maxFormBytes = maxFormBytes
        self.maxBytes = maxBytes
        self.clock = clock
    }

    /// The live forms (those idle too long included, until they are purged).
    var count: Int { countGauge.load(ordering: .relaxed) }

    /// The bytes the live forms take together, as last measured (after each request that made or
    /// changed one): what a metrics endpoint shows.
    var bytesInUse: Int { bytesGauge.load(ordering: .relaxed) }

    /// Adds a form; forms idle too long are dropped first.
    ///
    /// - Returns: its id (32 random hex digits).
    /// - Throws: ``APIError`` `form_too_large` when it takes more than ``maxFormBytes``,
    ///   `too_many_forms` when ``limit`` forms are live, `forms_memory_full` when it would take the
    ///   live forms past ``maxBytes``.
    func insert(rulesName: String, version: String, form: Form) throws(APIError) -> String {
        let session = FormSession(id: Draft.newID(), rulesName: rulesName, version: version, form: form)
        try insert(session)
        return session.id
    }

    /// Adds a session (a form just made, or a draft read back); forms idle too long are dropped first.
    ///
    /// - Throws: as ``insert(rulesName:version:form:)``.
    func insert(_ session: FormSession) throws(APIError) {
        purge()
        let id = session.id
        let bytes = session.bytes
        if let maxFormBytes, bytes > maxFormBytes { throw .formTooLarge(bytes: bytes, limit: maxFormBytes) }
        let slot = Slot(session, now: clock())
        let refusal: APIError? = withState { state in
            // A form held already (read back twice at once) is replaced, not counted twice.
            let old = state.bytesByForm[id]
            guard old != nil || state.slots.count < limit else { return .tooManyForms(limit: limit) }
            if let maxBytes, state.bytes - (old ?? 0) + bytes > maxBytes { return .formsMemoryFull(limit: maxBytes) }
            state.slots[id] = slot
            state.bytesByForm[id] = bytes
            state.bytes += bytes - (old ?? 0)
            return nil
        }
        if let refusal { throw refusal }
    }

    /// The session with this id as last kept, if it is held and not idle too long (a copy: change
    /// it, and ``keep(_:)`` it once its draft is written).
    func cached(_ id: String) -> FormSession? {
        let now = clock()
        guard let slot = state.withLock({ $0.slots[id] }), now - slot.lastUsed.withLock({ $0 }) <= idleTimeout else {
            return nil
        }
        slot.lastUsed.withLock { $0 = now }
        return slot.session.withLock { $0 }
    }

    /// Holds `session` as the latest of its form, unless a later version is held already: a
    /// session just written to the draft store, or read from it.
    ///
    /// - Throws: as ``insert(_:)`` when the form was not held (the caller decides whether a
    ///   session that is not cached is an error).
    func keep(_ session: FormSession) throws(APIError) {
        let now = clock()
        if let slot = state.withLock({ $0.slots[session.id] }) {
            slot.lastUsed.withLock { $0 = now }
            slot.session.withLock { held in
                if held.revision <= session.revision { held = session }
            }
            try? resize(session)
        } else {
            try insert(session)
        }
    }

    /// Runs `body` on the form with this id, alone.
    ///
    /// - Throws: ``APIError`` `form_not_found`, or what `body` throws.
    func withSession<Result: Sendable>(_ id: String, _ body: (inout FormSession) throws -> Result) throws -> Result {
        let now = clock()
        let slot = state.withLock { $0.slots[id] }
        guard let slot, now - slot.lastUsed.withLock({ $0 }) <= idleTimeout else { throw APIError.formNotFound(id) }
        slot.lastUsed.withLock { $0 = now }
        return try slot.session.withLock { try body(&$0) }
    }

    /// Measures a session after a change, from ``withSession(_:_:)`` and before the change is
    /// kept, and records what it takes now.
    ///
    /// - Throws: ``APIError`` `form_too_large` when it takes more than ``maxFormBytes``,
    ///   `forms_memory_full` when it grew and the live forms would take more than ``maxBytes``;
    ///   nothing is recorded then (undo the change). A form that shrinks is always let through.
    func resize(_ session: FormSession) throws(APIError) {
        let bytes = session.bytes
        let id = session.id
        let refusal: APIError? = withState { state in
            // A form dropped meanwhile (DELETE, idle) is no longer counted.
            guard let old = state.bytesByForm[id] else { return nil }
            if bytes > old {
                if let maxFormBytes, bytes > maxFormBytes { return .formTooLarge(bytes: bytes, limit: maxFormBytes) }
                if let maxBytes, state.bytes - old + bytes > maxBytes { return .formsMemoryFull(limit: maxBytes) }
            }
            state.bytesByForm[id] = bytes
            state.bytes += bytes - old
            return nil
        }
        if let refusal { throw refusal }
    }

    /// Drops a form.
    ///
    /// - Returns: whether there was one with this id.
    @discardableResult
    func remove(_ id: String) -> Bool {
        withState { state in state.drop(id) }
    }

    /// Drops every form idle longer than ``idleTimeout``.
    ///
    /// - Returns: how many were dropped.
    @discardableResult
    func purge() -> Int {
        let now = clock()
        return withState { state in
            let expired = state.slots.filter { now - $0.value.lastUsed.withLock({ $0 }) > idleTimeout }.map(\.key)
            for id in expired { _ = state.drop(id) }
            return expired.count
        }
    }

    /// Changes the state under its lock, and updates the gauges.
    private func withState<Value>(_ body: (inout State) -> Value) -> Value {
        state.withLock { state in
            let value = body(&state)
            bytesGauge.store(state.bytes, ordering: .relaxed)
            countGauge.store(state.slots.count, ordering: .relaxed)
            return value
        }
    }
}
