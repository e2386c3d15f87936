import Patterns
import Testing
import _RuleCheckTestSupport

/// Masks beyond `0 9 A a * \x`: classes of one's own, optional blocks, an open tail, fixed
/// characters kept in the value, alternatives, digits of other scripts and the caret.
@Suite("Mask toolkit")
struct MaskToolkitTests {
    static func plateLetters() throws -> MaskCharacterClass { try MaskCharacterClass("АВЕКМНОРСТУХ", case: .upper) }

    // MARK: - Digits of other scripts

    @Test func digitsOfOtherScriptsAreStoredAsASCII() throws {
        let mask = try Mask("0000")
        for typed in ["٢٠٢٦", "۲۰۲۶", "२०२६", "২০২৬", "๒๐๒๖", "２０２６"] {
            let result = mask.format(typed)
            expectEqual(result.text, "2026", "\(typed)")
            expectEqual(result.raw, "2026")
            expectEqual(result.state, .complete)
        }
    }

    @Test func aMaskCanTakeASCIIDigitsOnly() throws {
        let mask = try Mask("0000", digits: .ascii)
        expectEqual(mask.format("٢٠٢٦").state, .invalid)
        expectEqual(mask.format("٢٠٢٦").text, "")
        expectEqual(mask.format("2026").state, .complete)
    }

    @Test func digitsFold() {
        expectEqual(DecimalDigits.folded("۱۲۳٫۵ abc"), "123٫5 abc")
        expectEqual(DecimalDigits.folded("plain 42"), "plain 42")
        expectEqual(DecimalDigits.value(of: "७"), 7)
        #expect(DecimalDigits.value(of: "Ⅻ") == nil)  // a Roman numeral is a number, not a decimal digit
        #expect(DecimalDigits.value(of: "²") == nil)  // nor is a superscript
    }

    // MARK: - Classes of one's own

    @Test func russianPlateLetters() throws {
        let plate = try Mask("R 000 RR 00[0]", classes: ["R": try Self.plateLetters()])
        expectEqual(plate.format("а123вс77"), plate.format("А 123 ВС 77"))
        expectEqual(plate.format("а123вс77").text, "А 123 ВС 77")
        expectEqual(plate.format("а123вс77").state, .complete)
        expectEqual(plate.format("а123вс777").text, "А 123 ВС 777")
        #expect(plate.format("б123вс77").state == .invalid)  // Б is not allowed on plates
        #expect(plate.format("a123bc77").state == .invalid)  // Latin look-alikes are not the class
        #expect(plate.isComplete("А 123 ВС 777"))
        #expect(!plate.isComplete("А 123 ВС 7"))
        #expect(
            plate.regex
                == #"^[\x{410}\x{412}\x{415}\x{41a}\x{41c}\x{41d}\x{41e}\x{420}\x{421}\x{422}\x{423}\x{425}]\ [0-9][0-9][0-9]\ [\x{410}\x{412}\x{415}\x{41a}\x{41c}\x{41d}\x{41e}\x{420}\x{421}\x{422}\x{423}\x{425}][\x{410}\x{412}\x{415}\x{41a}\x{41c}\x{41d}\x{41e}\x{420}\x{421}\x{422}\x{423}\x{425}]\ [0-9][0-9](?:[0-9])?$"#
        )
    }

    @Test func classesWithRanges() throws {
        let hex = try MaskCharacterClass("0-9A-F", case: .upper)
        let mask = try Mask("HH:HH", classes: ["H": hex])
        expectEqual(mask.format("fa0c").text, "FA:0C")
        expectEqual(mask.format("fg").state, .invalid)
        let dash = try MaskCharacterClass("+-")  // a '-' last is itself
        expectEqual(try Mask("S0", classes: ["S": dash]).format("-5").text, "-5")
    }

    @Test(arguments: [
        ("", "character class has no characters"),
        ("z-a", "character class range ends before it starts"),
        (#"ab\"#, #"mask ends with '\' that escapes nothing"#),
    ])
    func badClasses(_ characters: String, _ message: String) {
        let error = #expect(throws: MaskError.self) { try MaskCharacterClass(characters) }
        expectEqual(error?.message, message)
    }

    @Test func aClassCannotTakeANameTheNotationUses() throws {
        let error = #expect(throws: MaskError.self) { try Mask("0000", classes: ["0": try Self.plateLetters()]) }
        expectEqual(error?.message, "'0' cannot name a character class: the mask notation uses it (0 9 A a * \\ [ ] { } …)")
    }

    // MARK: - Optional blocks, open tail, kept fixed characters

    @Test func anOptionalBlockIsAbsentOrComplete() throws {
        let mask = try Mask("00[-00]")
        #expect(mask.regex == #"^[0-9][0-9](?:\-[0-9][0-9])?$"#)
        expectEqual(mask.format("12").state, .complete)
        expectEqual(mask.format("123").text, "12-3")
        #expect(mask.format("123").state == .partial)  // begun: the block must be completed
        expectEqual(mask.format("1234").text, "12-34")
        expectEqual(mask.format("1234").state, .complete)
        #expect(mask.format("12-").text == "12")  // as with 00-99: the value ends where typing stopped
        expectEqual(mask.format("12-").state, .complete)
        expectEqual(mask.format("12345").state, .invalid)
    }

    @Test func anOptionalBlockAtTheStart() throws {
        let mask = try Mask("[+7 ]000")
        #expect(mask.regex == #"^(?:\+7\ )?[0-9][0-9][0-9]$"#)
        expectEqual(mask.format("123").text, "123")
        expectEqual(mask.format("+7 123").text, "+7 123")
        expectEqual(mask.format("+7 123").state, .complete)
        expectEqual(mask.format("+71").text, "+7 1")
    }

    @Test func anOpenTail() throws {
        let mask = try Mask("ID-0…")
        #expect(mask.regex == #"^ID\-[0-9][0-9]*$"#)
        expectEqual(mask.format("1").text, "ID-1")
        expectEqual(mask.format("1234567890123").text, "ID-1234567890123")
        expectEqual(mask.format("1234567890123").state, .complete)
        expectEqual(mask.format("12a").state, .invalid)
        expectEqual(mask.format("").state, .partial)
        #expect(try Mask("0-9…").regex == #"^[0-9](?:\-[0-9][0-9]*)?$"#)
    }

    @Test func fixedCharactersKeptInTheValue() throws {
        let phone = try Mask("+{7} (000) 000-00-00")
        let result = phone.format("9161234567")
        expectEqual(result.text, "+7 (916) 123-45-67")
        expectEqual(result.raw, "79161234567")
        #expect(phone.isComplete("+7 (916) 123-45-67"))
        #expect(phone.isComplete("79161234567", as: .extracted))
        #expect(!phone.isComplete("9161234567", as: .extracted))
        #expect(phone.extractedRegex == #"^7[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]$"#)
        // The extracted value, typed again, formats the same.
        expectEqual(phone.format("79161234567").text, "+7 (916) 123-45-67")
    }

    @Test(arguments: [
        ("00[-00", "optional block '[' is not closed with ']'", 2),
        ("00]", "']' closes no optional block (write '\\]' for the character itself)", 2),
        ("[0[0]]", "optional blocks '[…]' cannot nest or sit inside '{…}'", 2),
        ("0[]", "optional block '[]' is empty", 1),
        ("{+7 000", "kept fixed characters '{' are not closed with '}'", 0),
        ("0}", "'}' closes no '{' (write '\\}' for the character itself)", 1),
        ("{}0", "'{}' keeps no characters", 0),
        ("0…0", "'…' (an open tail) must come right after the mask's last input position, at its end, outside '[…]'", 1),
        ("-…", "'…' (an open tail) must come right after the mask's last input position, at its end, outside '[…]'", 1),
    ])
    func badNotation(_ notation: String, _ message: String, _ offset: Int) {
        let error = #expect(throws: MaskError.self) { try Mask(notation) }
        expectEqual(error?.message, message)
        expectEqual(error?.offset, offset)
    }

    @Test func escapedBracketsAreFixedCharacters() throws {
        let mask = try Mask(#"\[00\]"#)
        expectEqual(mask.format("12").text, "[12]")
    }

    // MARK: - Alternatives

    static let phones = ["+7 (000) 000-00-00", "8 (000) 000-00-00"]

    @Test(arguments: [
        ("9161234567", "+7 (916) 123-45-67", 0, MaskResult.State.complete),
        ("89161234567", "8 (916) 123-45-67", 1, .complete),
        ("8", "8", 1, .partial),  // the typed 8 fits only the second's start
        ("8 (91", "8 (91", 1, .partial),
        ("7", "+7", 0, .partial),  // the first takes the 7 as its own
        ("+7 916", "+7 (916", 0, .partial),
        ("9", "+7 (9", 0, .partial),  // a tie: the first wins
        ("", "", 0, .partial),
    ])
    func phoneAlternatives(_ typed: String, _ text: String, _ alternative: Int, _ state: MaskResult.State) throws {
        let mask = try Mask(alternatives: Self.phones)
        let result = mask.format(typed)
        expectEqual(result.text, text)
        expectEqual(result.alternative, alternative)
        expectEqual(result.state, state)
        expectEqual(mask.format(result.text), result)
    }

    @Test func plateWithTwoOrThreeDigitRegion() throws {
        // Either order: a complete value beats a partial one.
        for alternatives in [["R 000 RR 00", "R 000 RR 000"], ["R 000 RR 000", "R 000 RR 00"]] {
            let plate = try Mask(alternatives: alternatives, classes: ["R": try Self.plateLetters()])
            expectEqual(plate.format("а123вс77").text, "А 123 ВС 77")
            expectEqual(plate.format("а123вс77").state, .complete)
            expectEqual(plate.format("а123вс777").text, "А 123 ВС 777")
            expectEqual(plate.format("а123вс777").state, .complete)
            #expect(plate.isComplete("А 123 ВС 77") && plate.isComplete("А 123 ВС 777"))
        }
        let plate = try Mask(alternatives: ["R 000 RR 00", "R 000 RR 000"], classes: ["R": try Self.plateLetters()])
        #expect(plate.regex.hasPrefix("^(?:"))
        expectEqual(plate.notation, "R 000 RR 00 | R 000 RR 000")
    }

    @Test func noAlternativesIsAnError() {
        #expect(throws: MaskError.self) { try Mask(alternatives: []) }
    }

    // MARK: - The caret

    @Test func theCaretFollowsWhatWasTypedBeforeIt() throws {
        let phone = try Mask("+7 (000) 000-00-00")
        // Typing at the end: the caret jumps over the fixed characters the mask wrote.
        #expect(phone.format("916", caret: 3).caret == 7)  // "+7 (916|"
        #expect(phone.format("9161", caret: 4).caret == 10)  // "+7 (916) 1|"
        // A digit typed in the middle: the caret stays after it.
        let middle = phone.format("+7 (916) 5123", caret: 10)
        expectEqual(middle.text, "+7 (916) 512-3")
        expectEqual(middle.caret, 10)
        // At the start.
        expectEqual(phone.format("5916", caret: 0).caret, 0)
        // Past the end, or negative: clamped.
        expectEqual(phone.format("916", caret: 99).caret, 7)
        expectEqual(phone.format("916", caret: -3).caret, 0)
        // A rejected character: the caret goes back to the last accepted one.
        let rejected = phone.format("916x", caret: 4)
        expectEqual(rejected.state, .invalid)
        expectEqual(rejected.caret, 7)
        // Deleting a fixed character in the middle: it comes back, the caret stays before it.
        let deleted = phone.format("+7 (916 123", caret: 7)
        expectEqual(deleted.text, "+7 (916) 123")
        expectEqual(deleted.caret, 7)
    }

    // MARK: - Dropping refused characters

    @Test func typingDropsWhatNoPositionTakes() throws {
        let phone = try Mask("+7 (000) 000-00-00")
        let result = phone.format("45x09", droppingRefused: true)
        expectEqual(result.text, "+7 (450) 9")
        expectEqual(result.dropped, 1)
        expectEqual(result.state, .partial)
        #expect(phone.format("45x09").state == .invalid)  // without dropping, the x stops it
        // The fixed characters written for a dropped character go with it; the caret follows.
        let caret = phone.format("916x", caret: 4, droppingRefused: true)
        expectEqual(caret.text, "+7 (916")
        expectEqual(caret.caret, 7)
        let alternatives = try Mask(alternatives: Self.phones)
        expectEqual(alternatives.format("8916123456777", droppingRefused: true).text, "8 (916) 123-45-67")
    }

    // MARK: - Properties on random masks

    /// On random masks (blocks, kept characters, an open tail, a class) and random typing, a
    /// complete result is exactly what the mask's regex accepts, formatting a result again gives
    /// the same result, and the extracted value of a complete result is a complete extracted
    /// value. Blocks open with fixed characters used nowhere else, and kept characters are not
    /// digits: otherwise a typed character may be read two ways (see the next test).
    @Test func formatAgreesWithTheRegexOnRandomMasks() throws {
        let pieces = ["0", "0", "9", "A", "a", "*", "R", "-", " ", "(", ")", "x", "[/0]", "[:00]", "{=}", "{+}"]
        let complete = try randomRounds(pieces: pieces, alternatives: false) { mask, typed, result in
            let context = "mask '\(mask.notation)' ← '\(typed)': \(result.text) \(result.raw) \(result.state)"
            expectEqual(mask.isComplete(result.text), (result.state == .complete), "\(context)")
            expectEqual(mask.format(result.text), result, "\(context)")
            if result.state == .complete {
                #expect(mask.isComplete(result.raw, as: .extracted), "\(context)")
            }
            // Typing (dropping what no position takes) never ends invalid, and gives the same
            // text again for its own text.
            let typing = mask.format(typed, droppingRefused: true)
            #expect(typing.state != .invalid, "\(context)")
            expectEqual(mask.format(typing.text, droppingRefused: true).text, typing.text, "\(context)")
        }
        #expect(complete > 400)
    }

    /// With alternatives, blocks that open like what follows them (`[-0]-*`) and kept digits, a
    /// complete result is still exactly what the regex accepts, and a result formatted again
    /// stays valid.
    @Test func ambiguousMasksStayConsistent() throws {
        let pieces = ["0", "9", "A", "*", "-", " ", "x", "[-0]", "[0]", "[ 00]", "{7}", "{+}"]
        let complete = try randomRounds(pieces: pieces, alternatives: true) { mask, typed, result in
            let context = "mask '\(mask.notation)' ← '\(typed)': \(result.text) \(result.state)"
            expectEqual(mask.isComplete(result.text), (result.state == .complete), "\(context)")
            #expect(mask.format(result.text).state != .invalid, "\(context)")
        }
        #expect(complete > 400)
    }

    /// Formats random typing into random masks made of `pieces` (with `alternatives`, a third
    /// have two) and hands each result that is not invalid to `check`; returns how many were
    /// complete.
    private func randomRounds(
        pieces: [String], alternatives withAlternatives: Bool,
        _ check: (Mask, String, MaskResult) -> Void
    ) throws -> Int {
        var state: UInt64 = 2027
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let typedAlphabet = Array("0123456789abXYКМ-- ()x#+7٣/:=")
        let classes: [Character: MaskCharacterClass] = ["R": try MaskCharacterClass("КМ")]
        var complete = 0
        for round in 0..<4_000 {
            func notation() -> String {
                var text = (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined()
                if next(8) == 0 { text += "0…" }
                return text
            }
            let alternatives = withAlternatives && round % 3 == 0 ? [notation(), notation()] : [notation()]
            guard let mask = try? Mask(alternatives: alternatives, classes: classes) else { continue }
            let typed = String((0..<next(10)).map { _ in typedAlphabet[next(typedAlphabet.count)] })
            let result = mask.format(typed)
            guard result.state != .invalid else { continue }
            check(mask, typed, result)
            if result.state == .complete { complete += 1 }
        }
        return complete
    }

    @Test func samplesAreComplete() throws {
        var random = SeededRandom(seed: 7)
        let masks = [
            try Mask("R 000 RR 00[0]", classes: ["R": try Self.plateLetters()]),
            try Mask(alternatives: Self.phones),
            try Mask("+{7} (000) 000-00-00"),
            try Mask("ID-0…"),
        ]
        for mask in masks {
            for _ in 0..<20 {
                #expect(mask.isComplete(mask.sample(using: &random)), "\(mask.notation)")
                #expect(mask.isComplete(mask.sample(using: &random, as: .extracted), as: .extracted), "\(mask.notation)")
            }
        }
    }
}

/// A seeded generator for the tests (a linear congruential generator, as in MaskTests).
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state ^ (state >> 29)
    }
}
