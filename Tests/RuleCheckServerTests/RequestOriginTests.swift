import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// Who may talk to the server: requests must name a host the server answers for (DNS rebinding),
/// come from its own page or an allowed origin, and say what their body is (cross-origin "simple"
/// requests) — issue 21, items 2 and 3.
@Suite("Hosts, origins and media types")
struct RequestOriginTests {
    let harness = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")])

    @Test(arguments: ["rebind.attacker.example", "rebind.attacker.example:8080", "127.0.0.2", "localhost.attacker.example"])
    func aRequestForAnotherHostIsRefused(host: String) async throws {
        let answer = try await harness.send(.get, "/v1/rules", authority: host)
        expectEqual(answer.status, 421)
        expectEqual(answer.errorCode, "host_not_allowed")
        expectEqual(answer.headers[.contentType], "application/json")
        expectEqual(answer.json["error"]?["message"]?.string?.contains("--allowed-host"), true)
    }

    @Test(arguments: ["localhost", "localhost:8080", "LOCALHOST:1", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:8080"])
    func theLoopbackNamesAreAnswered(host: String) async throws {
        #expect(try await harness.send(.get, "/v1/rules", authority: host).status == 200)
    }

    @Test func theHostListenedOnAndTheAllowedHostsAreAnswered() async throws {
        let server = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) {
            $0.host = "10.1.2.3"
            $0.allowedHosts = ["rules.internal", "Checks.Example.COM"]
        }
        for host in ["10.1.2.3:8080", "rules.internal", "rules.internal:443", "checks.example.com", "localhost"] {
            #expect(try await server.send(.get, "/healthz", authority: host).status == 200, "\(host)")
        }
        #expect(try await server.send(.get, "/healthz", authority: "rules.internal.attacker.example").status == 421)
        let any = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) { $0.allowedHosts = ["*"] }
        #expect(try await any.send(.get, "/healthz", authority: "anything.example").status == 200)
    }

    /// A page anywhere on the web could post a form without a preflight if a body without a type
    /// were read as JSON.
    @Test(
        arguments: [
            ("/v1/check", nil), ("/v1/forms", nil), ("/v1/check", "text/plain"), ("/v1/forms", "text/plain"),
            ("/v1/forms", "application/x-www-form-urlencoded"), ("/v1/check", "multipart/form-data; boundary=x"),
        ] as [(String, String?)])
    func aPostMustSayItsBodyIsJSON(path: String, type: String?) async throws {
        let answer = try await harness.send(.post, path, body: Array(#"{"email": "a@b.c"}"#.utf8), type: type)
        expectEqual(answer.status, 415)
        expectEqual(answer.errorCode, "unsupported_media_type")
        expectEqual(harness.server.forms.count, 0)
    }

    @Test func anEditMustSayItsBodyIsJSON() async throws {
        let (id, _) = try await harness.newForm()
        let answer = try await harness.send(.post, "/v1/forms/\(id)/edits", body: Array(#"{"set": "email", "value": "a"}"#.utf8), type: nil)
        expectEqual(answer.status, 415)
        expectEqual(answer.errorCode, "unsupported_media_type")
    }

    @Test func aForeignOriginIsRefused() async throws {
        var fields = HTTPFields()
        fields[.origin] = "https://evil.example"
        let post = try await harness.send(.post, "/v1/forms", body: Array("{}".utf8), headers: fields)
        expectEqual(post.status, 403)
        expectEqual(post.errorCode, "origin_not_allowed")
        expectEqual(harness.server.forms.count, 0)
        #expect(try await harness.send(.get, "/v1/rules", headers: fields).status == 403)
        fields[.origin] = "null"
        #expect(try await harness.send(.get, "/v1/rules", headers: fields).status == 403)
        // Its own page: the origin is the host the request names.
        fields[.origin] = "http://localhost:8080"
        let own = try await harness.send(.post, "/v1/forms", body: Array("{}".utf8), headers: fields, authority: "localhost:8080")
        expectEqual(own.status, 201)
        expectEqual(own.headers[.accessControlAllowOrigin], nil)
    }

    @Test func anAllowedOriginGetsCORSHeadersAndPreflights() async throws {
        let server = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) {
            $0.allowedOrigins = ["https://app.example.com"]
        }
        var fields = HTTPFields()
        fields[.origin] = "https://app.example.com"
        let post = try await server.send(.post, "/v1/check", body: Array("{}".utf8), headers: fields)
        expectEqual(post.status, 200)
        expectEqual(post.headers[.accessControlAllowOrigin], "https://app.example.com")
        expectEqual(post.headers[.vary], "Origin")

        fields[.accessControlRequestMethod] = "POST"
        fields[.accessControlRequestHeaders] = "content-type, x-request-id"
        let preflight = try await server.send(.options, "/v1/forms/abc/edits", headers: fields)
        expectEqual(preflight.status, 204)
        expectEqual(preflight.headers[.accessControlAllowOrigin], "https://app.example.com")
        expectEqual(preflight.headers[.accessControlAllowMethods], "POST")
        expectEqual(preflight.headers[.accessControlAllowHeaders], "Content-Type, X-Request-Id")
        expectEqual(preflight.headers[.accessControlMaxAge], "600")

        fields[.origin] = "https://evil.example"
        let foreign = try await server.send(.options, "/v1/check", headers: fields)
        expectEqual(foreign.status, 403)
        expectEqual(foreign.errorCode, "origin_not_allowed")
    }
}
