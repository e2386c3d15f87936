import Foundation
import RuleCheck
import Testing

/// Docs/json-schema.md's in-app snippet: the finding its comment shows is the one the import of
/// the worked example (Rules/server-driven/) reports, at the same line and column.
@Suite("Docs: JSON Schema guide")
struct JSONSchemaGuideTests {
    @Test func theSnippetsFindingIsTheOneTheImportReports() throws {
        let guide = try String(contentsOf: Fixtures.root.appendingPathComponent("Docs/json-schema.md"), encoding: .utf8)
        let comment = try #require(guide.split(separator: "\n").first { $0.hasPrefix("// listing.schema.json:") })
        let shown = try #require(comment.dropFirst(3).components(separatedBy: " …").first)
        let directory = Fixtures.root.appendingPathComponent("Rules/server-driven")
        let (_, findings) = try RuleSet.importing(
            jsonSchema: Data(contentsOf: directory.appendingPathComponent("listing.schema.json")),
            uiSchema: Data(contentsOf: directory.appendingPathComponent("listing.rjsf.json")),
            source: "listing.schema.json")
        #expect(findings.contains { $0.description.hasPrefix(shown) }, "\(shown)\nfindings: \(findings)")
    }
}
