import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Synchronization
import Testing
import _RuleCheckTestSupport

/// Issue 41: the forms' drafts behind `/v1/forms` — `ETag` and `If-Match`, nothing acknowledged
/// lost, several servers on one store, rules that change under a draft, expiry, a store that
/// fails. Over SQLite (a file in a temporary directory) and memory; PostgreSQL in
/// ``PostgresStoreTests``.
@Suite struct DraftsEndpointTests {
    static let rulesV1 = """
        version: 1
        form: draftform
        fields:
          - id: name
            type: text
          - id: age
            type: integer
        """
    static let rulesV2 = """
        version: 1
        form: draftform
        fields:
          - id: name
            type: text
        """

    let scratch: Scratch
    let rules: String
    let database: String

    init() throws {
        scratch = try Scratch()
        rules = try scratch.file(Self.rulesV1, "yaml")
        database = scratch.directory.appendingPathComponent("drafts.db").path
    }

    /// A server over the rules file, its drafts in the test's SQLite file.
    func sqliteServer(rules: String? = nil, configure: (inout ServerOptions) -> Void = { _ in }) async throws -> ServerHarness {
        let path = database
        let drafts = try await SQLiteDraftStore.open(path: path)
        return ServerHarness(files: [rules ?? self.rules], drafts: drafts) { options in
            options.store = .sqlite(path: path)
            configure(&options)
        }
    }

    /// A JSON value as text (a number is a number, however it is held).
    static func text(_ value: JSONValue?) -> String? { value.map { JSONWriter.string($0) } }

    static func ifMatch(_ version: Int64) -> HTTPFields { [.ifMatch: "\"\(version)\""] }

    static func edit(_ harness: ServerHarness, _ id: String, _ edit: String, ifMatch: Int64? = nil) async throws -> ServerHarness.Answer {
        try await harness.send(
            .post, "/v1/forms/\(id)/edits", body: Array(edit.utf8), headers: ifMatch.map(Self.ifMatch) ?? [:])
    }

    @Test(arguments: DraftStoreTests.Kind.allCases) func everyFormAnswerCarriesTheVersionAsETag(_ kind: DraftStoreTests.Kind) async throws {
        let harness =
            kind == .memory ? ServerHarness(files: [rules]) : try await sqliteServer()
        let (id, created) = try await harness.newForm()
        expectEqual(created.status, 201)
        expectEqual(created.headers[.eTag], "\"1\"")
        expectEqual(try await harness.send(.get, "/v1/forms/\(id)").headers[.eTag], "\"1\"")
        let edited = try await Self.edit(harness, id, #"{"set": "name", "value": "Anna"}"#)
        expectEqual(edited.status, 200)
        expectEqual(edited.headers[.eTag], "\"2\"")
        let explained = try await harness.send(.get, "/v1/forms/\(id)/explain?field=name")
        expectEqual(explained.headers[.eTag], "\"2\"")
        // Several edits in one request are one version.
        let two = try await Self.edit(harness, id, #"[{"set": "name", "value": "B"}, {"set": "age", "value": 30}]"#)
        expectEqual(two.headers[.eTag], "\"3\"")
        await harness.server.drafts.close()
    }

    /// A retried POST with the If-Match of before is refused 412 with the form as it is: the edit
    /// is applied once.
    @Test(arguments: DraftStoreTests.Kind.allCases) func aStaleIfMatchIs412WithTheCurrentStateAndNeverAppliesTwice(
        _ kind: DraftStoreTests.Kind
    ) async throws {
        let harness = kind == .memory ? ServerHarness(files: [rules]) : try await sqliteServer()
        let (id, _) = try await harness.newForm()
        let first = try await Self.edit(harness, id, #"{"set": "age", "value": 41}"#, ifMatch: 1)
        expectEqual(first.status, 200)
        let retried = try await Self.edit(harness, id, #"{"set": "age", "value": 41}"#, ifMatch: 1)
        expectEqual(retried.status, 412)
        expectEqual(retried.errorCode, "version_mismatch")
        expectEqual(retried.headers[.eTag], "\"2\"")
        expectEqual(Self.text(retried.json["error"]?["details"]?["current"]?["state"]?["record"]?["age"]), "41")
        let shown = try await harness.send(.get, "/v1/forms/\(id)")
        expectEqual(shown.headers[.eTag], "\"2\"")
        // The current version, `*` and a list naming it are let through.
        expectEqual(try await Self.edit(harness, id, #"{"set": "name", "value": "A"}"#, ifMatch: 2).status, 200)
        let any = try await harness.send(
            .post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "name", "value": "B"}"#.utf8), headers: [.ifMatch: "*"])
        expectEqual(any.headers[.eTag], "\"4\"")
        let list = try await harness.send(
            .post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "name", "value": "C"}"#.utf8),
            headers: [.ifMatch: #""9", W/"4""#])
        expectEqual(list.headers[.eTag], "\"5\"")
        let bad = try await harness.send(
            .post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "name", "value": "D"}"#.utf8), headers: [.ifMatch: "5"])
        expectEqual(bad.status, 400)
        // An If-Match that names no ETag at all is as malformed as one that names no version
        // (schemathesis sent an empty one and got 412).
        for empty in ["", " ", ","] {
            let none = try await harness.send(
                .post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "name", "value": "E"}"#.utf8), headers: [.ifMatch: empty])
            expectEqual(none.status, 400, "If-Match: '\(empty)'")
            expectEqual(none.errorCode, "bad_request")
        }
        await harness.server.drafts.close()
    }

    @Test func requireIfMatchMakesAMissingOne428() async throws {
        let harness = ServerHarness(files: [rules]) { $0.requireIfMatch = true }
        let (id, _) = try await harness.newForm()
        let missing = try await Self.edit(harness, id, #"{"set": "name", "value": "Anna"}"#)
        expectEqual(missing.status, 428)
        expectEqual(missing.errorCode, "if_match_required")
        expectEqual(try await Self.edit(harness, id, #"{"set": "name", "value": "Anna"}"#, ifMatch: 1).status, 200)
    }

    /// Two servers on one SQLite file: each serves every form, a write through one is seen by the
    /// other, and two edits from the same version give one 200 and one 412.
    @Test func twoServersOnOneDatabaseServeEachOthersForms() async throws {
        let a = try await sqliteServer()
        let b = try await sqliteServer()
        let (id, _) = try await a.newForm()
        expectEqual(try await Self.edit(b, id, #"{"set": "name", "value": "from B"}"#, ifMatch: 1).status, 200)
        let seen = try await a.send(.get, "/v1/forms/\(id)")
        expectEqual(seen.headers[.eTag], "\"2\"")
        expectEqual(seen.json["state"]?["record"]?["name"], .string("from B"))
        // A has the form cached at version 2 now; B moves it on; A's edit from 2 is stale.
        expectEqual(try await Self.edit(b, id, #"{"set": "age", "value": 7}"#, ifMatch: 2).status, 200)
        let stale = try await Self.edit(a, id, #"{"set": "age", "value": 8}"#, ifMatch: 2)
        expectEqual(stale.status, 412)
        expectEqual(Self.text(stale.json["error"]?["details"]?["current"]?["state"]?["record"]?["age"]), "7")
        // Without If-Match, A reads the draft again and applies the edit to it: nothing of B's is lost.
        let merged = try await Self.edit(a, id, #"{"set": "name", "value": "from A"}"#)
        expectEqual(merged.headers[.eTag], "\"4\"")
        let final = try await b.send(.get, "/v1/forms/\(id)")
        expectEqual(final.json["state"]?["record"]?["name"], .string("from A"))
        expectEqual(Self.text(final.json["state"]?["record"]?["age"]), "7")
        // The same version through both at once: one 200, one 412.
        async let one = Self.edit(a, id, #"{"set": "age", "value": 1}"#, ifMatch: 4)
        async let two = Self.edit(b, id, #"{"set": "age", "value": 2}"#, ifMatch: 4)
        let statuses = try await [one.status, two.status].sorted()
        expectEqual(statuses, [200, 412])
        // Deleted through one, gone through the other.
        expectEqual(try await b.send(.delete, "/v1/forms/\(id)").status, 204)
        expectEqual(try await a.send(.get, "/v1/forms/\(id)").status, 404)
        expectEqual(try await a.edit(id, #"{"set": "age", "value": 3}"#).status, 404)
        await a.server.drafts.close()
        await b.server.drafts.close()
    }

    /// A server started again on the same file serves the forms as they were: values, touched
    /// fields, version.
    @Test func aRestartedServerServesTheSameState() async throws {
        let first = try await sqliteServer()
        let (id, _) = try await first.newForm()
        _ = try await first.edit(
            id, #"[{"focus": "name"}, {"type": "name", "text": "Anna"}, {"blur": "name"}, {"set": "age", "value": 30}]"#)
        let before = try await first.send(.get, "/v1/forms/\(id)")
        await first.server.drafts.close()
        let second = try await sqliteServer()
        let after = try await second.send(.get, "/v1/forms/\(id)")
        expectEqual(after.status, 200)
        expectEqual(after.headers[.eTag], "\"2\"")
        expectEqual(after.json["state"], before.json["state"])
        expectEqual(after.json["snapshot"], before.json["snapshot"])
        await second.server.drafts.close()
    }

    /// A draft made under other rules is restored through the snapshot path: what no longer fits is
    /// listed as dropped, and the answers say so until an edit is kept under the new rules.
    @Test func aDraftUnderChangedRulesSaysWhatWasDropped() async throws {
        let old = try await sqliteServer()
        let (id, _) = try await old.newForm()
        _ = try await old.edit(id, #"[{"set": "name", "value": "Anna"}, {"set": "age", "value": 30}]"#)
        let oldVersion = try #require(old.server.library.entries.first?.version)
        await old.server.drafts.close()
        let changed = try scratch.file(Self.rulesV2, "yaml")
        let new = try await sqliteServer(rules: changed)
        let newVersion = try #require(new.server.library.entries.first?.version)
        #expect(oldVersion != newVersion)
        let shown = try await new.send(.get, "/v1/forms/\(id)")
        expectEqual(shown.status, 200)
        let change = shown.json["rules_changed"]
        expectEqual(change?["from"], .string(oldVersion))
        expectEqual(change?["to"], .string(newVersion))
        expectEqual(change?["dropped"]?.array?.count, 1)
        expectEqual(change?["dropped"]?.array?.first?["path"], .string("age"))
        expectEqual(shown.json["state"]?["record"]?["name"], .string("Anna"))
        let edited = try await new.edit(id, #"{"set": "name", "value": "Bob"}"#)
        expectEqual(edited.json["rules_changed"]?["dropped"]?.array?.first?["path"], .string("age"))
        let after = try await new.send(.get, "/v1/forms/\(id)")
        expectEqual(after.json["rules_changed"], nil)
        await new.server.drafts.close()
    }

    @Test func anExpiredDraftIsNotFoundAndPurged() async throws {
        let drafts = MemoryDraftStore()
        let harness = ServerHarness(files: [rules], drafts: drafts) { $0.draftTTL = .milliseconds(1) }
        let (id, created) = try await harness.newForm()
        expectEqual(created.status, 201)
        try await Task.sleep(for: .milliseconds(20))
        expectEqual(try await harness.send(.get, "/v1/forms/\(id)").status, 404)
        expectEqual(try await harness.edit(id, #"{"set": "name", "value": "A"}"#).status, 404)
        await harness.server.purgeDrafts()
        expectEqual(drafts.count, 0)
    }

    /// The store down: 503 `store_unavailable` with Retry-After, nothing kept, and the server
    /// answers again once the store is back.
    @Test func aStoreThatFailsIs503AndTheServerRecovers() async throws {
        let drafts = FailingDraftStore()
        let harness = ServerHarness(files: [rules], drafts: drafts)
        let (id, _) = try await harness.newForm()
        drafts.failing.withLock { $0 = true }
        let down = try await harness.edit(id, #"{"set": "name", "value": "lost"}"#)
        expectEqual(down.status, 503)
        expectEqual(down.errorCode, "store_unavailable")
        expectEqual(down.headers[.retryAfter], "2")
        expectEqual(try await harness.newForm().answer.status, 503)
        drafts.failing.withLock { $0 = false }
        let shown = try await harness.send(.get, "/v1/forms/\(id)")
        expectEqual(shown.headers[.eTag], "\"1\"")
        expectEqual(shown.json["state"]?["record"]?["name"], nil)
        expectEqual(try await harness.edit(id, #"{"set": "name", "value": "kept"}"#).headers[.eTag], "\"2\"")
        let metrics = try await harness.send(.get, "/metrics").text
        #expect(metrics.contains(#"rulecheck_draft_store_failures_total{operation="update"} 1"#), "\(metrics)")
    }

    /// A full disk under SQLite (the file may not grow: `max_page_count`, which SQLite answers as it
    /// answers a full disk, SQLITE_FULL) is a 503, and the draft stays whole at its version.
    @Test func aFullSQLiteDiskIsAnErrorAnswerNeverAHalfWrittenDraft() async throws {
        let path = database
        let drafts = try await SQLiteDraftStore.open(path: path)
        let harness = ServerHarness(files: [rules], drafts: drafts) { $0.store = .sqlite(path: path) }
        let (id, _) = try await harness.newForm()
        expectEqual(try await harness.edit(id, #"{"set": "name", "value": "kept"}"#).status, 200)
        // Below the file's size it stays at its size: no page more.
        try await drafts.execute("PRAGMA max_page_count = 1")
        let big = String(repeating: "x", count: 200_000)
        let full = try await harness.edit(id, #"{"set": "name", "value": "\#(big)"}"#)
        expectEqual(full.status, 503)
        expectEqual(full.errorCode, "store_unavailable")
        let shown = try await harness.send(.get, "/v1/forms/\(id)")
        expectEqual(shown.headers[.eTag], "\"2\"")
        expectEqual(shown.json["state"]?["record"]?["name"], .string("kept"))
        await drafts.close()
        // Read by another connection, from the file: the draft as it was, whole.
        let reopened = try await SQLiteDraftStore.open(path: path)
        let draft = try #require(try await reopened.load(id, now: Draft.milliseconds(Date())))
        expectEqual(draft.version, 2)
        #expect(draft.snapshot.contains(#""kept""#))
        #expect(!draft.snapshot.contains("xxxx"))
        await reopened.close()
    }

    @Test func anIdThatIsNotADraftsIsNotFoundWithoutAsking() async throws {
        let drafts = FailingDraftStore()
        drafts.failing.withLock { $0 = true }
        let harness = ServerHarness(files: [rules], drafts: drafts)
        expectEqual(try await harness.send(.get, "/v1/forms/nope").status, 404)
        expectEqual(try await harness.send(.delete, "/v1/forms/nope").status, 404)
    }
}

/// A memory store that fails every operation while ``failing`` is set (a database that is down).
final class FailingDraftStore: DraftStore {
    let failing = Mutex(false)
    let inner = MemoryDraftStore()

    var kind: String { "failing" }

    private func check() throws(DraftStoreError) {
        if failing.withLock({ $0 }) { throw DraftStoreError("down") }
    }

    func create(_ draft: Draft) async throws(DraftStoreError) {
        try check()
        try await inner.create(draft)
    }

    func load(_ id: String, now: Int64) async throws(DraftStoreError) -> Draft? {
        try check()
        return try await inner.load(id, now: now)
    }

    func update(_ draft: Draft, expected: Int64, now: Int64) async throws(DraftStoreError) -> Bool {
        try check()
        return try await inner.update(draft, expected: expected, now: now)
    }

    func delete(_ id: String, now: Int64) async throws(DraftStoreError) -> Bool {
        try check()
        return try await inner.delete(id, now: now)
    }

    func purge(now: Int64) async throws(DraftStoreError) -> Int {
        try check()
        return try await inner.purge(now: now)
    }

    func close() async {}
}
