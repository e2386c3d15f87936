// The store needs postgres-nio, which brings SwiftNIO SSL and swift-crypto (two BoringSSLs): the
// package trait `Postgres` (Package.swift). Without it, `--store postgres://…` is refused with
// what to build instead (RuleServer.open).
#if Postgres
import Foundation
import Logging
import PostgresNIO

extension PostgresURL {
    var configuration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let socketDirectory {
            configuration = PostgresClient.Configuration(
                unixSocketPath: socketDirectory + "/.s.PGSQL.\(port)", username: user, password: password,
                database: database)
        } else {
            configuration = PostgresClient.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: .disable)
        }
        // A database that is down is noticed within the request's time limit, not after it.
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.maximumConnections = 16
        return configuration
    }
}

/// The drafts in a PostgreSQL database: `--store postgres://…`, shared by every server started on
/// it (no sticky sessions: each write is a compare-and-set on the version). Connections come
/// from postgres-nio's pool; a database that goes away is reconnected to when it returns.
package final class PostgresDraftStore: DraftStore {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    /// How long one operation may wait for the database (for a connection, then its answer):
    /// the pool keeps a request waiting while the database is down, and the server answers 503
    /// `store_unavailable` in time instead.
    let timeout: Duration

    private init(client: PostgresClient, timeout: Duration) {
        self.client = client
        self.timeout = timeout
        running = Task { await client.run() }
    }

    package var kind: String { "postgres" }

    /// Connects, and creates (or migrates) the table: several servers starting at once take turns
    /// through an advisory lock.
    ///
    /// - Throws: ``DraftStoreError`` when the database cannot be reached or holds a newer schema.
    package static func open(url: String, timeout: Duration = .seconds(5)) async throws(DraftStoreError) -> PostgresDraftStore {
        let parsed = try PostgresURL(url)
        let store = PostgresDraftStore(client: PostgresClient(configuration: parsed.configuration), timeout: timeout)
        do throws(DraftStoreError) {
            try await store.within { () async throws(DraftStoreError) in try await store.migrate() }
        } catch {
            await store.close()
            throw DraftStoreError("\(parsed.shown): \(error.message)")
        }
        return store
    }

    private func migrate() async throws(DraftStoreError) {
        let logger = Logger(label: "rulecheck.drafts")
        do {
            let recorded: Int64? = try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(4141)", logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: DraftSQL.createSchemaTable), logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: DraftSQL.createTable), logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: DraftSQL.createIndex), logger: logger)
                let rows = try await connection.query("SELECT MAX(version) FROM rulecheck_schema", logger: logger)
                var recorded: Int64?
                for try await version in rows.decode(Int64?.self) { recorded = version }
                if recorded == nil {
                    try await connection.query(
                        "INSERT INTO rulecheck_schema (version) VALUES (\(DraftSQL.schemaVersion))", logger: logger)
                }
                return recorded
            }
            if let recorded, recorded > DraftSQL.schemaVersion { throw DraftSQL.newerSchema(recorded) }
        } catch let error as DraftStoreError {
            throw error
        } catch {
            throw Self.failure(error)
        }
    }

    package func create(_ draft: Draft) async throws(DraftStoreError) {
        try await within { () async throws(DraftStoreError) in
            do {
                try await self.client.query(
                    """
                    INSERT INTO rulecheck_drafts (id, rules_id, rules_fingerprint, version, snapshot, created, updated, expires)
                    VALUES (\(draft.id), \(draft.rulesID), \(draft.rulesFingerprint), \(draft.version), \(draft.snapshot),
                    \(draft.created), \(draft.updated), \(draft.expires))
                    """)
            } catch {
                throw Self.failure(error)
            }
        }
    }

    package func load(_ id: String, now: Int64) async throws(DraftStoreError) -> Draft? {
        return try await within { () async throws(DraftStoreError) in
            do {
                let rows = try await self.client.query(
                    """
                    SELECT id, rules_id, rules_fingerprint, version, snapshot, created, updated, expires
                    FROM rulecheck_drafts WHERE id = \(id) AND expires > \(now)
                    """)
                var found: Draft?
                for try await (id, rulesID, fingerprint, version, snapshot, created, updated, expires) in rows.decode(
                    (String, String, String, Int64, String, Int64, Int64, Int64).self)
                {
                    found = Draft(
                        id: id, rulesID: rulesID, rulesFingerprint: fingerprint, version: version, snapshot: snapshot,
                        created: created, updated: updated, expires: expires)
                }
                return found
            } catch {
                throw Self.failure(error)
            }
        }
    }

    package func update(_ draft: Draft, expected: Int64, now: Int64) async throws(DraftStoreError) -> Bool {
        return try await within { () async throws(DraftStoreError) in
            do {
                let rows = try await self.client.query(
                    """
                    UPDATE rulecheck_drafts SET rules_id = \(draft.rulesID), rules_fingerprint = \(draft.rulesFingerprint),
                    version = \(draft.version), snapshot = \(draft.snapshot), updated = \(draft.updated),
                    expires = \(draft.expires) WHERE id = \(draft.id) AND version = \(expected) AND expires > \(now)
                    RETURNING version
                    """)
                return try await Self.count(rows) == 1
            } catch {
                throw Self.failure(error)
            }
        }
    }

    package func delete(_ id: String, now: Int64) async throws(DraftStoreError) -> Bool {
        return try await within { () async throws(DraftStoreError) in
            do {
                let rows = try await self.client.query(
                    "DELETE FROM rulecheck_drafts WHERE id = \(id) RETURNING expires")
                var live = false
                for try await expires in rows.decode(Int64.self) { live = live || expires > now }
                return live
            } catch {
                throw Self.failure(error)
            }
        }
    }

    package func purge(now: Int64) async throws(DraftStoreError) -> Int {
        return try await within { () async throws(DraftStoreError) in
            do {
                return try await Self.count(
                    try await self.client.query("DELETE FROM rulecheck_drafts WHERE expires <= \(now) RETURNING id"))
            } catch {
                throw Self.failure(error)
            }
        }
    }

    package func close() async {
        running.cancel()
        _ = await running.value
    }

    /// Runs an operation, or gives up on it after ``timeout`` (``StoreDeadline``: at once, even when
    /// the query does not answer to its cancellation; a write under way may still be committed,
    /// which a retry with `If-Match` finds out).
    private func within<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(DraftStoreError) -> Value
    ) async throws(DraftStoreError) -> Value {
        try await StoreDeadline.run(within: timeout, timedOut: DraftStoreError("PostgreSQL: no answer within \(timeout)"), operation)
    }

    private static func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }

    /// postgres-nio's error, with what it says (its description alone hides the server's message).
    private static func failure(_ error: any Error) -> DraftStoreError {
        if let error = error as? DraftStoreError { return error }
        if let error = error as? PSQLError {
            let server = error.serverInfo?[.message].map { ": \($0)" } ?? ""
            return DraftStoreError("PostgreSQL: \(error.code)\(server)")
        }
        return DraftStoreError("PostgreSQL: \(error)")
    }
}
#endif
