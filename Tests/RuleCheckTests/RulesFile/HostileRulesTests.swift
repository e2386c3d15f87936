import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Rules files as an attacker or a careless exporter writes them: each case is generated, and
/// must give a clear error at its line and column (or compile), never a hang, a crash or memory
/// without bound. Expressions nested too deeply, huge duration literals and masks are in
/// HostileExpressionTests and the Patterns tests.
@Suite("Hostile rules files")
struct HostileRulesTests {
    /// `file:line:column: error: message` of each error, or [] when the rules compile.
    private static func errors(_ bytes: [UInt8], source: String = "t.yaml") -> [String] {
        do {
            _ = try RuleSet(bytes: bytes, source: source)
            return []
        } catch {
            return error.errors.map { "\($0.location.map(String.init(describing:)) ?? "-"): error: \($0.message)" }
        }
    }

    private static func errors(_ text: String, source: String = "t.yaml") -> [String] {
        errors(Array(text.utf8), source: source)
    }

    // MARK: - YAML aliases

    /// Groups whose `fields:` alias the previous group's twice: each level doubles the fields, so
    /// 20 levels in 3 KB expand to a million (before the limit: 20 s and 2.3 GB, still running).
    static func aliasBomb(levels: Int) -> String {
        var lines = ["form: t", "fields:", "  - id: g0", "    type: group", "    fields: &f0", "      - id: x"]
        for level in 1..<levels {
            lines += [
                "  - id: g\(level)", "    type: group", "    fields: &f\(level)",
                "      - id: a", "        type: group", "        fields: *f\(level - 1)",
                "      - id: b", "        type: group", "        fields: *f\(level - 1)",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func anAliasBombIsAnErrorAtTheAlias() throws {
        let text = Self.aliasBomb(levels: 20)
        #expect(text.utf8.count < 3_000)
        let errors = Self.errors(text)
        try #require(errors.count == 1)
        let message = "YAML aliases expand to more than 100000 nodes (here '*f"
        #expect(errors[0].contains(message))
        // It points at an alias as written.
        let parts = errors[0].split(separator: ":")
        let line = try #require(Int(parts[1])), column = try #require(Int(parts[2]))
        let sourceLine = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        #expect(sourceLine.dropFirst(column - 1).hasPrefix("*f"))
    }

    /// The issue's own file: 568 bytes of nested aliases under a group's `fields:`.
    @Test func aliasesUnderGroupFieldsAreBounded() {
        var text = "form: t\nfields:\n  - id: top\n    type: group\n    fields: &a\n      - {id: x}\n      - {id: y}\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s"] {
            text +=
                "  - {id: \(name), type: group, fields: &\(name) [{id: u, type: group, fields: *\(previous)}, "
                + "{id: v, type: group, fields: *\(previous)}]}\n"
            previous = name
        }
        expectEqual(Self.errors(text).first?.contains("YAML aliases expand to more than 100000 nodes"), true)
    }

    /// Aliases within the limit expand as YAML says: the same fields under each group.
    @Test func aliasesWithinTheLimitExpand() throws {
        let rules = try RuleSet(yaml: Self.aliasBomb(levels: 4), source: "t.yaml")
        // g0 has x; g1 has a{x}, b{x}; g2 has a{g1's}, b{g1's}; g3 likewise.
        #expect(rules.field("g3.a.b.a.x") != nil)
        #expect(rules.field("g3.b.a.b.x") != nil)
        expectEqual(rules.fields.count, 2 + 5 + 11 + 23)
    }

    // MARK: - Merge keys

    @Test func mergesOfMergesApply() throws {
        let rules = try RuleSet(
            yaml: """
                form: t
                fields:
                  - &base {id: a, type: integer, min: 1}
                  - &mid {<<: *base, id: b, required: true}
                  - {<<: *mid, id: c}
                  - {<<: [*mid, {id: x, type: text, title: T}], id: d}
                  - <<: *mid
                    id: e
                    min: 5
                """, source: "t.yaml")
        for id in ["a", "b", "c", "d", "e"] {
            expectEqual(rules.field(id)?.type, .integer, "\(id)")
        }
        #expect(rules.field("a")?.required == nil)
        expectEqual(rules.field("c")?.required?.rule, "required: true")
        expectEqual(rules.field("d")?.required?.rule, "required: true")
        expectEqual(rules.field("d")?.title, "T")
        expectEqual(rules.field("e")?.min?.rule, "min: 5")
        expectEqual(rules.field("c")?.min?.rule, "min: 1")
    }

    /// A mistake in a merged mapping is reported once, where it is written.
    @Test func aMistakeInAMergedMappingPointsAtItsSource() {
        let source = MarkedText(
            """
            form: t
            fields:
              - &base {id: a, 1️⃣typo: 1}
              - &mid {<<: *base, id: b}
              - {<<: *mid, id: c}
              - {<<: [*mid, 2️⃣3], id: d}
            """)
        #expect(
            Self.errors(source.text) == [
                "\(source.location("1️⃣", file: "t.yaml")): error: unknown key 'typo' in a field; did you mean 'type'?",
                "\(source.location("2️⃣", file: "t.yaml")): error: a merge key '<<' needs a mapping or a list of mappings, not a single value",
            ])
    }

    // MARK: - Bytes and lists

    @Test func invalidUTF8IsAnErrorAtItsPlace() {
        var bytes = Array("form: t\ntitle: \"ab".utf8) + [0xFF] + Array("cd\"\nfields:\n  - id: a\n".utf8)
        expectEqual(
            Self.errors(bytes),
            ["t.yaml:2:11: error: the rules file is not UTF-8 text: byte 0xFF here is not UTF-8 (save the file as UTF-8)"])
        // A lone continuation byte in a JSON rules file, after two-byte characters.
        bytes = Array(#"{"form": "ё", "fields": [{"id": "a", "title": "ж"#.utf8) + [0x80] + Array(#""}]}"#.utf8)
        expectEqual(
            Self.errors(bytes, source: "t.json"),
            ["t.json:1:49: error: the rules file is not UTF-8 text: byte 0x80 here is not UTF-8 (save the file as UTF-8)"])
        // A byte-order mark is not a mistake.
        expectEqual(Self.errors([0xEF, 0xBB, 0xBF] + Array("form: t\nfields:\n  - id: a\n".utf8)), [])
    }

    @Test func aFormWithoutFieldsIsAnError() {
        expectEqual(Self.errors("form: t\nfields: []\n"), ["t.yaml:2:9: error: the form has no fields ('fields: []')"])
        expectEqual(Self.errors("form: t\n"), ["t.yaml:1:1: error: the rules file has no fields: add 'fields:' or 'sections:'"])
        expectEqual(Self.errors("form: t\nsections: []\n"), ["t.yaml:2:11: error: the form has no sections ('sections: []')"])
        expectEqual(
            Self.errors("form: t\nsections:\n  - id: s\n    fields: []\n"), ["t.yaml:4:13: error: section 's' has no fields ('fields: []')"]
        )
        expectEqual(
            Self.errors("form: t\nfields:\n  - id: g\n    type: group\n    fields: []\n"),
            ["t.yaml:5:13: error: field 'g' has no fields ('fields: []')"])
        expectEqual(
            Self.errors("form: t\nfields:\n  - id: l\n    type: list\n    item: []\n"),
            ["t.yaml:5:11: error: field 'l' has no fields ('item: []')"])
        #expect(
            Self.errors(#"{"form": "t", "fields": []}"#, source: "t.json")
                == ["t.json:1:25: error: the form has no fields ('fields: []')"])
    }

    // MARK: - Nesting

    /// `depth` groups, each the only field of the one around it, in flow style on one line.
    static func nestedGroups(_ depth: Int) -> String {
        "form: t\nfields: " + String(repeating: "[{id: g, type: group, fields: ", count: depth) + "[{id: x}]"
            + String(repeating: "}]", count: depth) + "\n"
    }

    /// 400 nested groups (within libyaml's nesting limit) exhausted the stack reading the fields
    /// (about 23 KB of stack per level): groups and lists nest at most 50 levels deep.
    @Test func deeplyNestedGroupsAreAnError() throws {
        for depth in [51, 400] {
            let errors = Self.errors(Self.nestedGroups(depth))
            // The 51st `fields:` list: its `[` after 50 times `[{id: g, type: group, fields: `.
            #expect(errors == ["t.yaml:2:\(9 + 50 * 30): error: groups and lists nest more than 50 levels deep here"])
        }
        let rules = try RuleSet(yaml: Self.nestedGroups(49), source: "t.yaml")
        expectEqual(rules.fields.count, 50)
        #expect(rules.field(Array(repeating: "g", count: 49).joined(separator: ".") + ".x") != nil)
    }

    // MARK: - Size

    /// Issue 13's shape: every field has a pattern, `depends_on` and `visible_if`.
    static func minifiedJSON(fields: Int) -> String {
        var text = #"{"form":"big","fields":["#
        for index in 0..<fields {
            if index > 0 { text += "," }
            text += #"{"id":"f\#(index)","type":"text","pattern":"^[A-Z]{2}[0-9]{\#(index % 7 + 1)}$""#
            if index > 0 { text += #","depends_on":["f\#(index - 1)"],"visible_if":"f\#(index - 1) != null""# }
            text += "}"
        }
        return text + "]}"
    }

    /// A minified JSON rules file is one line of megabytes; finding each expression's place in
    /// it walked the line from its start (3,000 fields: 3.4 s; 10,000: 90 s). Compiling 20,000
    /// fields must look at each byte of the file a bounded number of times. (The count of bytes
    /// looked at is what tells linear from quadratic: a walk from the line's start would look at
    /// thousands of times the file at this size already; 100,000 fields cost the test run ~10 s
    /// of CPU for the same verdict. The 100,000-field compile is measured in Benchmarks/.)
    @Test func aMinifiedJSONRulesFileCompilesInLinearTime() throws {
        let text = Self.minifiedJSON(fields: 20_000)
        let counter = SourceText.ScanCounter()
        let rules = try SourceText.$scanCounter.withValue(counter) {
            try RuleSet(yaml: text, source: "big.json")
        }
        expectEqual(rules.fields.count, 20_000)
        expectEqual(rules.edges.count, 2 * 19_999)
        #if DEBUG
        #expect(counter.bytes > 0)
        #expect(counter.bytes <= 2 * text.utf8.count, "\(counter.bytes) bytes looked at for a file of \(text.utf8.count)")
        #endif
    }
}
