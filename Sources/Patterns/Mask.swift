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
/// | `0` | a digit 0–9 (required) |
/// | `9` | a digit 0–9 (optional) |
/// | `A` | a letter of any script (required) |
/// | `a` | a letter of any script (optional) |
/// | `*` | a letter or a digit (required) |
/// | `\x` | the literal character x |
/// | anything else | itself: a fixed character the user does not type |
///
/// Positions are Unicode scalars; a letter is a scalar of general category L (`\p{L}`).
public struct Mask: Sendable, Hashable {
    /// One position of the mask.
    enum Slot: Hashable, Sendable {
        case input(InputKind, optional: Bool)
        case literal(Unicode.Scalar)
    }

    /// What an input position accepts.
    enum InputKind: Hashable, Sendable {
        case digit, letter, letterOrDigit

        func accepts(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .digit: scalar.isASCIIDigit
            case .letter: scalar.isLetter
            case .letterOrDigit: scalar.isASCIIDigit || scalar.isLetter
            }
        }

        var regex: String {
            switch self {
            case .digit: "[0-9]"
            case .letter: #"\p{L}"#
            case .letterOrDigit: #"[\p{L}0-9]"#
            }
        }
    }

    /// The mask as written.
    public let notation: String
    let slots: [Slot]
    /// The equivalent PCRE2 pattern source (anchored: `^…$`).
    public let regex: String
    /// The compiled ``regex``, matched against the whole value by ``isComplete(_:)``.
    public let pattern: Pattern

    /// Compiles a mask.
    ///
    /// - Throws: ``MaskError`` for an empty mask, a mask with no input positions, a trailing
    ///   `\`, or a mask longer than ``maxLength``.
    public init(_ notation: String) throws(MaskError) {
        var slots: [Slot] = []
        var scalars = notation.unicodeScalars.makeIterator()
        var offset = 0
        while let scalar = scalars.next() {
            guard slots.count < Self.maxLength else {
                throw MaskError(reason: .tooLong, mask: notation, offset: offset)
            }
            switch scalar {
            case "0": slots.append(.input(.digit, optional: false))
            case "9": slots.append(.input(.digit, optional: true))
            case "A": slots.append(.input(.letter, optional: false))
            case "a": slots.append(.input(.letter, optional: true))
            case "*": slots.append(.input(.letterOrDigit, optional: false))
            case "\\":
                guard let escaped = scalars.next() else {
                    throw MaskError(reason: .trailingEscape, mask: notation, offset: offset)
                }
                offset += 1
                slots.append(.literal(escaped))
            default: slots.append(.literal(scalar))
            }
            offset += 1
        }
        guard !slots.isEmpty else { throw MaskError(reason: .empty, mask: notation, offset: 0) }
        guard slots.contains(where: \.isInput) else {
            throw MaskError(reason: .noInputPositions, mask: notation, offset: 0)
        }
        self.notation = notation
        self.slots = slots
        regex = "^" + Self.regexBody(slots[...]) + "$"
        do {
            pattern = try Pattern(regex)
        } catch {
            // Every slot maps to a fixed, valid fragment; only PCRE2's own limits refuse one: more
            // than 250 optional positions after the last required one nest too deeply.
            throw MaskError(reason: .regex(error.message), mask: notation, offset: 0)
        }
    }

    /// The regex for `slots`. Up to the last required position each slot is its own fragment
    /// (`X?` for an optional one); after it, optional positions and the fixed characters before
    /// them nest as optional groups, because ``format(_:)`` stops after the last position typed:
    /// `00-99` accepts `12`, `12-3` and `12-34`, not `12-`.
    /// The most positions and fixed characters a mask may have: ample for any value a person
    /// types, and a bound on the work of compiling one.
    public static let maxLength = 1000

    static func regexBody(_ slots: ArraySlice<Slot>) -> String {
        let lastRequired = slots.lastIndex { $0.isInput && !$0.isOptional }
        let head = lastRequired.map { slots[...$0].map(\.regex).joined() } ?? ""
        let tail = lastRequired.map { slots[($0 + 1)...] } ?? slots
        return head + optionalTailRegex(tail)
    }

    /// `(?:lead₁ X₁(?:lead₂ X₂ … closing)?)?`: each input position opens a group that holds the
    /// rest, and the fixed characters after the last one close the innermost. Built in one
    /// pass, without recursion.
    private static func optionalTailRegex(_ tail: ArraySlice<Slot>) -> String {
        var regex = ""
        var groups = 0
        var lead = ""
        for slot in tail {
            if case .input(let kind, _) = slot {
                regex += "(?:" + lead + kind.regex
                lead = ""
                groups += 1
            } else {
                lead += slot.regex
            }
        }
        return regex + lead + String(repeating: ")?", count: groups)
    }

    /// Whether `value` is a complete masked value (every required position filled, every
    /// fixed character in place), e.g. `+7 (916) 123-45-67`.
    public func isComplete(_ value: String) -> Bool {
        (try? pattern.matches(value)) ?? false
    }

    /// ``isComplete(_:)`` for a value given as its UTF-8 bytes, which must be valid UTF-8.
    package func isComplete(utf8 value: UnsafeBufferPointer<UInt8>) -> Bool {
        (try? pattern.matches(utf8: value)) ?? false
    }

    public static func == (lhs: Mask, rhs: Mask) -> Bool { lhs.notation == rhs.notation }
    public func hash(into hasher: inout Hasher) { hasher.combine(notation) }
}

extension Mask.Slot {
    var isInput: Bool {
        if case .input = self { return true }
        return false
    }

    var isOptional: Bool {
        if case .input(_, optional: true) = self { return true }
        return false
    }

    var regex: String {
        switch self {
        case .input(let kind, let optional): kind.regex + (optional ? "?" : "")
        case .literal(let scalar): scalar.regexLiteral
        }
    }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }

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
    /// A random complete value: every required position filled (digits 0–9, Latin capitals
    /// for letters); optional positions at the end are filled half of the time.
    public func sample<R: RandomNumberGenerator>(using random: inout R) -> String {
        var typed = String.UnicodeScalarView()
        let tail = (slots.lastIndex { $0.isInput && !$0.isOptional } ?? -1) + 1
        for (position, slot) in slots.enumerated() {
            guard case .input(let kind, let optional) = slot else { continue }
            if optional && position >= tail && Bool.random(using: &random) { break }
            let digit = Unicode.Scalar(UInt8.random(in: 0x30...0x39, using: &random))
            let letter = Unicode.Scalar(UInt8.random(in: 0x41...0x5A, using: &random))
            switch kind {
            case .digit: typed.append(digit)
            case .letter: typed.append(letter)
            case .letterOrDigit: typed.append(Bool.random(using: &random) ? digit : letter)
            }
        }
        return format(String(typed)).text
    }
}
