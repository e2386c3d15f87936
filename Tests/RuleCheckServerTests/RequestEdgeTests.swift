import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RuleCheck
@testable import RuleCheckServer
import Synchronization
import Testing
import _RuleCheckTestSupport

/// Smaller edges of issue 21 (item 12): a request id on every answer and in the access log, the
/// preview page's Content-Security-Policy, and what a body nested too deep is told.
@Suite("Request ids, page policy, nesting")
struct RequestEdgeTests {
    let harness = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")])

    @Test func aRequestIdIsEchoedOrMade() async throws {
        var fields = HTTPFields()
        fields[RequestID.field] = "trace-4bf92f3577b34da6"
        let given = try await harness.send(.get, "/healthz", headers: fields)
        expectEqual(given.headers[RequestID.field], "trace-4bf92f3577b34da6")

        let made = try await harness.send(.get, "/healthz")
        let id = try #require(made.headers[RequestID.field])
        expectEqual(id.count, 32)
        #expect(id.allSatisfy { $0.isHexDigit })
        #expect(try await harness.send(.get, "/healthz").headers[RequestID.field] != id)

        // Errors carry it too; an id that is too long or not printable ASCII is replaced.
        fields[RequestID.field] = String(repeating: "x", count: 201)
        let error = try await harness.send(.get, "/nowhere", headers: fields)
        expectEqual(error.status, 404)
        expectEqual(error.headers[RequestID.field]?.count, 32)
        fields[RequestID.field] = "a\u{7F}b"
        #expect(try await harness.send(.get, "/healthz", headers: fields).headers[RequestID.field]?.count == 32)
    }

    @Test func theAccessLogHasTheRequestId() async throws {
        let lines = Mutex<[String]>([])
        let log = AccessLog { line in lines.withLock { $0.append(line) } }
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/healthz", headerFields: [:]),
            body: RequestBody(buffer: ByteBuffer()))
        var response = RuleServer.json(["a": 1])
        response.headers[RequestID.field] = "abc-1"
        log.record(request: request, response: response, duration: .milliseconds(1))
        let entry = try JSONParser().parse(lines.withLock { $0.first } ?? "")
        expectEqual(entry["request_id"], "abc-1")
    }

    @Test func thePreviewPageAndItsAssetsSendAContentSecurityPolicy() async throws {
        let preview = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")]) { $0.preview = true }
        for path in ["/", "/assets/main.js", "/assets/preview.css"] {
            let answer = try await preview.send(.get, path)
            expectEqual(answer.status, 200)
            let policy = try #require(answer.headers[.contentSecurityPolicy], "\(path)")
            #expect(policy.contains("default-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(policy.contains("script-src 'self'"))
            expectEqual(answer.headers[.xContentTypeOptions], "nosniff")
            expectEqual(answer.headers[HTTPField.Name("X-Frame-Options")!], "DENY")
        }
    }

    static let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

    @Test func aBodyNestedTooDeepSaysItHitsTheNestingLimit() async throws {
        let record = try await harness.send(.post, "/v1/forms", text: #"{"record": {"email": "# + Self.deep + "}}")
        expectEqual(record.status, 400)
        expectEqual(record.errorCode, "bad_json")
        expectEqual(record.json["error"]?["message"]?.string?.contains("nested deeper than 512 levels"), true)
        let check = try await harness.send(.post, "/v1/check", text: Self.deep)
        expectEqual(check.status, 400)
        expectEqual(check.json["error"]?["message"]?.string?.contains("nested deeper than 512 levels"), true)
    }
}
