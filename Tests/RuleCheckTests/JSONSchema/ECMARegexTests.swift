import Foundation
@testable import RuleCheck
import Testing

@Suite("ECMA-262 patterns in PCRE2")
struct ECMARegexTests {
    @Test(arguments: [
        (#"\d+"#, "[0-9]+"),
        (#"[\d\w]"#, "[0-9A-Za-z0-9_]"),
        (#"\W"#, "[^A-Za-z0-9_]"),
        (#"a$"#, #"a\z"#),
        (#"\u00e9"#, #"\x{00e9}"#),
        (#"\u{1F600}"#, #"\x{1F600}"#),
        (#"[^]"#, #"[\s\S]"#),
        (#"[]"#, "(?!)"),
        (#"\v"#, #"\x{0B}"#),
        (#"[\b]"#, #"[\x{08}]"#),
    ])
    func translation(_ ecma: String, _ pcre: String) {
        #expect(ECMARegex.translate(ecma).pcre == pcre)
    }

    /// Through a real import: the pattern keeps its ECMA-262 meaning as an unanchored search.
    @Test func meaningIsKept() throws {
        func valid(_ pattern: String, _ value: String) throws -> Bool {
            let schema = JSONValue.object(["properties": .object(["v": .object(["type": .string("string"), "pattern": .string(pattern)])])])
            let rules = try RuleSet(jsonSchema: Data(JSONWriter.string(schema).utf8))
            return RecordChecker(rules, today: Fixtures.today).check(json: ["v": .string(value)]).violations.isEmpty
        }
        #expect(try valid("[0-9]", "abc1def"))  // unanchored: found anywhere
        #expect(try !valid(#"^\d+$"#, "١٢٣"))  // \d is ASCII only
        #expect(try valid(#"^\d+$"#, "123"))
        #expect(try !valid(#"^\w+$"#, "ёж"))  // \w is ASCII only
        #expect(try !valid("^a$", "a\n"))  // $ is the very end
        #expect(try !valid("^a.b$", "a\rb"))  // . stops at \r
        #expect(try valid(#"\bcat\b"#, "a cat!"))
        #expect(try valid(#"\bcat\b"#, "ёcatё"))  // ASCII boundaries: ё is not a word character
        #expect(try valid(#"^\s$"#, "\u{FEFF}"))
    }

    @Test func backReferencesAreReported() throws {
        let result = try RuleSet.importing(jsonSchema: Data(#"{"properties": {"v": {"type": "string", "pattern": "(a)\\1"}}}"#.utf8))
        #expect(result.findings.map(\.pointer) == ["/properties/v/pattern"])
        #expect(result.findings.first?.kind == .approximated)
    }
}
