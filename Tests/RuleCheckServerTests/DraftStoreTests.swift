import Foundation
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// The draft stores, each held to one conformance suite (``DraftStoreConformance``) through the
/// protocol: memory and SQLite here, PostgreSQL in ``PostgresStoreTests`` (`make store-test`).
@Suite struct DraftStoreTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }
    }

    /// A new, empty store of a kind (SQLite: a new file in a temporary directory).
    static func open(_ kind: Kind, in scratch: Scratch) async throws -> any DraftStore {
        switch kind {
        case .memory: MemoryDraftStore()
        case .sqlite: try await SQLiteDraftStore.open(path: scratch.directory.appendingPathComponent("drafts.db").path)
        }
    }

    @Test(arguments: Kind.allCases) func createLoadDelete(_ kind: Kind) async throws {
        let scratch = try Scratch()
        let store = try await Self.open(kind, in: scratch)
        try await DraftStoreConformance.createLoadDelete(store)
        await store.close()
    }

    @Test(arguments: Kind.allCases) func aWriteIsACompareAndSetOnTheVersion(_ kind: Kind) async throws {
        let scratch = try Scratch()
        let store = try await Self.open(kind, in: scratch)
        try await DraftStoreConformance.compareAndSet(store)
        await store.close()
    }

    @Test(arguments: Kind.allCases) func anExpiredDraftIsAbsentAndPurged(_ kind: Kind) async throws {
        let scratch = try Scratch()
        let store = try await Self.open(kind, in: scratch)
        try await DraftStoreConformance.expiry(store, base: 1_000)
        await store.close()
    }

    @Test(arguments: Kind.allCases) func concurrentWritersWinOnceEachVersion(_ kind: Kind) async throws {
        let scratch = try Scratch()
        let store = try await Self.open(kind, in: scratch)
        try await DraftStoreConformance.concurrentWriters(store)
        await store.close()
    }

    /// The SQLite file keeps what was written once the store is closed and opened again, and its
    /// schema version is recorded.
    @Test func sqliteKeepsDraftsAcrossOpeningsAndRecordsItsSchema() async throws {
        let scratch = try Scratch()
        let path = scratch.directory.appendingPathComponent("drafts.db").path
        let first = try await SQLiteDraftStore.open(path: path)
        let draft = DraftStoreConformance.draft(version: 1, expires: 10_000_000_000_000)
        try await first.create(draft)
        #expect(try await first.update(DraftStoreConformance.next(draft), expected: 1, now: 5))
        await first.close()
        let second = try await SQLiteDraftStore.open(path: path)
        expectEqual(try await second.load(draft.id, now: 5), DraftStoreConformance.next(draft))
        await second.close()
    }

    @Test func sqliteRefusesADatabaseOfANewerSchema() async throws {
        let scratch = try Scratch()
        let path = scratch.directory.appendingPathComponent("drafts.db").path
        await (try await SQLiteDraftStore.open(path: path)).close()
        // A newer server recorded version 2.
        let bumped = try await SQLiteDraftStore.open(path: path)
        try await bumped.execute("INSERT INTO rulecheck_schema (version) VALUES (2)")
        await bumped.close()
        await #expect(throws: DraftStoreError.self) { try await SQLiteDraftStore.open(path: path) }
        do {
            _ = try await SQLiteDraftStore.open(path: path)
        } catch {
            #expect(
                error.message.hasSuffix(
                    "the database's draft schema is version 2; this server knows version 1 (a newer rulecheck migrated it)"))
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedByName() async throws {
        let scratch = try Scratch()
        let path = try scratch.file("not a database, just text\n", "db")
        do {
            _ = try await SQLiteDraftStore.open(path: path)
            Issue.record("opened a text file as a database")
        } catch {
            #expect(error.message.hasPrefix("\(path): "), "\(error.message)")
        }
    }

    @Test func storeLocationsAreReadAsTheOptionSays() throws {
        expectEqual(try DraftStoreLocation(parsing: "memory"), .memory)
        expectEqual(try DraftStoreLocation(parsing: "sqlite:drafts.db"), .sqlite(path: "drafts.db"))
        expectEqual(try DraftStoreLocation(parsing: "/var/lib/rulecheck/drafts.db"), .sqlite(path: "/var/lib/rulecheck/drafts.db"))
        let url = "postgres://rulecheck:secret@db.internal:5433/forms"
        expectEqual(try DraftStoreLocation(parsing: url), .postgres(url: url))
        expectEqual(try DraftStoreLocation(parsing: url).description, "postgres://rulecheck@db.internal:5433/forms")
        let socket = try PostgresURL("postgres://postgres@/drafts?host=/tmp/pg")
        expectEqual(socket.socketDirectory, "/tmp/pg")
        expectEqual(socket.database, "drafts")
        #expect(throws: DraftStoreError.self) { try DraftStoreLocation(parsing: "mysql://x@y/z") }
        #expect(throws: DraftStoreError.self) { try DraftStoreLocation(parsing: "sqlite:") }
        #expect(throws: DraftStoreError.self) { try DraftStoreLocation(parsing: "postgres:///forms") }
    }

    @Test func draftIDsAre128RandomBits() {
        let ids = (0..<1000).map { _ in Draft.newID() }
        expectEqual(Set(ids).count, 1000)
        #expect(ids.allSatisfy(Draft.isWellFormed))
        #expect(!Draft.isWellFormed("../../etc/passwd"))
        #expect(!Draft.isWellFormed(String(repeating: "A", count: 32)))
    }
}

/// What every draft store must do, whatever keeps the drafts.
enum DraftStoreConformance {
    /// A draft with a new id.
    static func draft(version: Int64, expires: Int64, rules: String = "signup") -> Draft {
        Draft(
            id: Draft.newID(), rulesID: rules, rulesFingerprint: "0123456789abcdef", version: version,
            snapshot: #"{"snapshot": {"form": "signup", "fields": {}, "items": {}}}"#, created: 1, updated: 1, expires: expires)
    }

    /// The draft one write later.
    static func next(_ draft: Draft) -> Draft {
        var next = draft
        next.version += 1
        next.snapshot =
            #"{"snapshot": {"form": "signup", "fields": {"email": {"value": "a@b.c", "source": "user"}}, "items": {}}, "n": \#(next.version)}"#
        next.updated += 1
        return next
    }

    static let far: Int64 = 10_000_000_000_000

    static func createLoadDelete(_ store: any DraftStore) async throws {
        let draft = draft(version: 1, expires: far)
        try await store.create(draft)
        expectEqual(try await store.load(draft.id, now: 2), draft)
        expectEqual(try await store.load(Draft.newID(), now: 2), nil)
        // The same id twice is refused; the first stays.
        await #expect(throws: DraftStoreError.self) { try await store.create(next(draft)) }
        expectEqual(try await store.load(draft.id, now: 2), draft)
        #expect(try await store.delete(draft.id, now: 2))
        expectEqual(try await store.load(draft.id, now: 2), nil)
        #expect(try await !store.delete(draft.id, now: 2))
        // Text of every kind survives as written.
        var odd = Self.draft(version: 1, expires: far)
        odd.snapshot = #"{"snapshot": "кириллица ✓ 'quotes' \"double\" \u0000 — \\"}"#
        try await store.create(odd)
        expectEqual(try await store.load(odd.id, now: 2)?.snapshot, odd.snapshot)
    }

    static func compareAndSet(_ store: any DraftStore) async throws {
        let draft = draft(version: 1, expires: far)
        try await store.create(draft)
        let second = next(draft)
        #expect(try await store.update(second, expected: 1, now: 2))
        // A write from version 1 again (a retried request, another server behind): refused.
        var stale = next(draft)
        stale.snapshot = "{}"
        #expect(try await !store.update(stale, expected: 1, now: 2))
        expectEqual(try await store.load(draft.id, now: 2), second)
        #expect(try await store.update(next(second), expected: 2, now: 2))
        expectEqual(try await store.load(draft.id, now: 2)?.version, 3)
        // A draft that is not there is not written.
        #expect(try await !store.update(Self.draft(version: 2, expires: far), expected: 1, now: 2))
    }

    /// `base`: the times this check uses start there; the purge counts what expired before
    /// `base + 100`, so a shared database must hold no other draft expiring that early.
    static func expiry(_ store: any DraftStore, base: Int64) async throws {
        let short = (0..<3).map { _ in draft(version: 1, expires: base + 10) }
        let long = (0..<2).map { _ in draft(version: 1, expires: far) }
        for draft in short + long { try await store.create(draft) }
        expectEqual(try await store.load(short[0].id, now: base + 9)?.id, short[0].id)
        // At its expiry, a draft is absent: not read, not written, not deleted.
        expectEqual(try await store.load(short[0].id, now: base + 10), nil)
        #expect(try await !store.update(next(short[1]), expected: 1, now: base + 10))
        #expect(try await !store.delete(short[2].id, now: base + 10))
        // Purged: the three expired ones (one of them deleted already), not the others.
        expectEqual(try await store.purge(now: base + 100), 2)
        expectEqual(try await store.purge(now: base + 100), 0)
        expectEqual(try await store.load(long[0].id, now: base + 100)?.id, long[0].id)
        // A write moves the expiry.
        var refreshed = next(long[1])
        refreshed.expires = far + 1
        #expect(try await store.update(refreshed, expected: 1, now: base + 100))
        expectEqual(try await store.load(long[1].id, now: far)?.expires, far + 1)
    }

    /// Tasks at once, each reading the draft and writing the next version until it has won
    /// `wins` times: the final version is one more than every win together, and no write was
    /// lost or applied twice.
    static func concurrentWriters(_ store: any DraftStore, tasks: Int = 8, wins: Int = 5) async throws {
        let draft = draft(version: 1, expires: far)
        try await store.create(draft)
        let counts = try await withThrowingTaskGroup(of: (wins: Int, losses: Int).self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var won = 0
                    var lost = 0
                    while won < wins {
                        guard let current = try await store.load(draft.id, now: 2) else { throw DraftStoreError("gone") }
                        if try await store.update(next(current), expected: current.version, now: 2) {
                            won += 1
                        } else {
                            lost += 1
                        }
                    }
                    return (won, lost)
                }
            }
            var total: [(wins: Int, losses: Int)] = []
            for try await count in group { total.append(count) }
            return total
        }
        let won = counts.map(\.wins).reduce(0, +)
        expectEqual(won, tasks * wins)
        expectEqual(try await store.load(draft.id, now: 2)?.version, Int64(1 + tasks * wins))
    }
}
