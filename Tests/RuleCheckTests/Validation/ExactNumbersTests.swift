import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Issue 22, items 1 and 2: `multiple_of` and `min`/`max` decide on numbers exactly as written,
/// in decimal, however large the quotient or however many digits a number has; bounds print as
/// written. The same answers from a record (its text and its JSON), a form being typed into, and
/// a form given values.
@Suite("Exact numbers")
struct ExactNumbersTests {
    static let yaml = """
        form: exact
        fields:
          - id: even
            type: integer
            checks:
              - expr: multiple_of(even, 2)
          - id: cents
            type: number
            checks:
              - expr: multiple_of(cents, 0.01)
          - id: tenths
            type: number
            checks:
              - expr: multiple_of(tenths, 0.1)
          - id: big
            type: integer
            min: 9007199254740993
          - id: huge
            type: integer
            max: 9223372036854775807
          - id: low
            type: integer
            min: -9007199254740993
          - id: tenth
            type: number
            max: 0.1
        """

    /// A value that each rule must refuse, with the violation it gives, and one it must accept.
    static let refused: [(field: String, text: String, violation: String)] = [
        ("even", "3000000001", "even check: even must be a multiple of 2"),
        ("cents", "10000000.005", "cents check: cents must be a multiple of 0.01"),
        ("tenths", "100000000000.05", "tenths check: tenths must be a multiple of 0.1"),
        ("tenths", "0.30000000001", "tenths check: tenths must be a multiple of 0.1"),
        ("big", "9007199254740992", "big min: big must be at least 9007199254740993"),
        ("huge", "9223372036854775808", "huge max: huge must be at most 9223372036854775807"),
        ("low", "-9007199254740994", "low min: low must be at least -9007199254740993"),
        ("tenth", "0.10000000000000001", "tenth max: tenth must be at most 0.1"),
    ]

    static let accepted: [(field: String, text: String)] = [
        ("even", "3000000000"), ("even", "9007199254740994"), ("even", "123456789012345678901234567890"),
        ("cents", "10000000.01"), ("cents", "0.07"), ("cents", "-12.30"),
        ("tenths", "100000000000.1"), ("tenths", "0.3"), ("tenths", "0.30000000000000000000"),
        ("big", "9007199254740993"), ("big", "9007199254740994"), ("huge", "9223372036854775807"),
        ("low", "-9007199254740993"), ("tenth", "0.1"), ("tenth", "0.09999999999999999999"),
    ]

    func checker() throws -> RecordChecker {
        RecordChecker(try RuleSet(yaml: Self.yaml, source: "exact.yaml"), today: Fixtures.today)
    }

    static func lines(_ violations: [Violation]) -> [String] {
        violations.map { "\($0.field) \($0.code): \($0.message)" }
    }

    @Test(arguments: refused)
    func aRecordsTextIsJudgedAsWritten(field: String, text: String, violation: String) throws {
        #expect(Self.lines(try checker().check([field: text])) == [violation])
    }

    @Test(arguments: refused)
    func aRecordsJSONNumberIsJudgedAsWritten(field: String, text: String, violation: String) throws {
        let record = try #require(try JSONParser().parse("{\"\(field)\": \(text)}").object)
        #expect(Self.lines(try checker().check(json: record).violations) == [violation])
    }

    @Test(arguments: accepted)
    func whatIsExactlyRightPasses(field: String, text: String) throws {
        let checker = try checker()
        expectEqual(checker.check([field: text]), [], "text \(text)")
        let record = try #require(try JSONParser().parse("{\"\(field)\": \(text)}").object)
        expectEqual(checker.check(json: record).violations, [], "JSON \(text)")
        var form = Form(checker.rules, today: Fixtures.today)
        try form.type(field, text: text)
        expectEqual(form[field].issues, [], "typed \(text)")
    }

    @Test(arguments: refused)
    func typingIntoAFormIsJudgedAsTyped(field: String, text: String, violation: String) throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "exact.yaml"), today: Fixtures.today)
        try form.type(field, text: text)
        #expect(form[field].issues.map { "\(field) \($0.code): \($0.message)" } == [violation])
        var set = Form(try RuleSet(yaml: Self.yaml, source: "exact.yaml"), today: Fixtures.today)
        try set.set(field, text: text)
        #expect(set[field].issues.map { "\(field) \($0.code): \($0.message)" } == [violation])
    }

    /// `set(to:)` with a `Double`: the number is the shortest decimal that reads back as it
    /// (what Swift prints), so `10000000.005` is 10000000.005, not the binary fraction next to it.
    @Test func aFormGivenDoublesJudgesTheirDecimals() throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "exact.yaml"), today: Fixtures.today)
        try form.set("even", to: .number(3_000_000_001))
        try form.set("cents", to: .number(10_000_000.005))
        try form.set("tenths", to: .number(0.30000000001))
        try form.set("big", to: .number(9_007_199_254_740_992))
        expectEqual(form["even"].issues.map(\.code), [.check])
        expectEqual(form["cents"].issues.map(\.code), [.check])
        expectEqual(form["tenths"].issues.map(\.code), [.check])
        expectEqual(form["big"].issues.map(\.message), ["big must be at least 9007199254740993"])
        try form.set("tenths", to: .number(100_000_000_000.05))
        expectEqual(form["tenths"].issues.map(\.code), [.check])
        // 2⁶³: the shortest decimal of that Double is 9223372036854776000.
        try form.set("huge", to: .number(9_223_372_036_854_775_808))
        expectEqual(form["huge"].issues.map(\.message), ["huge must be at most 9223372036854775807"])
        try form.set("cents", to: .number(0.07))
        try form.set("tenths", to: .number(0.3))
        expectEqual(form["cents"].issues, [])
        expectEqual(form["tenths"].issues, [])
    }

    /// A snapshot keeps every digit: through `JSONEncoder` (which writes `Double`s) as text,
    /// read back by the number field as the number.
    @Test func snapshotsKeepEveryDigit() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "exact.yaml")
        var form = Form(rules, today: Fixtures.today)
        try form.type("big", text: "9007199254740993")
        try form.type("tenth", text: "0.10000000000000001")
        #expect(form["big"].value == .decimal(try #require(ExactDecimal("9007199254740993"))))
        let data = try JSONEncoder().encode(form.snapshot)
        let draft = try JSONDecoder().decode(FormSnapshot.self, from: data)
        let restored = try Form(rules, snapshot: draft, today: Fixtures.today)
        expectEqual(restored["big"].value, form["big"].value)
        expectEqual(restored["tenth"].value, form["tenth"].value)
        expectEqual(restored["tenth"].issues.map(\.message), ["tenth must be at most 0.1"])
        expectEqual(restored.snapshot, form.snapshot)
    }
}
