import Foundation
import Synchronization

/// One server-side form as a draft store keeps it: a row of the table `rulecheck_drafts`.
///
/// ```swift
/// let draft = Draft(id: Draft.newID(), rulesID: "signup", rulesFingerprint: "9f…", version: 1,
///                   snapshot: "{…}", created: now, updated: now, expires: now + 30 days)
/// try await store.create(draft)
/// ```
package struct Draft: Sendable, Hashable {
    /// 32 hex digits: 128 random bits (a draft's id is a capability: whoever knows it may edit it).
    package var id: String
    /// The rules' name (`form:`) the draft was made with.
    package var rulesID: String
    /// The 16 hex digits of the rules' fingerprint (``RulesEntry/version``) the draft was last
    /// written under.
    package var rulesFingerprint: String
    /// 1 when made, one more with each committed change: what `ETag` says.
    package var version: Int64
    /// The form's state as JSON text (``DraftState``).
    package var snapshot: String
    /// Milliseconds since 1970.
    package var created: Int64
    package var updated: Int64
    /// When the draft expires (milliseconds since 1970): from then on it is absent.
    package var expires: Int64

    package init(
        id: String, rulesID: String, rulesFingerprint: String, version: Int64, snapshot: String, created: Int64,
        updated: Int64, expires: Int64
    ) {
        self.id = id
        self.rulesID = rulesID
        self.rulesFingerprint = rulesFingerprint
        self.version = version
        self.snapshot = snapshot
        self.created = created
        self.updated = updated
        self.expires = expires
    }

    /// A new draft id: 128 random bits as 32 lowercase hex digits.
    package static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether an id can be a draft's (32 lowercase hex digits): anything else is not looked up.
    package static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Milliseconds since 1970 of a date.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}

/// Why a draft store could not do what was asked: the database is down, slow, full or refuses.
/// The server answers it 503 `store_unavailable` with a `Retry-After`; nothing is half-written.
public struct DraftStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Where the server keeps its drafts: `--store memory`, `--store sqlite:PATH` (or a bare path),
/// `--store postgres://USER:PASSWORD@HOST:PORT/DATABASE` (`?host=/socket/dir` for a unix socket).
public enum DraftStoreLocation: Sendable, Hashable, CustomStringConvertible {
    case memory
    case sqlite(path: String)
    case postgres(url: String)

    /// Reads `--store`'s value.
    ///
    /// - Throws: a message naming what is wrong.
    public init(parsing text: String) throws(DraftStoreError) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            _ = try PostgresURL(text)
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw DraftStoreError("--store sqlite: needs a file: sqlite:drafts.db") }
            self = .sqlite(path: path)
        } else if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy(\.isLetter), text.count > 2,
            text[text.index(after: colon)...].hasPrefix("//")
        {
            throw DraftStoreError(
                "--store: unknown scheme '\(text[..<colon])'; give memory, sqlite:PATH, a path, or postgres://…")
        } else if text.isEmpty {
            throw DraftStoreError("--store needs a value: memory, sqlite:PATH, a path, or postgres://…")
        } else {
            self = .sqlite(path: text)
        }
    }

    /// Throws when this build cannot open the store: a PostgreSQL store needs the package trait
    /// `Postgres` (Package.swift), which `make store-test` and the release builds of scripts/ turn on.
    ///
    /// - Throws: what to build instead.
    public func requireBuilt() throws(DraftStoreError) {
        #if !Postgres
        if case .postgres = self {
            throw DraftStoreError(
                "--store \(self): this rulecheck was built without the PostgreSQL draft store; build it with "
                    + "'swift build --traits Postgres' (the package trait that brings postgres-nio; Docs/serve.md, Drafts)")
        }
        #endif
    }

    /// The location as a log line may show it: a PostgreSQL URL without its password.
    public var description: String {
        switch self {
        case .memory: "memory"
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): (try? PostgresURL(url))?.shown ?? "postgres://…"
        }
    }
}

/// Keeps the drafts of the server-side forms: what survives a restart and what several servers
/// share. Every write is a compare-and-set on the draft's version, so that two writers of one
/// draft cannot both win; an answer to a client is given only after its write returned.
///
/// Times are milliseconds since 1970, given by the caller (tests choose them); a draft whose
/// `expires` is not after `now` is absent for every operation but ``purge(now:)``.
package protocol DraftStore: Sendable {
    /// What `/metrics` and the banner call it: `memory`, `sqlite`, `postgres`.
    var kind: String { get }
    /// Adds a new draft.
    ///
    /// - Throws: ``DraftStoreError`` when it could not be written (an id that exists is one).
    func create(_ draft: Draft) async throws(DraftStoreError)
    /// The draft with this id, or nil when there is none or it expired.
    func load(_ id: String, now: Int64) async throws(DraftStoreError) -> Draft?
    /// Replaces the draft `draft.id` with `draft` if its stored version is still `expected` (and
    /// it has not expired): `UPDATE … WHERE id = $id AND version = $expected`.
    ///
    /// - Returns: whether it was replaced; false when another write came first, or the draft is
    ///   gone.
    func update(_ draft: Draft, expected: Int64, now: Int64) async throws(DraftStoreError) -> Bool
    /// Deletes a draft; whether there was one (not expired).
    func delete(_ id: String, now: Int64) async throws(DraftStoreError) -> Bool
    /// Deletes every draft expired at `now`; how many.
    func purge(now: Int64) async throws(DraftStoreError) -> Int
    /// Closes the connections. No operation may follow.
    func close() async
}

/// The drafts in this process's memory: `--store memory`, the default. Lost when the process
/// ends; one process only.
package final class MemoryDraftStore: DraftStore {
    private let drafts = Mutex<[String: Draft]>([:])

    package init() {}

    package var kind: String { "memory" }

    /// The drafts held, expired ones included until purged.
    package var count: Int { drafts.withLock { $0.count } }

    package func create(_ draft: Draft) async throws(DraftStoreError) {
        let added = drafts.withLock { drafts in
            guard drafts[draft.id] == nil else { return false }
            drafts[draft.id] = draft
            return true
        }
        guard added else { throw DraftStoreError("a draft '\(draft.id)' exists") }
    }

    package func load(_ id: String, now: Int64) async throws(DraftStoreError) -> Draft? {
        drafts.withLock { drafts in drafts[id].flatMap { $0.expires > now ? $0 : nil } }
    }

    package func update(_ draft: Draft, expected: Int64, now: Int64) async throws(DraftStoreError) -> Bool {
        drafts.withLock { drafts in
            guard let old = drafts[draft.id], old.version == expected, old.expires > now else { return false }
            drafts[draft.id] = draft
            return true
        }
    }

    package func delete(_ id: String, now: Int64) async throws(DraftStoreError) -> Bool {
        drafts.withLock { drafts in
            guard let old = drafts.removeValue(forKey: id) else { return false }
            return old.expires > now
        }
    }

    package func purge(now: Int64) async throws(DraftStoreError) -> Int {
        drafts.withLock { drafts in
            let expired = drafts.values.filter { $0.expires <= now }.map(\.id)
            for id in expired { drafts[id] = nil }
            return expired.count
        }
    }

    package func close() async {}
}

/// The SQL both databases run: one table, and the schema version in a table of its own.
enum DraftSQL {
    /// The schema this server writes; a database with a higher one is refused (a newer server
    /// migrated it).
    static let schemaVersion: Int64 = 1
    static let columns = "id, rules_id, rules_fingerprint, version, snapshot, created, updated, expires"
    static let createSchemaTable = "CREATE TABLE IF NOT EXISTS rulecheck_schema (version BIGINT NOT NULL)"
    static let createTable = """
        CREATE TABLE IF NOT EXISTS rulecheck_drafts (
            id TEXT PRIMARY KEY, rules_id TEXT NOT NULL, rules_fingerprint TEXT NOT NULL,
            version BIGINT NOT NULL, snapshot TEXT NOT NULL,
            created BIGINT NOT NULL, updated BIGINT NOT NULL, expires BIGINT NOT NULL)
        """
    static let createIndex = "CREATE INDEX IF NOT EXISTS rulecheck_drafts_expires ON rulecheck_drafts (expires)"

    static func newerSchema(_ version: Int64) -> DraftStoreError {
        DraftStoreError(
            "the database's draft schema is version \(version); this server knows version \(schemaVersion) "
                + "(a newer rulecheck migrated it)")
    }
}
