import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Issue 38, item 11: JSON (RFC 8259) and JSON Schema compare member names as code points, so
/// `"café"` written precomposed (NFC) and decomposed (NFD) are two keys: neither is a repeat.
@Suite("JSON keys compare as code points")
struct JSONKeyCodePointTests {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    private func parse(_ text: String) throws -> (JSONValue, [String]) {
        var repeated: [String] = []
        let bytes = Array(text.utf8)
        let value = try bytes.withUnsafeBytes { try JSONParser().parse($0, duplicateKeys: &repeated) }
        return (value, repeated)
    }

    @Test func keysThatDifferOnlyInNormalisationAreNoRepeats() throws {
        let (_, repeated) = try parse("{\"\(Self.nfc)\": 1, \"\(Self.nfd)\": 2, \"g\": {\"\(Self.nfd)\": 1, \"\(Self.nfc)\": 2}}")
        expectEqual(repeated, [])
        // A key written twice with the same code points still is one.
        let (_, again) = try parse("{\"\(Self.nfc)\": 1, \"\(Self.nfd)\": 2, \"\(Self.nfc)\": 3}")
        expectEqual(again, [Self.nfc])
    }

    /// The value RuleCheck holds keeps both members, each under its own spelling, and writes both.
    @Test func bothSpellingsAreHeldEachWithItsOwnValue() throws {
        let (value, _) = try parse("{\"\(Self.nfc)\": 1, \"\(Self.nfd)\": 2}")
        let members = try #require(value.object)
        expectEqual(members.count, 2)
        expectEqual(members[Self.nfc], .number(1))
        expectEqual(members[Self.nfd], .number(2))
        expectEqual(Set(members.keys.map { Array($0.unicodeScalars) }), [Array(Self.nfc.unicodeScalars), Array(Self.nfd.unicodeScalars)])
        // Written back sorted byte-wise on UTF-8: "e" (0x65) before "é" (0xC3 0xA9).
        expectEqual(JSONWriter.string(value), "{\"\(Self.nfd)\":2,\"\(Self.nfc)\":1}")
    }

    /// JSON Schema's `required` and `properties` name a key by its code points: the NFC key is
    /// not the NFD one a schema requires, nor does the NFD property's schema apply to it.
    @Test func aSchemaReadsKeysByTheirCodePoints() throws {
        let schema = "{\"type\": \"object\", \"required\": [\"\(Self.nfd)\"], \"properties\": {\"\(Self.nfd)\": {\"type\": \"integer\"}}}"
        let checker = RecordChecker(try RuleSet(jsonSchema: Data(schema.utf8)), today: Fixtures.today)
        func codes(_ record: String) throws -> [String] {
            checker.check(record: try JSONParser().parse(record)).violations.map { "\($0.field) \($0.code)" }
        }
        expectEqual(try codes("{\"\(Self.nfd)\": 1}"), [])
        expectEqual(try codes("{\"\(Self.nfd)\": \"x\"}"), ["\(Self.nfd) type"])
        #expect(try codes("{\"\(Self.nfc)\": \"x\"}").contains { $0.hasSuffix(" required") || $0.hasSuffix(" schema") })
    }

    /// A field's id names one key: "K" written as U+212A KELVIN SIGN is canonically "K" (Swift's
    /// strings compare it equal) but another key by its code points. It is unknown, never read
    /// as the field, so it can neither pass for a missing answer nor hide the real one.
    @Test func aFieldIsReadFromItsOwnCodePointsOnly() throws {
        let rules = try RuleSet(yaml: "fields:\n  - id: Kind\n    type: text\n    required: true\n    max_length: 3\n")
        let checker = RecordChecker(rules, today: Fixtures.today)
        let kelvin = "\u{212A}ind"
        func check(_ record: String) throws -> (codes: [String], unknown: [String]) {
            let result = checker.check(record: try JSONParser().parse(record))
            return (result.violations.map { "\($0.field) \($0.code)" }, result.unknownKeys)
        }
        let both = try check("{\"\(kelvin)\": \"toolong\", \"Kind\": \"ok\"}")
        expectEqual(both.codes, [])
        expectEqual(both.unknown, [kelvin])
        let alone = try check("{\"\(kelvin)\": \"ok\"}")
        expectEqual(alone.codes, ["Kind required"])
        expectEqual(alone.unknown, [kelvin])
        expectEqual(rules.field(kelvin)?.path, nil)
        // A CSV header: two columns, neither named twice; the Kelvin one is unknown.
        let columns = checker.columns(["Kind", kelvin])
        expectEqual(columns.duplicates, [])
        expectEqual(columns.unknown, [kelvin])
    }
}
