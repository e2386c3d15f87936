import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("ECMA-262 patterns in PCRE2")
struct ECMARegexTests {
    @Test(arguments: [
        (#"\d+"#, "[0-9]+"),
        (#"[\d\w]"#, "[0-9A-Za-z0-9_]"),
        (#"\W"#, "[^A-Za-z0-9_]"),
        (#"a$"#, #"a\z"#),
        (#"\u00e9"#, "é"),
        (#"\u{1F600}"#, "😀"),
        (#"\uD83D\uDE00"#, "😀"),
        (#"[^]"#, "(?s:.)"),
        (#"[]"#, "(?!)"),
        (#"\v"#, #"\x{B}"#),
        (#"[\b]"#, #"[\x{8}]"#),
        (#"[\D]"#, "(?:[^0-9])"),
        (#"[^a\S]"#, #"(?:(?![a]|[^\#(ECMARegex.space)])(?s:.))"#),
        (#"a.b"#, #"a[^\n\r\x{2028}\x{2029}]b"#),
        (#"(?<y>a)\k<y>"#, #"(a)(?(1)\g{1}|)"#),
        (#"\p{Letter}\P{digit}\p{Script=Greek}\p{Assigned}"#, #"\p{L}\P{Nd}\p{sc:Greek}\P{Cn}"#),
        (#"a\/b"#, #"a\/b"#),
    ])
    func translation(_ ecma: String, _ pcre: String) throws {
        expectEqual(try ECMARegex.translate(ecma).get().pcre, pcre)
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

    /// A back-reference is exact (empty when its group did not take part, as in ECMA-262) but
    /// for a group inside a repeated group, whose text ECMA-262 forgets at each repetition.
    @Test func backReferencesIntoRepeatedGroupsAreReported() throws {
        func findings(_ pattern: String) throws -> [String] {
            let property = JSONValue.object(["type": .string("string"), "pattern": .string(pattern)])
            let schema = JSONWriter.string(.object(["properties": .object(["v": property])]))
            return try RuleSet.importing(jsonSchema: Data(schema.utf8)).findings.map { "\($0.kind) \($0.pointer)" }
        }
        #expect(try findings(#"(a)\1"#) == [])
        #expect(try findings(#"((a)|b)+\2"#) == ["approximated /properties/v/pattern"])
    }

    /// Issue 38, item 16: `(?<=a+)b`, valid ECMA-262 (node accepts it), was refused as an
    /// "invalid regex": PCRE2 needs a lookbehind of fixed length. It is now a `not supported`
    /// finding, the schema imports, and the pattern is not checked.
    /// `(?<=a+)b` is valid ECMA-262 that PCRE2 cannot run: the schema's evaluation cannot decide
    /// it, so the schema is refused at the pattern, saying it cannot be run — not that it is invalid.
    @Test func aLookbehindOfVaryingLengthIsNotSupportedRatherThanInvalid() throws {
        let property = JSONValue.object(["type": .string("string"), "pattern": .string("(?<=a+)b")])
        let schema = JSONWriter.string(.object(["properties": .object(["v": property])]))
        let error = try #require(throws: RulesError.self) { try RuleSet.importing(jsonSchema: Data(schema.utf8)) }
        let message = error.errors.first?.message ?? ""
        #expect(message.hasPrefix("/properties/v/pattern: "), "\(message)")
        #expect(message.contains("is not a regex this evaluator can run") && message.contains("lookbehind"), "\(message)")
        #expect(!message.contains("is not an ECMA-262 regex"), "\(message)")
    }
}

/// A schema pattern is an ECMA-262 regex (with the `u` flag, as JSON Schema 2020-12 asks and ajv
/// does): what ECMA-262 refuses is refused, with the pattern's JSON pointer, and what it accepts
/// keeps its meaning.
@Suite("ECMA-262 patterns: syntax")
struct ECMARegexSyntaxTests {
    private func schema(_ pattern: String) -> Data {
        let property = JSONValue.object(["type": .string("string"), "pattern": .string(pattern)])
        return Data(JSONWriter.string(.object(["properties": .object(["v": property])])).utf8)
    }

    private func valid(_ pattern: String, _ value: String) throws -> Bool {
        let rules = try RuleSet(jsonSchema: schema(pattern), source: "s.json")
        return RecordChecker(rules, today: Fixtures.today).check(json: ["v": .string(value)]).violations.isEmpty
    }

    /// PCRE2's own syntax is not ECMA-262: every ECMA-262 validator refuses these patterns, and so
    /// does the import (it used to import them with PCRE2's meaning).
    @Test(arguments: [
        "(?i)abc", "(?x)a b", "(?m)^a$", "a(?R)?b", "(?>a+)b", "(a)?(?(1)b|c)", "(*LIMIT_MATCH=1)a", "(*UTF)a", "a(?C1)b",
        "a*+", #"\Aabc"#, #"abc\z"#, #"abc\Z"#, #"a\Kb"#, #"\Qa.b\E"#, #"\h"#, #"\R"#, #"\X"#, "(?#note)a", "(?|(a)|(b))",
        "(?P<n>a)", "(?1)(a)", #"\e"#, #"\a"#, "a{", "a}", "]", #"(a)\2"#, "[z-a]", #"[\d-z]"#, "(?=a)*", "a**",
        #"\p{letter}"#, #"\p{Foo}"#, #"\u{110000}"#, #"\c1"#, "(?<n>a)(?<n>b)", #"\k<m>(?<n>a)"#, "(", "a)", "[a",
    ])
    func pcre2SyntaxIsRefusedWithThePointer(_ pattern: String) {
        #expect {
            _ = try RuleSet(jsonSchema: schema(pattern), source: "s.json")
        } throws: { error in
            guard let error = error as? RulesError else { return false }
            return error.errors.contains { $0.message.hasPrefix("/properties/v/pattern: ") && $0.message.contains("ECMA-262") }
        }
    }

    /// A pair of surrogate escapes is the one code point it encodes (ECMA-262 reads
    /// `\uD83D\uDE00` as U+1F600); they used to be refused.
    @Test func surrogatePairEscapesAreOneCodePoint() throws {
        #expect(try valid(#"^\uD83D\uDE00$"#, "😀"))
        #expect(try !valid(#"^\uD83D\uDE00$"#, "x"))
        #expect(try valid(#"^[\uD83D\uDE00-\uD83D\uDE4F]+$"#, "😀🙏"))
        #expect(try !valid(#"^[\uD83D\uDE00-\uD83D\uDE4F]+$"#, "😀a"))
    }

    /// A lone surrogate matches only a lone surrogate, which valid text never has (with the `u`
    /// flag, as ajv reads it): `[\uD800-\uDBFF][\uDC00-\uDFFF]` imports and finds nothing in
    /// "😀", one code point; a negated class of surrogates matches any character.
    @Test func loneSurrogatesMatchNothingInValidText() throws {
        #expect(try !valid(#"[\uD800-\uDBFF][\uDC00-\uDFFF]"#, "😀"))
        #expect(try !valid(#"[\uD800-\uDBFF][\uDC00-\uDFFF]"#, "ab"))
        #expect(try valid(#"^[^\uD800-\uDFFF]$"#, "😀"))
        #expect(try valid(#"^[\u0000-\uFFFF]$"#, "я"))
        #expect(try !valid(#"^[\u0000-\uFFFF]$"#, "😀"))
    }

    /// What ECMA-262 (u flag) accepts, with ECMA's meaning.
    @Test func ecmaSyntaxKeepsItsMeaning() throws {
        #expect(try valid(#"^\p{Letter}+$"#, "école"))
        #expect(try valid(#"^\p{digit}+$"#, "৪২"))  // `digit` is an alias of Nd
        #expect(try !valid(#"^\d+$"#, "৪২"))
        #expect(try valid(#"^\p{Script=Greek}+$"#, "αβ"))
        #expect(try !valid(#"^\P{L}$"#, "a"))
        #expect(try valid(#"^[\D]$"#, "৪"))  // ECMA's \D (not an ASCII digit), also in a class
        #expect(try !valid(#"^[\D]$"#, "4"))
        #expect(try valid(#"^[^\W]$"#, "a"))
        #expect(try !valid(#"^[^\W]$"#, "é"))
        #expect(try valid(#"^[\S ]+$"#, "a b"))
        #expect(try valid(#"^\cC$"#, "\u{3}"))
        #expect(try valid(#"^(?<year>\d{4})-\k<year>$"#, "2024-2024"))
        #expect(try !valid(#"^(?<year>\d{4})-\k<year>$"#, "2024-2025"))
        // A back-reference to a group that did not take part matches the empty text in ECMA-262.
        #expect(try valid(#"^(?:(a)|b)\1$"#, "b"))
        #expect(try valid(#"^a\/b\.c$"#, "a/b.c"))
        #expect(try valid(#"^[\-a]+$"#, "-a"))
    }

    /// An escaped ASCII punctuation character is itself, as ECMA-262 reads it without the u
    /// flag: Azure Pipelines' published schema writes `\:` in a class, and validators accept it.
    @Test func escapedPunctuationIsTheCharacterItself() throws {
        #expect(try valid(#"^[^\/~\^\: ]+$"#, "main"))
        #expect(try !valid(#"^[^\/~\^\: ]+$"#, "a:b"))
        #expect(try valid(#"^a\-b\"c\'d\@$"#, #"a-b"c'd@"#))
        #expect(try !valid(#"^a\-b$"#, "a\\-b"))
    }
}
