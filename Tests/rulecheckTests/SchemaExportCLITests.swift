import Foundation
import Testing
import _RuleCheckTestSupport

/// `rulecheck schema export`, and the subcommands that take a JSON Schema as their rules.
extension CLITests {
    static let serverDriven = "Rules/server-driven/"

    @Test func schemaExportPrintsJSONSchemaAndUISchemas() throws {
        let export = try rulecheck(["schema", "export", "Rules/listing.yaml"])
        #expect(export.status == 0 && export.stderr.isEmpty)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        expectEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        expectEqual((schema["properties"] as? [String: Any])?.count, 24)
        let draft7 = try rulecheck(["schema", "export", "Rules/listing.yaml", "--draft", "7"])
        #expect(draft7.stdout.contains(#""$schema": "http://json-schema.org/draft-07/schema#""#))
        for format in ["rjsf", "jsonforms"] {
            let ui = try rulecheck(["schema", "export", "Rules/listing.yaml", "--ui", format])
            expectEqual(ui.status, 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(ui.stdout.utf8)) as? [String: Any])
            #expect(format == "rjsf" ? object["ui:order"] != nil : object["type"] as? String == "Categorization")
        }
        let wrong = try rulecheck(["schema", "export", "Rules/listing.yaml", "--draft", "4"])
        expectEqual(wrong.status, 2)
    }

    /// The exported schema, as the rules of `check`, finds what the rules file finds.
    @Test func anExportedSchemaChecksLikeItsRulesFile() throws {
        let schema = try temporary(try rulecheck(["schema", "export", "Rules/osago.yaml"]).stdout, "json")
        let ui = try temporary(try rulecheck(["schema", "export", "Rules/osago.yaml", "--ui", "jsonforms"]).stdout, "json")
        let arguments = ["Rules/samples/osago.csv", "--today", "2026-11-22", "--format", "json", "--progress", "never"]
        let fromRules = try rulecheck(["check", "--rules", "Rules/osago.yaml"] + arguments)
        let fromSchema = try rulecheck(["check", "--rules", schema, "--ui", ui] + arguments)
        #expect(fromRules.status == 1 && fromSchema.status == 1)
        expectEqual(fromSchema.stdout, fromRules.stdout)
        #expect(fromSchema.stderr.isEmpty)
    }

    /// A composed wizard with masks and files (kasko): the export, with either UI schema, checks
    /// its sample records as the rules file does, and imports back with what apps added.
    @Test func aComposedWizardExportsAndChecksLikeItsRulesFile() throws {
        let schema = try temporary(try rulecheck(["schema", "export", "Rules/kasko.yaml"]).stdout, "json")
        let sample = try rulecheck([
            "sample", "Rules/kasko.yaml", "--count", "40", "--invalid-rate", "0.5", "--seed", "3",
            "--format", "jsonl", "--today", "2026-11-22",
        ])
        expectEqual(sample.status, 0)
        let records = try temporary(sample.stdout, "jsonl")
        let arguments = [records, "--today", "2026-11-22", "--format", "json", "--progress", "never"]
        let fromRules = try rulecheck(["check", "--rules", "Rules/kasko.yaml"] + arguments)
        expectEqual(fromRules.status, 1)
        for format in ["rjsf", "jsonforms"] {
            let ui = try temporary(try rulecheck(["schema", "export", "Rules/kasko.yaml", "--ui", format]).stdout, "json")
            let fromSchema = try rulecheck(["check", "--rules", schema, "--ui", ui] + arguments)
            expectEqual(fromSchema.stdout, fromRules.stdout, "\(format)")
            #expect(fromSchema.stderr.isEmpty, "\(format): \(fromSchema.stderr)")
        }
        let imported = try rulecheck(["schema", "import", schema])
        #expect(imported.status == 0 && imported.stderr.isEmpty)
        for line in [
            "pages: true\n", "  'R': {chars: 'АВЕКМНОРСТУХ', case: 'upper'}\n", "        mask: ['R 000 RR 00', 'R 000 RR 000']\n",
            "        type: file\n", "        max_size: 15728640\n", "        media_types: ['image/jpeg', 'image/png', 'image/heic']\n",
        ] {
            #expect(imported.stdout.contains(line), "\(line)")
        }
    }

    @Test func subcommandsTakeAServersSchema() throws {
        let schema = Self.serverDriven + "listing.schema.json", jsonForms = Self.serverDriven + "listing.jsonforms.json"
        let check = try rulecheck([
            "check", "--rules", schema, "--ui", jsonForms, Self.serverDriven + "listing.jsonl",
            "--format", "json", "--progress", "never", "--today", "2026-11-22",
        ])
        expectEqual(check.status, 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        expectEqual((report["summary"] as? [String: Any])?["valid"] as? Int, 3)
        // The import has no findings (they would be warnings on standard error).
        expectEqual(check.stderr, "")

        let lint = try rulecheck(["lint", schema, "--ui", Self.serverDriven + "listing.rjsf.json"])
        expectEqual(lint.status, 0)
        #expect(!lint.stdout.contains("warning"))

        let graph = try rulecheck(["graph", schema, "--format", "mermaid"])
        #expect(graph.status == 0 && graph.stdout.contains("category"))

        let edits = try temporary(#"{"set": "category", "value": "transport"}"# + "\n", "jsonl")
        let replay = try rulecheck(["replay", schema, edits])
        #expect(replay.status == 0 && replay.stdout.contains(#""year":true"#))

        let sample = try rulecheck(["sample", schema, "--count", "3", "--seed", "1", "--format", "jsonl"])
        #expect(sample.status == 0 && sample.stdout.split(separator: "\n").count == 3)
    }

    @Test func theRulesFormatCanBeForcedAndUIOnlyGoesWithASchema() throws {
        // No "$schema": read as a rules file unless told.
        let schema = try temporary(#"{"properties": {"a": {"type": "integer", "maximum": 3}}}"#, "json")
        let asRules = try rulecheck(["lint", schema])
        expectEqual(asRules.status, 2)
        let forced = try rulecheck(["lint", schema, "--rules-format", "jsonschema"])
        #expect(forced.status == 0 && forced.stdout.isEmpty)
        let ui = try rulecheck(["lint", "Rules/listing.yaml", "--ui", Self.serverDriven + "listing.rjsf.json"])
        expectEqual(ui.status, 2)
        #expect(ui.stdout.contains("--ui goes with a JSON Schema"))
    }
}
