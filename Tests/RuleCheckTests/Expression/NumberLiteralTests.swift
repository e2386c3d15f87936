@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Number literals in expressions and bounds: plain decimals, and exponents as YAML writes them.
@Suite("Number literals")
struct NumberLiteralTests {
    func rules(max: String) throws -> RuleSet {
        try RuleSet(yaml: "form: f\nfields:\n  - id: n\n    type: number\n    max: \(max)\n", source: "f.yaml")
    }

    func compileError(max: String) -> String? {
        do {
            _ = try rules(max: max)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Issue 38, item 17: `max: 1e20` was refused with a hint about durations. A number with an
    /// exponent is now a number, kept exactly.
    @Test func anExponentIsANumber() throws {
        let checker = RecordChecker(try rules(max: "1e20"), today: Fixtures.today)
        expectEqual(checker.check(["n": "100000000000000000000"]).map(\.code), [])
        expectEqual(checker.check(["n": "200000000000000000000"]).map(\.code), [.max])
        for text in ["2.5E-3", "1e+3", "1E3"] { expectEqual(compileError(max: text), nil, "\(text)") }
    }

    @Test func aNumberPastDoubleIsAClearError() {
        let error = compileError(max: "1e400")
        #expect(error?.contains("'1e400' is out of range: numbers are at most about 1.8e308") == true, "\(error ?? "none")")
    }

    @Test func aLetterAfterANumberNamesBothForms() {
        let error = compileError(max: "12x")
        #expect(
            error?.contains("unexpected 'x' after a number (numbers are written 12, 3.5 or 1e20; durations 18y, 6m, 2w, 10d)") == true,
            "\(error ?? "none")")
    }
}
