// The PostgreSQL store is built with the package trait `Postgres` (`make store-test`).
#if Postgres
import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// The PostgreSQL draft store against a real server: `make store-test` (scripts/postgres-test.sh)
/// starts one in a temporary directory and names it in `RULECHECK_TEST_POSTGRES_URL`. `make test`
/// does not run this suite and says so (scripts/test-counts.py `--not-run`); run alone without
/// the variable, or with a server that cannot be reached, every test fails — none is skipped.
@Suite(.serialized) struct PostgresStoreTests {
    static let variable = "RULECHECK_TEST_POSTGRES_URL"

    /// The store on the test's database, with an empty table.
    static func open() async throws -> PostgresDraftStore {
        guard let url = ProcessInfo.processInfo.environment[variable], !url.isEmpty else {
            throw DraftStoreError("\(variable) is not set: run these tests with make store-test, which starts a PostgreSQL")
        }
        return try await PostgresDraftStore.open(url: url)
    }

    @Test func createLoadDelete() async throws {
        let store = try await Self.open()
        try await DraftStoreConformance.createLoadDelete(store)
        await store.close()
    }

    @Test func aWriteIsACompareAndSetOnTheVersion() async throws {
        let store = try await Self.open()
        try await DraftStoreConformance.compareAndSet(store)
        await store.close()
    }

    /// The times start at 1,000: no other test's draft expires that early.
    @Test func anExpiredDraftIsAbsentAndPurged() async throws {
        let store = try await Self.open()
        try await DraftStoreConformance.expiry(store, base: 1_000)
        await store.close()
    }

    @Test func concurrentWritersWinOnceEachVersion() async throws {
        let store = try await Self.open()
        try await DraftStoreConformance.concurrentWriters(store, tasks: 16, wins: 5)
        await store.close()
    }

    /// Two stores (two servers' pools) at once on one database, each opening (and migrating) it.
    @Test func twoStoresOpenTheSameDatabaseAtOnce() async throws {
        async let first = Self.open()
        async let second = Self.open()
        let (a, b) = try await (first, second)
        let draft = DraftStoreConformance.draft(version: 1, expires: DraftStoreConformance.far)
        try await a.create(draft)
        expectEqual(try await b.load(draft.id, now: 2), draft)
        #expect(try await b.update(DraftStoreConformance.next(draft), expected: 1, now: 2))
        #expect(try await !a.update(DraftStoreConformance.next(draft), expected: 1, now: 2))
        await a.close()
        await b.close()
    }

    /// Two servers in this process on the database: an edit through one is seen by the other, and
    /// two edits from one version give one 200 and one 412.
    @Test func twoServersShareForms() async throws {
        let scratch = try Scratch()
        let rules = try scratch.file(DraftsEndpointTests.rulesV1, "yaml")
        let url = ProcessInfo.processInfo.environment[Self.variable] ?? ""
        let a = ServerHarness(files: [rules], drafts: try await Self.open()) { $0.store = .postgres(url: url) }
        let b = ServerHarness(files: [rules], drafts: try await Self.open()) { $0.store = .postgres(url: url) }
        let (id, created) = try await a.newForm()
        expectEqual(created.headers[.eTag], "\"1\"")
        let edited = try await b.send(
            .post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "name", "value": "from B"}"#.utf8),
            headers: [.ifMatch: "\"1\""])
        expectEqual(edited.status, 200)
        let seen = try await a.send(.get, "/v1/forms/\(id)")
        expectEqual(seen.json["state"]?["record"]?["name"], .string("from B"))
        async let one = a.send(
            .post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "name", "value": "1"}"#.utf8), headers: [.ifMatch: "\"2\""])
        async let two = b.send(
            .post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "name", "value": "2"}"#.utf8), headers: [.ifMatch: "\"2\""])
        expectEqual(try await [one.status, two.status].sorted(), [200, 412])
        await a.server.drafts.close()
        await b.server.drafts.close()
    }
}
#endif
