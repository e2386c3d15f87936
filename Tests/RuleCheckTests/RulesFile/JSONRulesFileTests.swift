import Foundation
import Patterns
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Rules files written as JSON (what servers send) are read by the package's JSON scanner into
/// the same document as YAML, with diagnostics at their place in the JSON text.
@Suite("JSON rules files")
struct JSONRulesFileTests {
    /// Everything a compiled rule set says about its fields, as text, for comparing two.
    private static func summary(_ rules: RuleSet) -> [String] {
        rules.fields.map { field in
            [
                field.path, field.type.rawValue, field.title, field.required?.rule ?? "-", field.computed?.rule ?? "-",
                field.visibleConditions.map(\.rule).joined(separator: " & "), field.pattern?.source ?? "-",
                field.mask?.notation ?? "-", field.min?.rule ?? "-", field.max?.rule ?? "-",
                field.options.map { "\($0.value)=\($0.title)" }.joined(separator: ","), "\(field.checks.count)",
                field.dependsOn.map { rules.fields[$0.index].path }.joined(separator: ","),
            ].joined(separator: " | ")
        } + rules.edges.map { "\(rules.fields[$0.from.index].path) → \(rules.fields[$0.to.index].path) \($0.kind)" }
    }

    /// Every example in Rules/, written out as JSON, compiles to the same rules as its YAML.
    @Test(arguments: ["osago.yaml", "signup.yaml", "listing.yaml"])
    func theExamplesReadTheSameFromJSON(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("Rules").appendingPathComponent(name)
        let yaml = try String(contentsOf: url, encoding: .utf8)
        let source = SourceText(name: name, text: yaml)
        var diagnostics: [Diagnostic] = []
        let read = RulesFileReader.read(source.bytes, name: name, diagnostics: &diagnostics)
        let root = try #require(read.root)
        var parser = RulesFileParser(source: source)
        let parsed = parser.document(root)
        let document = try #require(parsed)
        let json = document.json()
        expectEqual(RulesFileReader.format(name: "x", bytes: Array(json.utf8)), .json)
        let fromYAML = try RuleSet(yaml: yaml, source: name)
        let fromJSON = try RuleSet(bytes: Array(json.utf8), source: "rules.json")
        expectEqual(Self.summary(fromJSON), Self.summary(fromYAML))
        expectEqual(fromJSON.sections.map(\.id), fromYAML.sections.map(\.id))
        // The JSON writer prints an object's keys sorted (JSON objects have no order).
        expectEqual(fromJSON.gates.map(\.name).sorted(), fromYAML.gates.map(\.name).sorted())
        #expect(fromJSON.dateFormat == fromYAML.dateFormat && fromJSON.hiddenValues == fromYAML.hiddenValues)
    }

    @Test func jsonTypesAreReadAsYAMLWouldReadThem() throws {
        let rules = try RuleSet(
            bytes: Array(
                #"""
                {"form": "t", "fields": [
                  {"id": "n", "type": "number", "min": 1.50, "initial": 2},
                  {"id": "c", "type": "choice", "options": [1, 2, {"value": 3, "title": "Three"}]},
                  {"id": "t", "type": "choice", "options": ["1", "2"]},
                  {"id": "b", "type": "bool", "initial": true, "required": "n > 1"}
                ]}
                """#.utf8), source: "t.json")
        expectEqual(rules.field("n")?.min?.rule, "min: 1.50")
        expectEqual(rules.field("c")?.options.map(\.value), [.number(1), .number(2), .number(3)])
        expectEqual(rules.field("c")?.options.last?.title, "Three")
        // Strings are text, as quoted scalars in YAML are.
        expectEqual(rules.field("t")?.options.map(\.value), [.text("1"), .text("2")])
        expectEqual(rules.field("b")?.required?.rule, "required: n > 1")
    }

    /// Diagnostics of a JSON file point into the JSON, inside strings too (escapes counted).
    @Test func diagnosticsPointIntoTheJSON() {
        let source = MarkedText(
            #"""
            {"form": "t", "fields": [
              {"id": "a", "type": "number", 1️⃣"visibel_if": "true"},
              {"id": "b", "type": "number", "value": "\"x\" + 2️⃣zz"},
              {"id": "c", "type": "text", "pattern": "[0-9", "title": "A", 3️⃣"title": "B"},
              {"id": "d", "type": "number", "min": 4️⃣[1]}
            ]}
            """#)
        let diagnostics = RuleSetCompiler.compile(source.text, source: "t.json").diagnostics.map {
            "\($0.location.map(String.init(describing:)) ?? "-"): \($0.message)"
        }
        #expect(
            diagnostics == [
                "\(source.location("1️⃣", file: "t.json")): unknown key 'visibel_if' in a field; did you mean 'visible_if'?",
                "\(source.location("2️⃣", file: "t.json")): unknown field 'zz'",
                "t.json:4:47: invalid regex: missing terminating ] for character class",
                "\(source.location("3️⃣", file: "t.json")): duplicate key 'title' (first on line 4)",
                "\(source.location("4️⃣", file: "t.json")): min must be a single value, not a list",
            ])
    }

    @Test func aJSONSyntaxErrorIsReportedAtItsPlace() {
        let errors = RuleSetCompiler.compile(#"{"form": "t", "fields": [{"id": "a"},]}"#, source: "t.json").diagnostics
        expectEqual(
            errors.map(\.description).first?.hasPrefix(
                "t.json:1:38: error: JSON: expected a value after ',', found ']' (trailing commas are not allowed) [RC1005]"), true)
        // A '.json' file is JSON even when it does not look like it; others are told by their first character.
        expectEqual(RulesFileReader.format(name: "rules.json", bytes: Array("form: t".utf8)), .json)
        expectEqual(RulesFileReader.format(name: "rules.yml", bytes: Array("{}".utf8)), .yaml)
        expectEqual(RulesFileReader.format(name: "-", bytes: Array(" \n{}".utf8)), .json)
        expectEqual(RulesFileReader.format(name: "-", bytes: Array("form: t".utf8)), .yaml)
    }
}
