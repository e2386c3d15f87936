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

    /// The value RuleCheck holds (objects are keyed by Swift strings, which compare canonically)
    /// keeps the last of the two, with its own spelling: never one key's value under the other's name.
    @Test func theLastOfTwoEquivalentKeysIsHeldWithItsOwnSpelling() throws {
        let (value, _) = try parse("{\"\(Self.nfc)\": 1, \"\(Self.nfd)\": 2}")
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        expectEqual(members.count, 1)
        expectEqual(members.first.map { Array($0.key.unicodeScalars) }, Array(Self.nfd.unicodeScalars))
        expectEqual(members.first?.value, .number(2))
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
}
