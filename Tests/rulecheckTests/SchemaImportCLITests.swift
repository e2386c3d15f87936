import Foundation
import Testing
import _RuleCheckTestSupport

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
        expectEqual(run.status, 0)
        #expect(
            run.stdout.contains(
                "title: 'Listing'\ndefaults:\n  empty_values: 'present'\nfields:\n  - id: 'title'\n    type: text\n    required: true\n    max_length: 5\n"
            ))
        #expect(run.stdout.contains("      - expr: price > 0\n"))
        #expect(run.stdout.contains("  - id: 'photos'\n    type: values\n"))
        // `contains` has no field: the schema, printed under json_schema:, checks it (no finding).
        expectEqual(run.stderr, "")
        #expect(run.stdout.contains("json_schema: |2\n"))

        // The printed rules check records like the schema.
        let rules = try temporary(run.stdout, "yaml")
        let check = try rulecheck(
            ["check", "--rules", rules, "-", "--input", "jsonl", "--format", "json", "--progress", "never"],
            stdin: #"{"title": "toolong", "price": 0}"# + "\n" + #"{"title": "ok", "price": 1}"# + "\n"
                + #"{"title": "ok", "tags": ["old"]}"# + "\n" + #"{"title": "ok", "tags": ["old", "new"]}"# + "\n")
        expectEqual(check.status, 1)
        #expect(check.stdout.contains("\"record\":1"))
        #expect(!check.stdout.contains("\"record\":2"))
        #expect(check.stdout.contains("\"code\":\"contains\""))
        #expect(check.stdout.contains("\"record\":3"))
        #expect(!check.stdout.contains("\"record\":4"))
    }

    @Test func schemaImportStrictAndJSONAndErrors() throws {
        let schema = try temporary(Self.schema, "json")
        // --strict refuses what the schema cannot decide: a $ref to a document not given.
        let remote = try temporary(##"{"properties": {"a": {"$ref": "https://example.com/a.json"}}}"##, "json")
        let strict = try rulecheck(["schema", "import", remote, "--strict"])
        expectEqual(strict.status, 2)
        #expect(strict.stdout.isEmpty)
        #expect(
            strict.stderr.contains("/properties/a/$ref: not supported: $ref 'https://example.com/a.json' is a schema that was not given"))
        expectEqual(try rulecheck(["schema", "import", schema, "--strict"]).status, 0)

        let json = try rulecheck(["schema", "import", schema, "--format", "json"])
        expectEqual(json.status, 0)
        #expect(json.stdout.hasPrefix("{"))

        let broken = try temporary(
            ##"{"properties": {"a": {"$ref": "#/definitions/a"}}, "definitions": {"a": {"$ref": "#/definitions/a"}}}"##, "json")
        // A $ref cycle: the form stops there (a warning names it), the schema is kept.
        let cycle = try rulecheck(["schema", "import", broken])
        expectEqual(cycle.status, 0)
        #expect(cycle.stderr.contains("ignored: $ref cycle: #/definitions/a → #/definitions/a"))
        // A schema the evaluator refuses is an error at its keyword.
        let bad = try temporary(##"{"properties": {"a": {"type": "string", "minLength": -1}}}"##, "json")
        let refused = try rulecheck(["schema", "import", bad])
        expectEqual(refused.status, 2)
        #expect(refused.stderr.contains("/properties/a/minLength"))
    }

    /// Issue 22: an imported schema's `multipleOf` and bounds keep their digits, and `check`
    /// judges JSON Lines and CSV on the digits as written (what ajv refuses, it refuses).
    @Test func schemaImportKeepsNumbersExact() throws {
        let schema = try temporary(
            #"""
            {"type": "object", "properties": {
               "even": {"type": "integer", "multipleOf": 2},
               "cents": {"type": "number", "multipleOf": 0.01},
               "big": {"type": "integer", "minimum": 9007199254740993}}}
            """#, "json")
        let imported = try rulecheck(["schema", "import", schema])
        expectEqual(imported.status, 0)
        expectEqual(imported.stderr, "")
        #expect(imported.stdout.contains("    min: 9007199254740993\n"))
        let rules = try temporary(imported.stdout, "yaml")
        let jsonl = try rulecheck(
            ["check", "--rules", rules, "-", "--input", "jsonl", "--format", "jsonl", "--progress", "never"],
            stdin: #"{"even": 3000000001, "cents": 10000000.005, "big": 9007199254740992}"# + "\n"
                + #"{"even": 3000000000, "cents": 10000000.01, "big": 9007199254740993}"# + "\n")
        let csv = try rulecheck(
            ["check", "--rules", rules, "-", "--input", "csv", "--format", "jsonl", "--progress", "never"],
            stdin: "even,cents,big\n3000000001,10000000.005,9007199254740992\n3000000000,10000000.01,9007199254740993\n")
        for run in [jsonl, csv] {
            expectEqual(run.status, 1)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            expectEqual(lines.count, 4)
            #expect(lines.dropLast().allSatisfy { $0.contains(#""record":1"#) })
            #expect(lines[0].contains(#""message":"even must be a multiple of 2""#))
            #expect(lines[1].contains(#""message":"cents must be a multiple of 0.01""#))
            #expect(lines[2].contains(#""message":"big must be at least 9007199254740993""#))
        }
    }
}

/// Output is byte-identical from run to run: each run is its own process, with its own seed for
/// Swift's hashing, so any order taken from a dictionary or a set would show here.
extension CLITests {
    @Test func importAndCheckPrintTheSameBytesInEveryProcess() throws {
        var properties: [String] = []
        for index in 0..<40 {
            properties.append(#""p\#(index)": {"type": "integer", "maximum": \#(index)}"#)
        }
        let schema = try temporary(
            ##"""
            {"type": "object", "additionalProperties": false, "required": ["p1", "p2", "p3"],
             "properties": {\##(properties.joined(separator: ", ")),
               "a": {"$ref": "#/definitions/x"}, "b": {"$ref": "#/definitions/y"}, "far": {"$ref": "https://example.com/far.json"},
               "node": {"$ref": "#/definitions/node"}},
             "patternProperties": {"^q": {"type": "string"}},
             "definitions": {"x": {"$ref": "#/definitions/y"}, "y": {"$ref": "#/definitions/x"},
                             "node": {"type": "object", "properties": {"child": {"$ref": "#/definitions/node"}, "n": {"type": "string"}}}}}
            """##, "json")
        var record: [String] = []
        for index in 0..<40 { record.append(#""p\#(index)": \#(index + 1)"#) }
        let data = "{" + record.joined(separator: ", ") + #", "zz": 1, "q1": 2, "qq": 3, "node": {"child": {"n": 1}}}"# + "\n"
        var imports: Set<String> = []
        var checks: Set<String> = []
        for _ in 0..<3 {
            let imported = try rulecheck(["schema", "import", schema], stdin: "")
            imports.insert(imported.stdout + "\u{0}" + imported.stderr)
            let checked = try rulecheck(
                [
                    "check", "--rules", schema, "--rules-format", "jsonschema", "-", "--input", "jsonl", "--format", "jsonl", "--progress",
                    "never",
                ],
                stdin: data)
            #expect(checked.status == 1)
            checks.insert(checked.stdout + "\u{0}" + checked.stderr)
        }
        #expect(imports.count == 1, "\(imports)")
        #expect(checks.count == 1, "\(checks)")
    }
}
