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

    init(id: String, rulesName: String, version: String, form: Form) {
        self.id = id
        self.rulesName = rulesName
        self.version = version
        self.form = form
        metadata = FormDescription.metadata(form)
    }
}

/// The live server-side forms: at most ``limit`` of them, each dropped after ``idleTimeout``
/// without a request.
///
/// ```swift
/// let store = FormStore(limit: 100, idleTimeout: .seconds(1800))
/// let id = try store.insert(rulesName: "osago_policy", version: "…", form: Form(rules))
/// try store.withSession(id) { try $0.form.set("vin", to: "XTA…") }
/// ```
///
/// Each form has its own lock: edits of different forms run at once, edits of one form in turn.
final class FormStore: Sendable {
    let limit: Int
    let idleTimeout: Duration
    private let sessions = Mutex<[String: Slot]>([:])
    private let clock: @Sendable () -> ContinuousClock.Instant

    /// One form and when it was last used.
    private final class Slot: Sendable {
        let session: Mutex<FormSession>
        let lastUsed: Mutex<ContinuousClock.Instant>

        init(_ session: FormSession, now: ContinuousClock.Instant) {
            self.session = Mutex(session)
            lastUsed = Mutex(now)
        }
    }

    init(limit: Int, idleTimeout: Duration, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.limit = max(1, limit)
        self.idleTimeout = idleTimeout
        self.clock = clock
    }

    var count: Int { sessions.withLock { $0.count } }

    /// Adds a form; forms idle too long are dropped first.
    ///
    /// - Returns: its id (32 random hex digits).
    /// - Throws: ``APIError`` `too_many_forms` when ``limit`` forms are live.
    func insert(rulesName: String, version: String, form: Form) throws(APIError) -> String {
        purge()
        let id = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let slot = Slot(FormSession(id: id, rulesName: rulesName, version: version, form: form), now: clock())
        let added = sessions.withLock { sessions in
            guard sessions.count < limit else { return false }
            sessions[id] = slot
            return true
        }
        guard added else { throw .tooManyForms(limit: limit) }
        return id
    }

    /// Runs `body` on the form with this id, alone.
    ///
    /// - Throws: ``APIError`` `form_not_found`, or what `body` throws.
    func withSession<Result: Sendable>(_ id: String, _ body: (inout FormSession) throws -> Result) throws -> Result {
        let now = clock()
        let slot = sessions.withLock { $0[id] }
        guard let slot, now - slot.lastUsed.withLock({ $0 }) <= idleTimeout else { throw APIError.formNotFound(id) }
        slot.lastUsed.withLock { $0 = now }
        return try slot.session.withLock { try body(&$0) }
    }

    /// Drops a form.
    ///
    /// - Returns: whether there was one with this id.
    @discardableResult
    func remove(_ id: String) -> Bool {
        sessions.withLock { $0.removeValue(forKey: id) != nil }
    }

    /// Drops every form idle longer than ``idleTimeout``.
    ///
    /// - Returns: how many were dropped.
    @discardableResult
    func purge() -> Int {
        let now = clock()
        return sessions.withLock { sessions in
            let expired = sessions.filter { now - $0.value.lastUsed.withLock({ $0 }) > idleTimeout }.map(\.key)
            for id in expired { sessions.removeValue(forKey: id) }
            return expired.count
        }
    }
}
