import HTTPTypes
import Foundation
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport
import Yams

/// The committed OpenAPI document and the server agree: the same endpoints, methods and query
/// parameters, and the document the server serves is the committed one.
@Suite("OpenAPI document")
struct OpenAPITests {
    static let path = ServerHarness.repository("Docs/openapi.yaml")

    static func document() throws -> [String: Any] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    @Test func everyEndpointIsDocumentedAndNothingElse() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: Any])
        var documented: Set<String> = []
        for (path, item) in paths {
            for method in (item as? [String: Any] ?? [:]).keys where method != "parameters" {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        let served = Set(Endpoint.all.map { "\($0.method) \($0.path)" })
        expectEqual(documented, served)
    }

    @Test func queryParametersAreTheOnesTheServerTakes() throws {
        let document = try Self.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
        for endpoint in Endpoint.all {
            let operation = paths[endpoint.path]?[endpoint.method.lowercased()] as? [String: Any] ?? [:]
            let parameters = (operation["parameters"] as? [[String: Any]] ?? []).map { parameter -> [String: Any] in
                guard let reference = parameter["$ref"] as? String else { return parameter }
                return shared[String(reference.split(separator: "/").last ?? "")] ?? [:]
            }
            let query = Set(parameters.filter { $0["in"] as? String == "query" }.compactMap { $0["name"] as? String })
            expectEqual(query, endpoint.query, "\(endpoint.method) \(endpoint.path)")
        }
    }

    @Test func theServerServesTheCommittedDocument() async throws {
        let harness = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")])
        let answer = try await harness.send(.get, "/openapi.yaml")
        expectEqual(answer.status, 200)
        expectEqual(answer.headers[.contentType], "application/yaml")
        #expect(answer.bytes == Array(try Data(contentsOf: URL(fileURLWithPath: Self.path))))
    }

    /// Every error code the server can send is named in the document: the codes are read from
    /// the sources that make them — `code: "…"` in the server, `Code("…")` in FormError — so a
    /// new code cannot go undocumented (a hard-coded list here had fallen behind).
    @Test func theErrorCodesAreDocumented() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let serverSources = try FileManager.default.contentsOfDirectory(atPath: ServerHarness.repository("Sources/RuleCheckServer"))
            .filter { $0.hasSuffix(".swift") }.map { "Sources/RuleCheckServer/" + $0 }
        var codes: Set<String> = []
        for file in serverSources + ["Sources/RuleCheck/Form/FormError.swift"] {
            let source = try String(contentsOfFile: ServerHarness.repository(file), encoding: .utf8)
            for match in source.matches(of: #/(?:code: |Code\()"([a-z_]+)"/#) { codes.insert(String(match.1)) }
        }
        // The sources were read: these are among them (and the document must name every one found).
        #expect(codes.isSuperset(of: ["bad_json", "unknown_rules", "rules_broken", "form_too_large", "snapshot_mismatch", "unknown_page"]))
        #expect(codes.count >= 28, "\(codes.sorted())")
        // Not sent: `internal` (a 500 would be a bug, documented as such), and `unknown_section`,
        // which only copying sections between forms in an app gives (the API has no such edit).
        for code in codes.sorted() where !["internal", "unknown_section"].contains(code) {
            #expect(text.contains("`\(code)`"), "\(code) is sent but not documented in openapi.yaml")
        }
    }
}
