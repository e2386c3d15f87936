import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Issue 22, items 1 and 2, through the JSON Schema importer: `multipleOf` and the bounds are
/// imported with the schema's digits, and checked exactly, as ajv checks them.
@Suite("JSON Schema: exact numbers")
struct JSONSchemaExactNumbersTests {
    static let schema = #"""
        {"type": "object", "properties": {
           "even": {"type": "integer", "multipleOf": 2},
           "cents": {"type": "number", "multipleOf": 0.01},
           "tenths": {"type": "number", "multipleOf": 0.1},
           "big": {"type": "integer", "minimum": 9007199254740993},
           "huge": {"type": "integer", "maximum": 9223372036854775807},
           "below": {"type": "number", "exclusiveMaximum": 0.1},
           "tiny": {"type": "number", "multipleOf": 1e-30, "maximum": 1e-20},
           "wide": {"type": "number", "minimum": -1e300},
           "picked": {"type": "integer", "enum": [9007199254740993, 9007199254740995]}}}
        """#

    @Test func theRulesFileHasTheSchemasDigits() throws {
        let text = try SchemaTest.rulesFile(Self.schema)
        #expect(text.contains("min: 9007199254740993\n"))
        #expect(text.contains("max: 9223372036854775807\n"))
        #expect(text.contains("expr: 'multiple_of(cents, 0.01)'\n"))
        #expect(text.contains("expr: 'multiple_of(tiny, 0.000000000000000000000000000001)'\n"))
        #expect(text.contains("max: 0.00000000000000000001\n"))
        #expect(text.contains("min: -1" + String(repeating: "0", count: 300) + "\n"))  // a number, not quoted
        #expect(text.contains("9007199254740995"))
    }

    static let refused: [(record: String, errors: [String])] = [
        (#"{"even": 3000000001}"#, ["even check"]),
        (#"{"cents": 10000000.005}"#, ["cents check"]),
        (#"{"tenths": 100000000000.05}"#, ["tenths check"]),
        (#"{"tenths": 0.30000000001}"#, ["tenths check"]),
        (#"{"big": 9007199254740992}"#, ["big min"]),
        (#"{"huge": 9223372036854775808}"#, ["huge max"]),
        (#"{"below": 0.10000000000000001}"#, ["below check"]),
        (#"{"tiny": 1.5e-30}"#, ["tiny check"]),
        (#"{"tiny": 1.0000000001e-20}"#, ["tiny max"]),
        (#"{"picked": 9007199254740994}"#, ["picked option"]),
        (#"{"picked": 9007199254740992}"#, ["picked option"]),
    ]

    static let accepted = [
        #"{"even": 3000000000, "cents": 10000000.01, "tenths": 100000000000.1}"#,
        #"{"tenths": 0.3, "big": 9007199254740993, "huge": 9223372036854775807}"#,
        #"{"below": 0.09999999999999999999, "tiny": 3e-30, "wide": -1e300}"#,
        #"{"picked": 9007199254740993}"#, #"{"picked": 9007199254740995}"#,
    ]

    @Test(arguments: refused)
    func anImportedSchemaRefusesWhatAjvRefuses(record: String, errors: [String]) throws {
        let (rules, findings) = try SchemaTest.importing(Self.schema)
        expectEqual(findings, [])
        expectEqual(try SchemaTest.errors(rules, record), errors)
    }

    @Test(arguments: accepted)
    func anImportedSchemaAcceptsWhatAjvAccepts(record: String) throws {
        let (rules, _) = try SchemaTest.importing(Self.schema)
        expectEqual(try SchemaTest.errors(rules, record), [])
    }

    /// A message shows a bound as the schema wrote it, never in a `Double`'s exponent form.
    @Test func messagesPrintBoundsAsWritten() throws {
        let (rules, _) = try SchemaTest.importing(Self.schema)
        let checker = RecordChecker(rules, today: Fixtures.today)
        let record = try #require(try JSONParser().parse(#"{"huge": 9223372036854775808, "big": 1}"#).object)
        expectEqual(
            SchemaTest.report(checker, record),
            ["big min error: big must be at least 9007199254740993", "huge max error: huge must be at most 9223372036854775807"])
    }

    /// A number whose plain decimal needs more than 400 zeros cannot be written in the form's
    /// rules; the schema's own evaluation compares it exactly all the same, with no finding.
    @Test func aNumberTooSmallToWriteIsStillCheckedExactly() throws {
        let (rules, findings) = try SchemaTest.importing(
            #"{"properties": {"x": {"type": "number", "minimum": 1e-500, "default": 1e-500, "maximum": 1e-400, "multipleOf": 1e-600}}}"#)
        #expect(findings.isEmpty)
        #expect(try SchemaTest.errors(rules, #"{"x": 1e-501}"#) == ["x min"])
        #expect(try SchemaTest.errors(rules, #"{"x": 1.5e-400}"#) == ["x max"])
    }
}
