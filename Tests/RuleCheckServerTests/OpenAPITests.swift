import HTTPTypes
import Foundation
@testable import RuleCheckServer
import Testing
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
        #expect(documented == served)
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
            #expect(query == endpoint.query, "\(endpoint.method) \(endpoint.path)")
        }
    }

    @Test func theServerServesTheCommittedDocument() async throws {
        let harness = ServerHarness(files: [ServerHarness.repository("Rules/signup.yaml")])
        let answer = try await harness.send(.get, "/openapi.yaml")
        #expect(answer.status == 200)
        #expect(answer.headers[.contentType] == "application/yaml")
        #expect(answer.bytes == Array(try Data(contentsOf: URL(fileURLWithPath: Self.path))))
    }

    /// Every error code the server gives is named in the document.
    @Test func theErrorCodesAreDocumented() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        for code in [
            "bad_json", "bad_request", "not_found", "method_not_allowed", "unsupported_media_type", "body_too_large",
            "unknown_rules", "rules_broken", "form_not_found", "too_many_forms", "time_limit", "busy",
            "unknown_field", "computed_field", "disabled_field", "hidden_field", "type_mismatch", "not_an_option", "unknown_page",
            "not_a_value_field", "index_out_of_range", "snapshot_mismatch", "host_not_allowed", "origin_not_allowed",
            "header_timeout", "headers_too_large",
            "form_too_large", "forms_memory_full",
        ] {
            #expect(text.contains("`\(code)`"), "\(code)")
        }
    }
}
