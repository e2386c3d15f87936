import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// ``ExactDecimal``: reading, printing, the `Double` it stands for, and exact comparison and
/// divisibility, held against a reference of our own in `Int128` arithmetic on the numbers'
/// digits scaled to whole numbers (seeded, so a failure replays from its seed).
@Suite("ExactDecimal")
struct ExactDecimalTests {
    @Test(
        arguments: [
            ("0", "0"), ("-0", "0"), ("+7", "7"), ("1.50", "1.5"), ("0001.2300", "1.23"), ("-12.5", "-12.5"),
            ("1e-7", "0.0000001"), ("2.5E+3", "2500"), ("15e-1", "1.5"), ("0.000e5", "0"),
            ("9007199254740993", "9007199254740993"), ("-0.10000000000000001", "-0.10000000000000001"),
            ("123456789012345678901234567890.123", "123456789012345678901234567890.123"),
            ("1e400", "1" + String(repeating: "0", count: 400)), ("1e401", "1e+401"),
            ("-1.25e-500", "-1.25e-500"), ("1e-401", "0." + String(repeating: "0", count: 400) + "1"),
        ])
    func readsAndPrintsAsWritten(text: String, printed: String) throws {
        let number = try #require(ExactDecimal(text))
        expectEqual(number.description, printed)
        // What it prints reads back as the same number.
        expectEqual(ExactDecimal(number.description), number)
    }

    @Test(arguments: [
        "", "-", "+", ".5", "5.", "1.", "1e", "1e+", "1..2", "1,5", " 1", "1 ", "0x10", "1e5.5", "--1", "1e99999999999999", "١٢",
    ])
    func refusesWhatIsNotANumber(text: String) {
        expectEqual(ExactDecimal(text), nil)
    }

    @Test func oneNumberHasOneValue() throws {
        let forms = ["1.5", "1.50", "15e-1", "0.15e1", "+1.5000"].compactMap { ExactDecimal($0) }
        expectEqual(forms.count, 5)
        expectEqual(Set(forms).count, 1)
        expectEqual(ExactDecimal("-0"), ExactDecimal.zero)
        expectEqual(ExactDecimal("-0")?.isNegative, false)
    }

    @Test func aDoubleIsItsShortestDecimal() throws {
        expectEqual(ExactDecimal(0.1)?.description, "0.1")
        expectEqual(ExactDecimal(0.1 + 0.2)?.description, "0.30000000000000004")
        expectEqual(ExactDecimal(1e16)?.description, "10000000000000000")
        expectEqual(ExactDecimal(Double(9_007_199_254_740_992) + 1)?.description, "9007199254740992")
        expectEqual(ExactDecimal(-2.5e-7)?.description, "-0.00000025")
        expectEqual(ExactDecimal(Double.leastNonzeroMagnitude)?.description, "0." + String(repeating: "0", count: 323) + "5")
        expectEqual(ExactDecimal(Double.infinity), nil)
        expectEqual(ExactDecimal(Double.nan), nil)
    }

    @Test func theNearestDouble() throws {
        expectEqual(ExactDecimal("9007199254740993")?.double, 9_007_199_254_740_992)
        expectEqual(ExactDecimal("0.1")?.double, 0.1)
        expectEqual(ExactDecimal("1e400")?.double, .infinity)
        expectEqual(ExactDecimal("-1e-400")?.double, 0)
        var random = SeededRandom(seed: 22)
        for _ in 0..<2_000 {
            let text = Self.randomText(&random, integerDigits: 0...17, fractionDigits: 0...17)
            expectEqual(ExactDecimal(text)?.double, Double(text), "\(text)")
        }
    }

    @Test(
        arguments: [
            ("0.1", true), ("123456789012345", true), ("9007199254740992", true), ("1e22", true), ("1e300", true),
            ("9007199254740993", false), ("0.10000000000000001", false), ("1e-400", false),
            ("123456789012345678", false), ("0.30000000000000004", true),
        ])
    func aValueIsANumberWhenADoubleHoldsItAsWritten(text: String, isNumber: Bool) throws {
        let number = try #require(ExactDecimal(text))
        let value = Value(exactly: number)
        if isNumber {
            expectEqual(value, .number(number.double))
        } else {
            expectEqual(value, .decimal(number))
        }
        expectEqual(value.exactNumber, number)
    }

    @Test func wholeNumbersAsInts() {
        expectEqual(ExactDecimal("9007199254740993")?.integer, 9_007_199_254_740_993)
        expectEqual(ExactDecimal("1e18")?.integer, 1_000_000_000_000_000_000)
        expectEqual(ExactDecimal("9223372036854775807")?.integer, Int.max)
        expectEqual(ExactDecimal("-9223372036854775808")?.integer, Int.min)
        expectEqual(ExactDecimal("9223372036854775808")?.integer, nil)
        expectEqual(ExactDecimal("1e19")?.integer, nil)
        expectEqual(ExactDecimal("1e99999")?.integer, nil)
        expectEqual(ExactDecimal("2.5")?.integer, nil)
    }

    @Test(
        arguments: [
            ("3000000001", "2", false), ("3000000000", "2", true), ("10000000.005", "0.01", false),
            ("10000000.01", "0.01", true), ("100000000000.05", "0.1", false), ("0.30000000001", "0.1", false),
            ("0.0075", "0.0001", true), ("-6", "2", true), ("0", "0.3", true), ("7", "0", nil), ("7", "-1", nil),
            ("1e300", "3", false), ("3e300", "3", true), ("1e-30", "1e-30", true), ("1.5e-30", "1e-30", false),
            ("123456789012345678901234567890", "10", true), ("123456789012345678901234567891", "3", false),
            ("246913578024691357802469135780", "123456789012345678901234567890", true),
            ("246913578024691357802469135781", "123456789012345678901234567890", false),
            ("1" + String(repeating: "0", count: 300), "0.00000000000000000000000000000000000000000000000001", true),
        ] as [(String, String, Bool?)])
    func multiples(number: String, step: String, expected: Bool?) throws {
        let x = try #require(ExactDecimal(number)), s = try #require(ExactDecimal(step))
        expectEqual(x.isMultiple(of: s), expected)
    }

    // MARK: - Against a reference

    /// A random plain decimal: a sign now and then, leading and trailing zeros now and then.
    static func randomText(_ random: inout SeededRandom, integerDigits: ClosedRange<Int>, fractionDigits: ClosedRange<Int>) -> String {
        var text = random.chance(0.3) ? "-" : ""
        let whole = Int.random(in: integerDigits, using: &random)
        text += whole == 0 ? "0" : String((0..<whole).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        let fraction = Int.random(in: fractionDigits, using: &random)
        if fraction > 0 {
            text +=
                "."
                + String(
                    (0..<fraction).map { _ in Character(String(random.pick([0, 0, 0, 1, 2, 5, 9, Int.random(in: 0...9, using: &random)]))) }
                )
        }
        return text
    }

    /// The reference: `text` (plain decimal) as a whole number of `scale`-ths in `Int128`, by
    /// moving the point; written independently of the code under test.
    static func scaled(_ text: String, scale: Int) -> Int128? {
        var digits = text
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        guard fraction.count <= scale else { return nil }
        fraction += String(repeating: "0", count: scale - fraction.count)
        guard let value = Int128(whole + fraction) else { return nil }
        return negative ? -value : value
    }

    static func fractionDigits(_ text: String) -> Int {
        text.split(separator: ".").dropFirst().first?.count ?? 0
    }

    /// Numbers of up to 36 digits in all: scaled to a common fraction, they fit in an `Int128`.
    @Test(arguments: 0..<4)
    func compareAsTheReferenceDoes(batch: Int) throws {
        var random = SeededRandom(seed: 2_200 + UInt64(batch))
        for _ in 0..<2_000 {
            let a = Self.randomText(&random, integerDigits: 0...18, fractionDigits: 0...18)
            // Often a neighbour of `a`: the same digits with one changed, or a digit more.
            let b =
                random.chance(0.5)
                ? Self.randomText(&random, integerDigits: 0...18, fractionDigits: 0...18) : Self.neighbour(of: a, &random)
            let scale = max(Self.fractionDigits(a), Self.fractionDigits(b))
            let x = try #require(Self.scaled(a, scale: scale)), y = try #require(Self.scaled(b, scale: scale))
            let p = try #require(ExactDecimal(a)), q = try #require(ExactDecimal(b))
            expectEqual((p < q), (x < y), "\(a) < \(b)")
            expectEqual((p == q), (x == y), "\(a) == \(b)")
            #expect((p.hashValue == q.hashValue) || x != y, "\(a), \(b): equal numbers hash alike")
        }
    }

    @Test(arguments: 0..<4)
    func multiplesAsTheReferenceFindsThem(batch: Int) throws {
        var random = SeededRandom(seed: 2_210 + UInt64(batch))
        var found = 0
        for _ in 0..<2_000 {
            // Steps of 1 to 30 significant digits (20 or more take the long way), some of them
            // whole, some decimal fractions; numbers often a multiple, or one off.
            let step = Self.randomText(&random, integerDigits: 0...15, fractionDigits: 0...15).replacingOccurrences(of: "-", with: "")
            guard let stepDecimal = ExactDecimal(step), !stepDecimal.isZero else { continue }
            let scale = 18
            let s = try #require(Self.scaled(step, scale: Self.fractionDigits(step)))
            var number = Self.randomText(&random, integerDigits: 0...18, fractionDigits: 0...18)
            if random.chance(0.5), let factor = Int128(exactly: Int.random(in: -99_999...99_999, using: &random)) {
                // factor × step, written out, sometimes nudged by one in its last place.
                var product = s * factor + (random.chance(0.3) ? 1 : 0)
                let negative = product < 0
                if negative { product = -product }
                var digits = String(product)
                let places = Self.fractionDigits(step)
                if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
                number = (negative ? "-" : "") + (places == 0 ? digits : digits.dropLast(places) + "." + digits.suffix(places))
            }
            let common = max(Self.fractionDigits(number), Self.fractionDigits(step))
            guard common <= scale + 20, let x = Self.scaled(number, scale: common), let y = Self.scaled(step, scale: common) else {
                continue
            }
            let expected = x % y == 0
            if expected { found += 1 }
            #expect(try #require(ExactDecimal(number)).isMultiple(of: stepDecimal) == expected, "\(number) multiple of \(step)")
        }
        #expect(found > 500)
    }

    /// Steps with 20 to 30 significant digits (the digit-string arithmetic), against the same
    /// reference.
    @Test func multiplesOfLongStepsAsTheReferenceFindsThem() throws {
        var random = SeededRandom(seed: 2_220)
        var found = 0
        for _ in 0..<2_000 {
            let step = Self.randomText(&random, integerDigits: 20...30, fractionDigits: 0...0).replacingOccurrences(of: "-", with: "")
            guard let s = Int128(step), s > 0 else { continue }
            let factor = Int128(Int.random(in: 0...99_999_999, using: &random))
            let x = random.chance(0.5) ? s &* factor % Int128("10000000000000000000000000000000000000")! : factor * 1_000_003
            let expected = x % s == 0
            if expected { found += 1 }
            let number = try #require(ExactDecimal(String(x))), stepDecimal = try #require(ExactDecimal(step))
            expectEqual(number.isMultiple(of: stepDecimal), expected, "\(x) multiple of \(step)")
            // Shifted by a power of ten on both sides, the answer stays.
            let shifted = try #require(ExactDecimal(String(x) + "e-40")), shiftedStep = try #require(ExactDecimal(step + "e-40"))
            expectEqual(shifted.isMultiple(of: shiftedStep), expected)
        }
        #expect(found > 500)
    }

    /// `Value.compareNumbers` and `Value.isMultiple` on the `Double`s of random decimals of up to
    /// 15 digits (their values are `.number`s) agree with the reference on the decimals written.
    @Test func doublesAreJudgedOnTheDecimalsTheyStandFor() throws {
        var random = SeededRandom(seed: 2_230)
        for _ in 0..<4_000 {
            let a = Self.randomText(&random, integerDigits: 0...8, fractionDigits: 0...6)
            let b =
                random.chance(0.5)
                ? Self.randomText(&random, integerDigits: 0...3, fractionDigits: 0...4).replacingOccurrences(of: "-", with: "")
                : Self.neighbour(of: a, &random)
            guard let x = Double(a), let y = Double(b) else { continue }
            let scale = max(Self.fractionDigits(a), Self.fractionDigits(b))
            let p = try #require(Self.scaled(a, scale: scale)), q = try #require(Self.scaled(b, scale: scale))
            let order = Value.compareNumbers(.number(x), .number(y))
            expectEqual(order, (p < q ? .ascending : p == q ? .same : .descending), "\(a) vs \(b)")
            expectEqual(Value.isMultiple(.number(x), of: .number(y)), (q > 0 ? p % q == 0 : nil), "\(a) multiple of \(b)")
        }
    }

    static func neighbour(of text: String, _ random: inout SeededRandom) -> String {
        var characters = Array(text)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            characters.append(contentsOf: text.contains(".") ? "0" : ".0")
            characters.append(Character(String(Int.random(in: 0...9, using: &random))))
        case 1:
            guard let index = characters.indices.filter({ characters[$0].isNumber }).randomElement(using: &random) else { break }
            characters[index] = Character(String(Int.random(in: 0...9, using: &random)))
        default:
            break
        }
        return String(characters)
    }

    /// A step of up to 19 digits decides for a number of any length, in time linear in it; a
    /// longer step (digit-string arithmetic, whose cost is the product of the lengths) decides
    /// for numbers of up to 1,000 digits and is null beyond, as a step ≤ 0 is.
    @Test func longNumbersAreDecidedOrNullNeverSlow() throws {
        let ones = try #require(ExactDecimal(String(repeating: "1", count: 500_000)))
        #expect(ones.isMultiple(of: ExactDecimal(3)) == false)  // the digit sum, 500,000, is not
        #expect(ones.isMultiple(of: ExactDecimal(11)) == true)  // an even number of ones
        #expect(ones.isMultiple(of: try #require(ExactDecimal("1111111111111111111"))) == false)
        let long = try #require(ExactDecimal(String(repeating: "1", count: 1_000)))
        let step = try #require(ExactDecimal(String(repeating: "1", count: 20)))
        expectEqual(long.isMultiple(of: step), true)
        let longer = try #require(ExactDecimal(String(repeating: "1", count: 1_001)))
        expectEqual(longer.isMultiple(of: step), nil)
        #expect(ones.isMultiple(of: try #require(ExactDecimal(String(repeating: "1", count: 1_001)))) == nil)
        expectEqual(Value.isMultiple(.decimal(longer), of: .decimal(step)), nil)
    }
}
