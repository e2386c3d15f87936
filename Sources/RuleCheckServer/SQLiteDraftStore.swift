import Foundation
import SQLiteNIO

/// The drafts in an SQLite file: `--store sqlite:PATH`. One host; the file survives restarts and
/// crashes. The server creates the file and its table, in WAL mode with `synchronous = FULL`: a
/// write has reached the disk when ``update(_:expected:now:)`` returns.
///
/// ```swift
/// let store = try await SQLiteDraftStore.open(path: "drafts.db")
/// try await store.create(draft)
/// ```
package final class SQLiteDraftStore: DraftStore {
    private let connection: SQLiteConnection
    package let path: String

    private init(connection: SQLiteConnection, path: String) {
        self.connection = connection
        self.path = path
    }

    package var kind: String { "sqlite" }

    /// Opens (and creates, and migrates) the database at `path`.
    ///
    /// - Throws: ``DraftStoreError`` naming the file when it cannot be opened or is not a draft
    ///   database this server can use.
    package static func open(path: String) async throws(DraftStoreError) -> SQLiteDraftStore {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path))
        } catch {
            throw DraftStoreError("\(path): cannot open the SQLite database: \(error)")
        }
        let store = SQLiteDraftStore(connection: connection, path: path)
        do throws(DraftStoreError) {
            try await store.migrate()
        } catch {
            try? await connection.close()
            throw DraftStoreError("\(path): \(error.message)")
        }
        return store
    }

    private func migrate() async throws(DraftStoreError) {
        _ = try await run("PRAGMA journal_mode = WAL")
        _ = try await run("PRAGMA synchronous = FULL")
        _ = try await run("PRAGMA busy_timeout = 5000")
        _ = try await run("BEGIN IMMEDIATE")
        do throws(DraftStoreError) {
            _ = try await run(DraftSQL.createSchemaTable)
            _ = try await run(DraftSQL.createTable)
            _ = try await run(DraftSQL.createIndex)
            let rows = try await run("SELECT MAX(version) AS version FROM rulecheck_schema")
            let recorded = rows.first?.column("version")?.integer.map(Int64.init)
            if let recorded, recorded > DraftSQL.schemaVersion { throw DraftSQL.newerSchema(recorded) }
            if recorded == nil {
                _ = try await run("INSERT INTO rulecheck_schema (version) VALUES (?)", [.integer(Int(DraftSQL.schemaVersion))])
            }
            _ = try await run("COMMIT")
        } catch {
            _ = try? await run("ROLLBACK")
            throw error
        }
    }

    package func create(_ draft: Draft) async throws(DraftStoreError) {
        _ = try await run(
            "INSERT INTO rulecheck_drafts (\(DraftSQL.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", Self.binds(draft))
    }

    package func load(_ id: String, now: Int64) async throws(DraftStoreError) -> Draft? {
        let rows = try await run(
            "SELECT \(DraftSQL.columns) FROM rulecheck_drafts WHERE id = ? AND expires > ?", [.text(id), .integer(Int(now))])
        guard let row = rows.first else { return nil }
        return try Self.draft(row)
    }

    package func update(_ draft: Draft, expected: Int64, now: Int64) async throws(DraftStoreError) -> Bool {
        let rows = try await run(
            """
            UPDATE rulecheck_drafts SET rules_id = ?, rules_fingerprint = ?, version = ?, snapshot = ?, updated = ?,
            expires = ? WHERE id = ? AND version = ? AND expires > ? RETURNING version
            """,
            [
                .text(draft.rulesID), .text(draft.rulesFingerprint), .integer(Int(draft.version)), .text(draft.snapshot),
                .integer(Int(draft.updated)), .integer(Int(draft.expires)), .text(draft.id), .integer(Int(expected)),
                .integer(Int(now)),
            ])
        return !rows.isEmpty
    }

    package func delete(_ id: String, now: Int64) async throws(DraftStoreError) -> Bool {
        let rows = try await run(
            "DELETE FROM rulecheck_drafts WHERE id = ? RETURNING expires", [.text(id)])
        return rows.contains { ($0.column("expires")?.integer).map { Int64($0) > now } ?? false }
    }

    package func purge(now: Int64) async throws(DraftStoreError) -> Int {
        try await run("DELETE FROM rulecheck_drafts WHERE expires <= ? RETURNING id", [.integer(Int(now))]).count
    }

    /// Runs a statement of the caller's (tests: a schema a newer server would have written).
    package func execute(_ sql: String) async throws(DraftStoreError) {
        _ = try await run(sql)
    }

    package func close() async {
        try? await connection.close()
    }

    /// Runs one statement; its rows.
    private func run(_ sql: String, _ binds: [SQLiteData] = []) async throws(DraftStoreError) -> [SQLiteRow] {
        do {
            return try await connection.query(sql, binds)
        } catch {
            throw DraftStoreError("SQLite: \(error)")
        }
    }

    private static func binds(_ draft: Draft) -> [SQLiteData] {
        [
            .text(draft.id), .text(draft.rulesID), .text(draft.rulesFingerprint), .integer(Int(draft.version)),
            .text(draft.snapshot), .integer(Int(draft.created)), .integer(Int(draft.updated)),
            .integer(Int(draft.expires)),
        ]
    }

    private static func draft(_ row: SQLiteRow) throws(DraftStoreError) -> Draft {
        func text(_ name: String) throws(DraftStoreError) -> String {
            guard let value = row.column(name)?.string else { throw DraftStoreError("SQLite: a draft without \(name)") }
            return value
        }
        func integer(_ name: String) throws(DraftStoreError) -> Int64 {
            guard let value = row.column(name)?.integer else { throw DraftStoreError("SQLite: a draft without \(name)") }
            return Int64(value)
        }
        return Draft(
            id: try text("id"), rulesID: try text("rules_id"), rulesFingerprint: try text("rules_fingerprint"),
            version: try integer("version"), snapshot: try text("snapshot"), created: try integer("created"),
            updated: try integer("updated"), expires: try integer("expires"))
    }
}
