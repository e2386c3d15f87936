import Patterns
import Testing
import _RuleCheckTestSupport

/// Digits of any script typed into a mask give what the same keys in ASCII give: input positions
/// store the ASCII digit, and a fixed digit of the mask (`\0`, the 7 of `+7`, a kept `{7}`) is
/// matched by the digit it stands for, whatever the script it is typed in.
@Suite("Mask: digits of every script")
struct MaskDigitScriptTests {
    /// The zero of every script whose decimal digits a mask takes (Unicode general category Nd:
    /// ten consecutive scalars from a zero), read from the standard library's Unicode tables.
    static let zeros: [Unicode.Scalar] = (0x80...0x10_FFFF).compactMap { value -> Unicode.Scalar? in
        guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .decimalNumber,
            scalar.properties.numericValue == 0
        else { return nil }
        return scalar
    }

    /// `ascii` with its ASCII digits written in the script that starts at `zero`.
    static func transliterated(_ ascii: String, zero: Unicode.Scalar) -> String {
        var view = String.UnicodeScalarView()
        for scalar in ascii.unicodeScalars {
            if ("0"..."9").contains(scalar), let digit = Unicode.Scalar(zero.value + scalar.value - 0x30) {
                view.append(digit)
            } else {
                view.append(scalar)
            }
        }
        return String(view)
    }

    /// What typing `keys` one at a time into a field gives after each key: the field's text is
    /// reformatted on every keystroke, as a form does.
    static func typed(_ keys: String, into mask: Mask) -> [MaskResult] {
        var text = ""
        var results: [MaskResult] = []
        for key in keys.unicodeScalars {
            let result = mask.format(text + String(key), droppingRefused: true)
            text = result.text
            results.append(result)
        }
        return results
    }

    @Test func theScriptsAreThere() {
        // Arabic-Indic, Persian, Devanagari, Bengali, Thai and full-width among them.
        for zero: Unicode.Scalar in ["\u{660}", "\u{6F0}", "\u{966}", "\u{9E6}", "\u{E50}", "\u{FF10}"] {
            #expect(Self.zeros.contains(zero), "U+\(String(zero.value, radix: 16))")
        }
        #expect(Self.zeros.count > 50)
    }

    /// The cases of issue 22: a fixed leading 0 or 9, and the 7 of `+7`.
    @Test(arguments: [
        ("\\0\\9000000000", "09123456789", "09123456789"),
        ("\\0\\9000000000", "9123456789", "09123456789"),
        ("+7 (000) 000-00-00", "79161234567", "+7 (916) 123-45-67"),
        ("+7 (000) 000-00-00", "9161234567", "+7 (916) 123-45-67"),
        ("+{7} (000) 000-00-00", "79161234567", "+7 (916) 123-45-67"),
    ])
    func fixedDigitsAreMatchedInEveryScript(notation: String, ascii: String, formatted: String) throws {
        let mask = try Mask(notation)
        expectEqual(mask.format(ascii).text, formatted)
        expectEqual(mask.format(ascii).state, .complete)
        for zero in Self.zeros {
            let typed = Self.transliterated(ascii, zero: zero)
            let result = mask.format(typed)
            expectEqual(result.text, formatted, "\(notation) ← \(typed)")
            expectEqual(result.state, .complete, "\(notation) ← \(typed)")
            expectEqual(Self.typed(typed, into: mask).last?.text, formatted, "typed key by key: \(notation) ← \(typed)")
        }
    }

    @Test func theFirstKeyOfALeadingFixedZero() throws {
        let mask = try Mask("\\0\\9000000000")
        expectEqual(mask.format("0").text, "0")
        #expect(mask.format("\u{6F0}").text == "0")  // Persian ۰
        #expect(mask.format("\u{660}").text == "0")  // Arabic-Indic ٠
        expectEqual(mask.format("\u{6F0}\u{6F9}").text, "09")
        expectEqual(mask.format("\u{6F0}\u{6F9}\u{6F1}").text, "091")
    }

    /// A digit of another script is refused where the mask takes ASCII digits only, fixed digits
    /// included: `digits: .ascii` reads no digit of another script as a digit.
    @Test func asciiDigitsOnly() throws {
        let mask = try Mask("+7 (000) 000-00-00", digits: .ascii)
        expectEqual(mask.format("\u{6F7}\u{6F9}").state, .invalid)
        expectEqual(mask.format("79").text, "+7 (9")
    }

    /// On seeded random masks — fixed digits (escaped, plain, kept, in optional blocks), digit and
    /// other positions, alternatives — and random digit strings, typing the string in any script
    /// (every character in the same script, or each in a random one) gives what typing it in ASCII
    /// gives: the same text, extracted value, state, caret, alternative and dropped characters,
    /// formatted at once (with a caret anywhere) and typed key by key.
    @Test func everyScriptGivesWhatASCIIGives() throws {
        var random = SeededGenerator(seed: 22_08)
        let pieces = [
            "0", "0", "0", "9", "\\0", "\\9", "\\5", "7", "8", "+7 ", "{7}", "{0}", "(", ") ", "-", " ", "*", "A", "[0]", "[-00]",
            "[\\1]",
        ]
        let keys = Array("0123456789012345678901234567890123456789 -()+")
        var rounds = 0
        var complete = 0
        while rounds < 3_000 {
            func notation() -> String {
                (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            }
            let alternatives = Int.random(in: 0..<4, using: &random) == 0 ? [notation(), notation()] : [notation()]
            guard let mask = try? Mask(alternatives: alternatives) else { continue }
            rounds += 1
            let ascii = String(
                (0..<Int.random(in: 1...14, using: &random)).map { _ in keys[Int.random(in: 0..<keys.count, using: &random)] })
            let script = Self.zeros[Int.random(in: 0..<Self.zeros.count, using: &random)]
            let typed =
                Bool.random(using: &random)
                ? Self.transliterated(ascii, zero: script)
                : String(
                    String.UnicodeScalarView(
                        ascii.unicodeScalars.map { scalar in
                            Self.transliterated(String(scalar), zero: Self.zeros[Int.random(in: 0..<Self.zeros.count, using: &random)])
                                .unicodeScalars.first ?? scalar
                        }))
            let caret = Int.random(in: 0...ascii.unicodeScalars.count, using: &random)
            let context = "mask '\(mask.notation)' ← '\(ascii)' as '\(typed)', caret \(caret)"
            for dropping in [false, true] {
                let expected = mask.format(ascii, caret: caret, droppingRefused: dropping)
                expectEqual(mask.format(typed, caret: caret, droppingRefused: dropping), expected, "\(context), dropping: \(dropping)")
                if expected.state == .complete { complete += 1 }
            }
            expectEqual(Self.typed(typed, into: mask), Self.typed(ascii, into: mask), "typed key by key: \(context)")
        }
        #expect(complete > 300)
    }
}
