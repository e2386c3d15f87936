import Foundation
import HTTPTypes
import Hummingbird
import RuleCheck

/// The forms' drafts: read from the draft store into the cache (``RuleServer/forms``) and written
/// back, a compare-and-set on the version, before a change is answered.
extension RuleServer {
    /// Now, in milliseconds since 1970.
    func now() -> Int64 { Draft.milliseconds(Date()) }

    /// When a draft written now expires.
    func expiry(from now: Int64) -> Int64 {
        let (seconds, attoseconds) = options.draftLifetime.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return .max }
        let (sum, overflow) = now.addingReportingOverflow(milliseconds.partialValue + attoseconds / 1_000_000_000_000_000)
        return overflow ? .max : sum
    }

    /// An `ETag` value: the version, quoted.
    static func etag(_ version: Int64) -> String { "\"\(version)\"" }

    /// The draft of a session, at its revision, written now.
    func draft(of session: FormSession, now: Int64) -> Draft {
        Draft(
            id: session.id, rulesID: session.rulesName, rulesFingerprint: session.version, version: session.revision,
            snapshot: DraftState.text(of: session.form), created: session.created, updated: now,
            expires: expiry(from: now))
    }

    /// Runs a draft store operation, timing it; a store that fails is a 503 `store_unavailable`.
    func stored<Value: Sendable>(
        _ operation: String, _ body: () async throws(DraftStoreError) -> Value
    ) async throws(APIError) -> Value {
        let start = ContinuousClock.now
        do {
            let value = try await body()
            metrics.stored(operation, duration: ContinuousClock.now - start, failed: false)
            return value
        } catch {
            metrics.stored(operation, duration: ContinuousClock.now - start, failed: true)
            throw .storeUnavailable()
        }
    }

    /// The form with this id as its draft is now: the cached session when it is at the draft's
    /// version, else the draft read back (and cached).
    ///
    /// - Throws: ``APIError`` `form_not_found` when there is no such draft (or it expired).
    func current(_ id: String) async throws -> FormSession {
        guard Draft.isWellFormed(id) else { throw APIError.formNotFound(id) }
        let now = now()
        guard let draft = try await stored("load", { () async throws(DraftStoreError) in try await drafts.load(id, now: now) })
        else {
            forms.remove(id)
            throw APIError.formNotFound(id)
        }
        if let cached = forms.cached(id), cached.revision == draft.version { return cached }
        let session = try await work.run { _ in try self.session(from: draft) }
        try? forms.keep(session)
        return session
    }

    /// The cached session of this id if there is one (perhaps behind its draft: a write finds
    /// out), else ``current(_:)``.
    func cachedOrCurrent(_ id: String) async throws -> FormSession {
        if let cached = forms.cached(id) { return cached }
        return try await current(id)
    }

    /// A session rebuilt from its draft, under the rules of its name as they are now: through the
    /// snapshot path, as `POST /v1/forms` restores a snapshot. Under other rules than the draft
    /// was written with, ``FormSession/rulesChange`` says so, with what was dropped.
    private func session(from draft: Draft) throws -> FormSession {
        let (entry, rules) = try library.resolve(draft.rulesID)
        let (form, dropped) = try DraftState.form(draft.snapshot, rules: rules)
        let fingerprint = entry.version ?? ""
        var session = FormSession(
            id: draft.id, rulesName: entry.name, version: fingerprint, form: form, revision: draft.version,
            created: draft.created)
        if fingerprint != draft.rulesFingerprint {
            session.rulesChange = .object([
                "from": .string(draft.rulesFingerprint), "to": .string(fingerprint), "dropped": .array(dropped),
            ])
        }
        return session
    }

    /// Writes a changed session: a compare-and-set on the version it was changed from.
    ///
    /// - Returns: whether it was written (false: another write came first, or the draft is gone).
    func commit(_ session: FormSession, from expected: Int64) async throws(APIError) -> Bool {
        let now = now()
        let draft = draft(of: session, now: now)
        let written = try await stored("update") { () async throws(DraftStoreError) in
            try await drafts.update(draft, expected: expected, now: now)
        }
        if written {
            try? forms.keep(session)
        } else {
            metrics.conflict()
        }
        return written
    }

    /// Deletes the drafts that expired (from ``Housekeeping``).
    func purgeDrafts() async {
        let now = now()
        if let purged = try? await stored("purge", { () async throws(DraftStoreError) in try await drafts.purge(now: now) }) {
            metrics.purged(purged)
        }
    }

    /// A form answer: JSON with the form's version as `ETag`.
    static func json(_ value: JSONValue, status: Int = 200, version: Int64) -> Response {
        var response = json(value, status: status)
        response.headers[.eTag] = etag(version)
        return response
    }
}

/// An `If-Match` header: `"3"`, several (`"3", "4"`), `W/"3"` or `*`.
struct IfMatch: Sendable, Hashable {
    /// The versions it names; nil: `*`, any.
    let versions: Set<Int64>?

    /// Reads the header; nil when there is none.
    ///
    /// - Throws: ``APIError`` `bad_request` when it names no version.
    init?(_ headers: HTTPFields) throws(APIError) {
        let values = headers[values: .ifMatch]
        guard !values.isEmpty else { return nil }
        var versions: Set<Int64> = []
        for value in values {
            for part in value.split(separator: ",") {
                var tag = part.trimmingCharacters(in: .whitespaces)
                if tag == "*" {
                    self.versions = nil
                    return
                }
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                guard tag.count >= 3, tag.hasPrefix("\""), tag.hasSuffix("\""),
                    let version = Int64(tag.dropFirst().dropLast())
                else { throw .badIfMatch(value) }
                versions.insert(version)
            }
        }
        // An empty header (or only commas) names no ETag: malformed, not a precondition that fails.
        guard !versions.isEmpty else { throw .badIfMatch(values.joined(separator: ", ")) }
        self.versions = versions
    }

    func matches(_ version: Int64) -> Bool { versions?.contains(version) ?? true }
}
