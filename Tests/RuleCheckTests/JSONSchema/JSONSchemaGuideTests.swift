import Foundation
import RuleCheck
import Testing

/// Docs/json-schema.md's in-app snippet: what its comment says the import of the worked example
/// (Rules/server-driven/) reports is what it reports.
@Suite("Docs: JSON Schema guide")
struct JSONSchemaGuideTests {
    @Test func theSnippetsFindingsAreTheOnesTheImportReports() throws {
        let guide = try String(contentsOf: Fixtures.root.appendingPathComponent("Docs/json-schema.md"), encoding: .utf8)
        let comment = try #require(
            guide.split(separator: "\n").first { $0.hasPrefix("// (nothing for Rules/server-driven/listing.schema.json") })
        let directory = Fixtures.root.appendingPathComponent("Rules/server-driven")
        let (_, findings) = try RuleSet.importing(
            jsonSchema: Data(contentsOf: directory.appendingPathComponent("listing.schema.json")),
            uiSchema: Data(contentsOf: directory.appendingPathComponent("listing.rjsf.json")),
            source: "listing.schema.json")
        #expect(findings.isEmpty, "\(comment)\nfindings: \(findings)")
    }
}
