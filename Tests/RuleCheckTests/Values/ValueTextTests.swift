@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Reading dates and numbers from text: the byte-level readers every cell of a batch goes through.
@Suite("Dates and numbers as text")
struct ValueTextTests {
    @Test(
        arguments: [
            ("yyyy-MM-dd", "2024-02-29", "2024-02-29"),
            ("yyyy-MM-dd", "2023-02-29", nil),  // no such day
            ("yyyy-MM-dd", "2024-2-29", nil),  // MM takes two digits
            ("yyyy-MM-dd", "2024-02-291", nil),  // trailing text
            ("yyyy-MM-dd", "2024-02-2", nil),
            ("yyyy-MM-dd", "", nil),
            ("dd.MM.yyyy", "01.05.2024", "2024-05-01"),
            ("dd.MM.yyyy", "01/05/2024", nil),  // wrong literal
            ("d/M/yyyy", "1/5/2024", "2024-05-01"),
            ("d/M/yyyy", "31/12/1999", "1999-12-31"),
            ("dd.MM.yyyy 'г.'", "01.05.2024 г.", "2024-05-01"),  // a two-byte literal
            ("dd.MM.yyyy 'г.'", "01.05.2024 r.", nil),
            ("dd.MM.yyyy 'г.'", "01.05.2024 г", nil),
            ("yyyy年MM月dd日", "2024年05月01日", "2024-05-01"),  // three-byte literals
        ] as [(String, String, String?)])
    func parsesDates(pattern: String, text: String, expected: String?) throws {
        let format = try #require(DateFormat(pattern))
        expectEqual(format.parse(text)?.iso, expected)
        expectEqual(format.parse(Substring(text)), format.parse(text))
        if let day = format.parse(text) { #expect(format.format(day) == text) }
    }

    @Test(
        arguments: [
            ("0", 0.0), ("-0", -0.0), ("+7", 7), ("-12", -12), ("3.5", 3.5), ("-0.25", -0.25),
            ("999999999999999", 999_999_999_999_999), ("1234567890123456768", 1_234_567_890_123_456_768),
            ("007", 7),
        ] as [(String, Double)])
    func parsesNumbers(text: String, expected: Double) {
        expectEqual(NumberText.parse(text)?.number, expected)
        expectEqual(NumberText.parse(text)?.number?.sign, expected.sign)
    }

    @Test(arguments: ["", "-", "+", ".5", "5.", "1e3", "1,5", "1.2.3", "--1", "1-", " 1", "٣"])
    func rejectsNonNumbers(text: String) {
        expectEqual(NumberText.parse(text), nil)
    }

    /// The fast path for whole numbers gives exactly what `Double(_:)` gives.
    @Test func wholeNumbersAgreeWithDouble() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5_000 {
            let digits = Int.random(in: 1...18, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            for _ in 0..<digits { text += String(Int.random(in: 0...9, using: &generator)) }
            expectEqual(NumberText.parse(text)?.number, Double(text), "\(text)")
        }
    }
}
