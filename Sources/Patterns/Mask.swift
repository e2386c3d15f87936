/// A compiled input mask such as `+7 (000) 000-00-00`.
///
/// ```swift
/// let phone = try Mask("+7 (000) 000-00-00")
/// phone.format("9161234567")    // text "+7 (916) 123-45-67", raw "9161234567", .complete
/// phone.format("916123")        // text "+7 (916) 123", .partial
/// phone.isComplete("+7 (916) 123-45-67")   // true
/// ```
///
/// Notation, one character per position:
///
/// | char | accepts |
/// |---|---|
/// | `0` | a digit (required) |
/// | `9` | a digit (optional) |
/// | `A` | a letter of any script (required) |
/// | `a` | a letter of any script (optional) |
/// | `*` | a letter or a digit (required) |
/// | a class name | a character of that ``MaskCharacterClass`` (required) |
/// | `[…]` | an optional block: absent, or filled completely |
/// | `{…}` | fixed characters kept in the extracted value (``MaskResult/raw``) |
/// | `…` | after the last input position: it takes any number of characters (an open tail) |
/// | `\x` | the literal character x |
/// | anything else | itself: a fixed character the user does not type |
///
/// A mask may have alternatives (`+7 (000) 000-00-00` or `8 (000) 000-00-00`): ``format(_:caret:)``
/// chooses one by what is typed. Positions are Unicode scalars; a letter is a scalar of general
/// category L (`\p{L}`); a digit is a decimal digit of any script, stored as 0–9 (see
/// ``DecimalDigits``).
public struct Mask: Sendable, Hashable {
    /// How a field stores a masked value.
    public enum ValueForm: String, Hashable, Sendable, CaseIterable {
        /// The formatted text, fixed characters and all: `+7 (916) 123-45-67`.
        case formatted
        /// The extracted value: what was typed into input positions and the fixed characters
        /// written in `{…}`: `79161234567` for `+{7} (000) 000-00-00`.
        case extracted
    }

    /// What a compiled mask is, but for its digit policy: one object that every copy shares
    /// (a field's mask is read for every evaluation of the field: a copy costs one retain).
    private final class Compiled: Sendable {
        let notation: String
        let alternatives: [String]
        let classes: [Character: MaskCharacterClass]
        let layouts: [MaskLayout]
        let classList: [MaskCharacterClass]
        let regex: String
        let pattern: Pattern
        let extractedRegex: String
        let extractedPattern: Pattern

        init(
            notation: String, alternatives: [String], classes: [Character: MaskCharacterClass], layouts: [MaskLayout],
            classList: [MaskCharacterClass], regex: String, pattern: Pattern, extractedRegex: String,
            extractedPattern: Pattern
        ) {
            self.notation = notation
            self.alternatives = alternatives
            self.classes = classes
            self.layouts = layouts
            self.classList = classList
            self.regex = regex
            self.pattern = pattern
            self.extractedRegex = extractedRegex
            self.extractedPattern = extractedPattern
        }
    }

    private let compiled: Compiled
    private var digitsPolicy: DecimalDigits

    /// The mask as written; alternatives joined by ` | `.
    public var notation: String { compiled.notation }
    /// Each alternative as written.
    public var alternatives: [String] { compiled.alternatives }
    /// The custom character classes, by name.
    public var classes: [Character: MaskCharacterClass] { compiled.classes }
    /// Which digits the mask accepts.
    public var digits: DecimalDigits { digitsPolicy }
    var layouts: [MaskLayout] { compiled.layouts }
    var classList: [MaskCharacterClass] { compiled.classList }
    /// The equivalent PCRE2 pattern source of complete formatted values (anchored: `^…$`).
    public var regex: String { compiled.regex }
    /// The compiled ``regex``, matched against the whole value by ``isComplete(_:as:)``.
    public var pattern: Pattern { compiled.pattern }
    /// The PCRE2 pattern source of complete extracted values (``ValueForm/extracted``).
    public var extractedRegex: String { compiled.extractedRegex }
    var extractedPattern: Pattern { compiled.extractedPattern }

    /// The most positions and fixed characters a mask may have: ample for any value a person
    /// types, and a bound on the work of compiling one.
    public static let maxLength = 1000

    /// Compiles a mask.
    ///
    /// ```swift
    /// let plate = try Mask("R 000 RR 00[0]", classes: ["R": MaskCharacterClass("АВЕКМНОРСТУХ", case: .upper)])
    /// ```
    ///
    /// - Parameters:
    ///   - classes: character classes of one's own, each named by one character that the
    ///     notation does not use otherwise.
    ///   - digits: `.any` (the default) accepts the decimal digits of every script and stores
    ///     them as 0–9; `.ascii` only 0–9.
    /// - Throws: ``MaskError`` for an empty mask, a mask with no input positions, a trailing `\`,
    ///   unbalanced `[…]` or `{…}`, a misplaced `…`, a bad class, or a mask longer than
    ///   ``maxLength``.
    public init(
        _ notation: String, classes: [Character: MaskCharacterClass] = [:],
        digits: DecimalDigits = .any
    ) throws(MaskError) {
        try self.init(alternatives: [notation], classes: classes, digits: digits)
    }

    /// Compiles a mask with alternatives, tried in order (see ``format(_:caret:)``).
    ///
    /// ```swift
    /// let phone = try Mask(alternatives: ["+7 (000) 000-00-00", "8 (000) 000-00-00"])
    /// phone.format("89161234567").text    // "8 (916) 123-45-67"
    /// phone.format("9161234567").text     // "+7 (916) 123-45-67"
    /// ```
    public init(
        alternatives: [String], classes: [Character: MaskCharacterClass] = [:],
        digits: DecimalDigits = .any
    ) throws(MaskError) {
        guard !alternatives.isEmpty else { throw MaskError(reason: .noAlternatives, mask: "", offset: 0) }
        let names = classes.keys.sorted()
        var classNames: [Unicode.Scalar: Int] = [:]
        for (index, name) in names.enumerated() {
            let scalars = name.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, !Self.reserved.contains(scalar) else {
                throw MaskError(reason: .reservedClassName(name), mask: alternatives[0], offset: 0)
            }
            classNames[scalar] = index
        }
        let classList = names.compactMap { classes[$0] }
        let classRegexes = classList.map(\.regex)
        var layouts: [MaskLayout] = []
        for notation in alternatives {
            layouts.append(try MaskLayout(notation, classNames: classNames, classes: classRegexes))
        }
        func anchored(_ bodies: [String]) -> String {
            bodies.count == 1 ? "^" + bodies[0] + "$" : "^(?:" + bodies.joined(separator: "|") + ")$"
        }
        let notation = alternatives.joined(separator: " | ")
        let regex = anchored(layouts.map(\.body))
        let extractedRegex = anchored(layouts.map(\.extractedBody))
        do {
            compiled = Compiled(
                notation: notation, alternatives: alternatives, classes: classes, layouts: layouts, classList: classList,
                regex: regex, pattern: layouts.count == 1 ? layouts[0].pattern : try Pattern(regex),
                extractedRegex: extractedRegex, extractedPattern: try Pattern(extractedRegex))
        } catch {
            throw MaskError(reason: .regex(error.message), mask: notation, offset: 0)
        }
        digitsPolicy = digits
    }

    /// Characters the notation gives a meaning; no class may be named by one.
    private static let reserved: Set<Unicode.Scalar> = ["0", "9", "A", "a", "*", "\\", "[", "]", "{", "}", "…"]

    /// Whether `value` is a complete masked value: every required position filled, every fixed
    /// character in place (`+7 (916) 123-45-67`), or, for ``ValueForm/extracted``, every required
    /// position and kept fixed character (`79161234567` for `+{7} (000) 000-00-00`).
    public func isComplete(_ value: String, as form: ValueForm = .formatted) -> Bool {
        (try? (form == .formatted ? pattern : extractedPattern).matches(value)) ?? false
    }

    /// ``isComplete(_:as:)`` for a value given as its UTF-8 bytes, which must be valid UTF-8.
    package func isComplete(utf8 value: UnsafeBufferPointer<UInt8>, as form: ValueForm = .formatted) -> Bool {
        (try? (form == .formatted ? pattern : extractedPattern).matches(utf8: value)) ?? false
    }

    /// What an input position makes of a typed scalar: the scalar to store, or `nil`.
    func accept(_ kind: MaskLayout.InputKind, _ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch kind {
        case .digit: digits.digit(scalar)
        case .letter: scalar.isLetter ? scalar : nil
        case .letterOrDigit: scalar.isLetter ? scalar : digits.digit(scalar)
        case .custom(let index): classList[index].accept(scalar)
        }
    }

    public static func == (lhs: Mask, rhs: Mask) -> Bool {
        lhs.alternatives == rhs.alternatives && lhs.classes == rhs.classes && lhs.digits == rhs.digits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(alternatives)
        hasher.combine(digits)
    }
}

extension Unicode.Scalar {
    /// A letter of any script: what the masks' regexes match with `\p{L}`. PCRE2 decides, not
    /// Swift's own Unicode tables: the two may know different Unicode versions (Swift 6.3 reads
    /// U+A7CB as a letter, PCRE2 10.42 does not), and a mask must accept exactly what its regex
    /// accepts.
    var isLetter: Bool {
        if isASCII { return ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
        guard let letter = Self.letterPattern else { return false }
        return (try? letter.matches(String(self))) ?? false
    }

    /// `\p{L}`, compiled once.
    private static let letterPattern = try? Pattern(#"\p{L}"#)

    /// Characters people type between the parts of a value (spaces, dashes, brackets, dots,
    /// ASCII symbols such as `+`); a mask skips them where it expects input.
    var isSeparator: Bool {
        if properties.isWhitespace { return true }
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        case .mathSymbol, .currencySymbol, .modifierSymbol:
            return isASCII
        default:
            return false
        }
    }

    /// This scalar as a PCRE2 literal.
    var regexLiteral: String {
        if isASCII {
            let char = Character(self)
            return char.isLetter || char.isNumber ? String(char) : "\\" + String(char)
        }
        return "\\x{" + String(value, radix: 16) + "}"
    }
}

extension Mask {
    /// A random complete formatted value: every required position and optional block filled
    /// (digits 0–9, Latin capitals for letters, a class's own characters); optional positions at
    /// the end are filled half of the time.
    public func sample<R: RandomNumberGenerator>(using random: inout R) -> String {
        sample(using: &random, as: .formatted)
    }

    /// A random complete value in the given form.
    ///
    /// The value is written position by position (not typed through ``format(_:caret:)``, which
    /// would read a first digit 7 of `+7 (000) …` as the fixed 7).
    public func sample<R: RandomNumberGenerator>(using random: inout R, as form: ValueForm) -> String {
        let layout = layouts.count == 1 ? layouts[0] : layouts[Int.random(in: 0..<layouts.count, using: &random)]
        var text = String.UnicodeScalarView()
        var raw = String.UnicodeScalarView()
        // The value as it stands after the last input position filled: where it ends if an
        // optional position at the end is left empty.
        var upToLastInput = (text: text, raw: raw)
        var stopped = false
        filling: for (position, slot) in layout.slots.enumerated() {
            switch slot {
            case .literal(let scalar, let kept):
                text.append(scalar)
                if kept { raw.append(scalar) }
            case .input(let kind, let optional, let repeats):
                if optional && position >= layout.tail && Bool.random(using: &random) {
                    stopped = true
                    break filling
                }
                let count = repeats ? Int.random(in: 1...3, using: &random) : 1
                for _ in 0..<count {
                    let digit = Unicode.Scalar(UInt8.random(in: 0x30...0x39, using: &random))
                    let letter = Unicode.Scalar(UInt8.random(in: 0x41...0x5A, using: &random))
                    let scalar =
                        switch kind {
                        case .digit: digit
                        case .letter: letter
                        case .letterOrDigit: Bool.random(using: &random) ? digit : letter
                        case .custom(let index): classList[index].sample(using: &random)
                        }
                    text.append(scalar)
                    raw.append(scalar)
                }
                upToLastInput = (text, raw)
            }
        }
        let value = stopped ? upToLastInput : (text: text, raw: raw)
        return String(form == .formatted ? value.text : value.raw)
    }
}

extension Mask: CustomStringConvertible {
    /// The mask as written (alternatives joined by ` | `).
    public var description: String { notation }
}

extension Mask {
    /// The first alternative as an empty field shows it: each input position as `_`, fixed
    /// characters as themselves, optional blocks and an open tail left out (`+7 (___) ___-__-__`).
    public var placeholder: String {
        var text = String.UnicodeScalarView()
        let layout = layouts[0]
        for (position, slot) in layout.slots.enumerated() where layout.blockOf[position] < 0 {
            switch slot {
            case .input: text.append("_")
            case .literal(let scalar, _): text.append(scalar)
            }
        }
        return String(text)
    }
}

extension Mask {
    /// Whether every input position of every alternative takes digits only.
    public var takesDigitsOnly: Bool {
        layouts.allSatisfy { layout in
            layout.slots.allSatisfy { slot in
                if case .input(let kind, _, _) = slot { return kind == .digit }
                return true
            }
        }
    }
}

extension Mask {
    /// This mask with another digit policy (the positions and regexes are the same).
    public func with(digits policy: DecimalDigits) -> Mask {
        guard policy != digits else { return self }
        var copy = self
        copy.digitsPolicy = policy
        return copy
    }
}
