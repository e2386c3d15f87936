import Foundation
import Testing

/// `rulecheck schema import`: the printed rules file, findings on stderr, `--strict`.
extension CLITests {
    static let schema = #"""
        {"title": "Listing", "type": "object", "required": ["title"],
         "properties": {
           "title": {"type": "string", "maxLength": 5},
           "price": {"type": "number", "exclusiveMinimum": 0},
           "photos": {"type": "array", "items": {"type": "string"}},
           "tags": {"type": "array", "items": {"type": "string"}, "contains": {"const": "new"}}}}
        """#

    @Test func schemaImportPrintsARulesFileAndFindings() throws {
        let schema = try temporary(Self.schema, "json")
        let run = try rulecheck(["schema", "import", schema])
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                "title: 'Listing'\ndefaults:\n  empty_values: 'present'\nfields:\n  - id: 'title'\n    type: text\n    required: true\n    max_length: 5\n"
            ))
        #expect(run.stdout.contains("      - expr: price > 0\n"))
        #expect(run.stdout.contains("  - id: 'photos'\n    type: values\n"))
        #expect(
            run.stderr == "\(schema):6:59: /properties/tags/contains: not supported: 'contains' is not supported here; it is not checked\n")

        // The printed rules check records like the schema.
        let rules = try temporary(run.stdout, "yaml")
        let check = try rulecheck(
            ["check", "--rules", rules, "-", "--input", "jsonl", "--format", "json", "--progress", "never"],
            stdin: #"{"title": "toolong", "price": 0}"# + "\n" + #"{"title": "ok", "price": 1}"# + "\n")
        #expect(check.status == 1)
        #expect(check.stdout.contains("\"record\":1"))
        #expect(!check.stdout.contains("\"record\":2"))
    }

    @Test func schemaImportStrictAndJSONAndErrors() throws {
        let schema = try temporary(Self.schema, "json")
        let strict = try rulecheck(["schema", "import", schema, "--strict"])
        #expect(strict.status == 2)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr.contains("/properties/tags/contains: not supported"))

        let json = try rulecheck(["schema", "import", schema, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{"))

        let broken = try temporary(
            ##"{"properties": {"a": {"$ref": "#/definitions/a"}}, "definitions": {"a": {"$ref": "#/definitions/a"}}}"##, "json")
        let cycle = try rulecheck(["schema", "import", broken])
        #expect(cycle.status == 2)
        #expect(cycle.stderr.contains("$ref cycle: #/definitions/a → #/definitions/a"))
    }
}
