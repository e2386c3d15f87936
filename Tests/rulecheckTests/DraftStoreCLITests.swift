import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import _RuleCheckTestSupport

/// Issue 41 with `rulecheck serve` as processes: `kill -9` right after a 200 loses nothing.
extension CLITests {
    /// SQLite: edit, `kill -9`, start again on the same file: the same state, the same version.
    @Test func sqliteDraftsSurviveKill9() async throws {
        let database = scratch.directory.appendingPathComponent("drafts.db").path
        let arguments = ["serve", "Rules/signup.yaml", "--port", "0", "--no-access-log", "--store", "sqlite:\(database)"]
        let first = try Server(arguments)
        let banner = first.banner()
        #expect(banner.contains(", drafts in sqlite:\(database) (Ctrl-C stops)"), "\(banner)")
        let base = try DraftHTTP.base(banner)
        let created = try await DraftHTTP.send("POST", base + "v1/forms", "{}")
        let id = try #require(created.json["id"] as? String)
        var values: [String] = []
        for index in 0..<20 {
            let value = "user\(index)@example.com"
            let answer = try await DraftHTTP.send(
                "POST", base + "v1/forms/\(id)/edits", #"{"set": "email", "value": "\#(value)"}"#)
            expectEqual(answer.status, 200)
            values.append(value)
        }
        // Killed right after its last 200.
        let killed = first.stop(SIGKILL)
        expectEqual(killed.status, SIGKILL)
        let second = try Server(arguments)
        let again = try DraftHTTP.base(second.banner())
        let shown = try await DraftHTTP.send("GET", again + "v1/forms/\(id)")
        expectEqual(shown.status, 200)
        expectEqual(shown.etag, "\"21\"")
        let state = shown.json["state"] as? [String: Any]
        expectEqual((state?["record"] as? [String: Any])?["email"] as? String, values.last)
        expectEqual(second.stop().status, 0)
    }

    #if !Postgres
    /// A build without the package trait `Postgres` refuses a PostgreSQL store as an argument
    /// error that says what to build, before it listens (and without the URL's password).
    @Test func aBuildWithoutPostgresSaysWhatToBuild() throws {
        let refused = try rulecheck(["serve", "Rules/signup.yaml", "--port", "0", "--store", "postgres://u:secret@127.0.0.1:1/d"])
        expectEqual(refused.status, 2)
        #expect(
            refused.stderr.contains(
                "--store postgres://u@127.0.0.1:1/d: this rulecheck was built without the PostgreSQL draft store; build it with "
                    + "'swift build --traits Postgres'"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("secret"))
    }
    #endif

    @Test func serveRefusesAStoreItCannotUse() throws {
        let bad = try rulecheck(["serve", "Rules/signup.yaml", "--port", "0", "--store", "mysql://u@h/d"])
        expectEqual(bad.status, 2)
        #expect(bad.stderr.contains("unknown scheme 'mysql'"), "\(bad.stderr)")
        let ttl = try rulecheck(["serve", "Rules/signup.yaml", "--port", "0", "--draft-ttl", "soon"])
        expectEqual(ttl.status, 2)
        #expect(ttl.stderr.contains("--draft-ttl takes a duration such as 30d"), "\(ttl.stderr)")
        let text = try temporary("this is not a database\n", "db")
        let unusable = try rulecheck(["serve", "Rules/signup.yaml", "--port", "0", "--store", text, "--no-access-log"])
        expectEqual(unusable.status, 3)
        #expect(unusable.stderr.hasPrefix("rulecheck: the server stopped: \(text): "), "\(unusable.stderr)")
    }
}

/// Requests to a server on loopback, with their `ETag`.
enum DraftHTTP {
    struct Answer {
        let status: Int
        let text: String
        let json: [String: Any]
        let etag: String?
    }

    /// The server's URL in its banner.
    static func base(_ banner: String) throws -> String {
        try #require(banner.split(separator: " ").first { $0.hasPrefix("http://") }.map { String($0.trimmingCharacters(in: [","])) })
    }

    static func send(_ method: String, _ url: String, _ body: String? = nil, ifMatch: String? = nil) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        if let ifMatch { request.setValue(ifMatch, forHTTPHeaderField: "If-Match") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(
            status: http?.statusCode ?? 0, text: String(decoding: data, as: UTF8.self), json: json,
            etag: http?.value(forHTTPHeaderField: "ETag"))
    }
}

#if Postgres
/// `rulecheck serve` processes on one PostgreSQL (`make store-test` starts it and names it in
/// `RULECHECK_TEST_POSTGRES_URL`; without it, these tests fail rather than skip).
@Suite(.serialized) struct PostgresStoreServeTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["RULECHECK_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw CLIError("RULECHECK_TEST_POSTGRES_URL is not set: run these tests with make store-test")
        }
        return url
    }

    struct CLIError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func serve(_ extra: [String] = []) throws -> (CLITests.Server, String) {
        let server = try CLITests.Server(
            ["serve", "Rules/signup.yaml", "--port", "0", "--no-access-log", "--store", try Self.url()] + extra)
        return (server, try DraftHTTP.base(server.banner()))
    }

    /// Create on A, edit on B, read on A; one version edited through both at once: one 200, one
    /// 412; A killed with -9 right after a 200, B goes on, A started again sees the same.
    @Test func twoServesShareFormsAndKill9LosesNothing() async throws {
        var (a, baseA) = try serve()
        let (b, baseB) = try serve()
        let created = try await DraftHTTP.send("POST", baseA + "v1/forms", "{}")
        expectEqual(created.status, 201)
        let id = try #require(created.json["id"] as? String)
        let onB = try await DraftHTTP.send(
            "POST", baseB + "v1/forms/\(id)/edits", #"{"set": "email", "value": "b@example.com"}"#, ifMatch: "\"1\"")
        expectEqual(onB.status, 200)
        let onA = try await DraftHTTP.send("GET", baseA + "v1/forms/\(id)")
        expectEqual(((onA.json["state"] as? [String: Any])?["record"] as? [String: Any])?["email"] as? String, "b@example.com")
        expectEqual(onA.etag, "\"2\"")

        let first = baseA
        async let one = DraftHTTP.send("POST", first + "v1/forms/\(id)/edits", #"{"set": "email", "value": "1@x.org"}"#, ifMatch: "\"2\"")
        async let two = DraftHTTP.send("POST", baseB + "v1/forms/\(id)/edits", #"{"set": "email", "value": "2@x.org"}"#, ifMatch: "\"2\"")
        let answers = try await [one, two]
        expectEqual(answers.map(\.status).sorted(), [200, 412])

        var last = ""
        for index in 0..<10 {
            last = "a\(index)@example.com"
            expectEqual(
                try await DraftHTTP.send("POST", baseA + "v1/forms/\(id)/edits", #"{"set": "email", "value": "\#(last)"}"#).status, 200)
        }
        expectEqual(a.stop(SIGKILL).status, SIGKILL)
        let onBAfter = try await DraftHTTP.send("GET", baseB + "v1/forms/\(id)")
        expectEqual(((onBAfter.json["state"] as? [String: Any])?["record"] as? [String: Any])?["email"] as? String, last)
        expectEqual(onBAfter.etag, "\"13\"")
        expectEqual(
            try await DraftHTTP.send("POST", baseB + "v1/forms/\(id)/edits", #"{"set": "email", "value": "b2@example.com"}"#).status, 200)
        (a, baseA) = try serve()
        let restarted = try await DraftHTTP.send("GET", baseA + "v1/forms/\(id)")
        expectEqual(restarted.etag, "\"14\"")
        expectEqual(((restarted.json["state"] as? [String: Any])?["record"] as? [String: Any])?["email"] as? String, "b2@example.com")
        expectEqual(a.stop().status, 0)
        expectEqual(b.stop().status, 0)
    }

    /// `--draft-ttl 1s`: the draft is gone a while after its last edit.
    @Test func aDraftTTLExpiresTheDraft() async throws {
        let (server, base) = try serve(["--draft-ttl", "1s"])
        let created = try await DraftHTTP.send("POST", base + "v1/forms", "{}")
        let id = try #require(created.json["id"] as? String)
        expectEqual(try await DraftHTTP.send("GET", base + "v1/forms/\(id)").status, 200)
        try await Task.sleep(for: .milliseconds(1500))
        expectEqual(try await DraftHTTP.send("GET", base + "v1/forms/\(id)").status, 404)
        expectEqual(server.stop().status, 0)
    }
}
#endif
