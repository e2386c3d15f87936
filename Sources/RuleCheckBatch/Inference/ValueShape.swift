import Patterns

/// The shape text values share: runs of digits, runs of letters and fixed characters, with the
/// lengths of each run seen — `4509 123456` and `4510 654321` are 4 digits, a space, 6 digits.
/// From it ``pattern`` proposes a regex (`\d{4} \d{6}`) and ``mask`` an input mask (`0000 000000`).
///
/// ```swift
/// var shape = ValueShape("AB-12")
/// shape = shape?.merged(with: ValueShape("CD-345"))   // [A-Z]{2}-\d{2,3}
/// ```
///
/// Digits and letters are what PCRE2 calls them in the rules' patterns (UTF and UCP): a decimal
/// digit of any script (`\d`), a letter of any script (`\p{L}`); any other character is fixed.
/// Values of different shapes (another number of runs, another fixed character) have none in
/// common, and neither do long or many-run values: a shape is for codes, not prose.
struct ValueShape: Equatable {
    /// A run of one kind of character, `min...max` long; or one fixed character.
    enum Token: Equatable {
        case digits(min: Int, max: Int)
        case letters(LetterClass, min: Int, max: Int)
        case fixed(Unicode.Scalar)
    }

    /// The letters a run held: ASCII capitals, ASCII small letters, both, or letters of any script.
    enum LetterClass: Equatable {
        case upper, lower, mixed, any

        func merged(with other: LetterClass) -> LetterClass {
            if self == other { return self }
            if self == .any || other == .any { return .any }
            return .mixed
        }

        var regex: String {
            switch self {
            case .upper: "[A-Z]"
            case .lower: "[a-z]"
            case .mixed: "[A-Za-z]"
            case .any: "\\p{L}"
            }
        }
    }

    private(set) var tokens: [Token]

    /// The most runs and fixed characters a shape may have, and the longest value it is made of.
    static let maxTokens = 16
    static let maxLength = 64

    /// The shape of one value; nil for an empty value, a long one or one of many runs.
    init?(_ value: String) {
        var tokens: [Token] = []
        var length = 0
        for scalar in value.unicodeScalars {
            length += 1
            guard length <= Self.maxLength else { return nil }
            let token: Token
            if DecimalDigits.value(of: scalar) != nil {
                token = .digits(min: 1, max: 1)
            } else if let letters = Self.letterClass(scalar) {
                token = .letters(letters, min: 1, max: 1)
            } else {
                token = .fixed(scalar)
            }
            switch (tokens.last, token) {
            case (.digits(let count, _)?, .digits):
                tokens[tokens.count - 1] = .digits(min: count + 1, max: count + 1)
            case (.letters(let letters, let count, _)?, .letters(let other, _, _)):
                tokens[tokens.count - 1] = .letters(letters.merged(with: other), min: count + 1, max: count + 1)
            default:
                guard tokens.count < Self.maxTokens else { return nil }
                tokens.append(token)
            }
        }
        guard !tokens.isEmpty else { return nil }
        self.tokens = tokens
    }

    /// The shape both values have, their runs' lengths widened; nil when they differ in kind.
    func merged(with other: ValueShape) -> ValueShape? {
        guard tokens.count == other.tokens.count else { return nil }
        var merged = self
        for index in tokens.indices {
            switch (tokens[index], other.tokens[index]) {
            case (.digits(let a, let b), .digits(let c, let d)):
                merged.tokens[index] = .digits(min: min(a, c), max: max(b, d))
            case (.letters(let x, let a, let b), .letters(let y, let c, let d)):
                merged.tokens[index] = .letters(x.merged(with: y), min: min(a, c), max: max(b, d))
            case (.fixed(let x), .fixed(let y)) where x == y:
                continue
            default:
                return nil
            }
        }
        return merged
    }

    /// Whether the shape says something a person would want checked: it has digits, or runs of
    /// letters of one length each with fixed characters between them (`AB-CD`), or it is one run
    /// of capitals of one length (a code such as `EUR`). Words of any length (names) say nothing.
    var isTelling: Bool {
        var hasDigits = false
        var hasFixed = false
        var runs = 0
        var fixedLengths = true
        for token in tokens {
            switch token {
            case .digits: hasDigits = true
            case .fixed: hasFixed = true
            case .letters(_, let low, let high):
                runs += 1
                if low != high { fixedLengths = false }
            }
        }
        if hasDigits { return true }
        if hasFixed, runs >= 2, fixedLengths { return true }
        if tokens.count == 1, case .letters(.upper, let low, let high) = tokens[0], low == high { return true }
        return false
    }

    /// A PCRE2 pattern that every value of this shape matches whole: `\d{4} \d{6}`.
    var pattern: String {
        tokens.map { token in
            switch token {
            case .digits(let low, let high): "\\d" + Self.count(low, high)
            case .letters(let letters, let low, let high): letters.regex + Self.count(low, high)
            case .fixed(let scalar): Self.escapedForRegex(scalar)
            }
        }.joined()
    }

    /// An input mask that every value of this shape completes (`0000 000000`), when the shape
    /// suits one: fixed characters between runs, and runs of one length each (the last may vary:
    /// `009`, optional positions at the end). Letters are `A`, a letter of any script.
    var mask: String? {
        guard tokens.contains(where: { if case .fixed = $0 { true } else { false } }) else { return nil }
        var text = ""
        for (index, token) in tokens.enumerated() {
            let isLast = index == tokens.count - 1
            switch token {
            case .digits(let low, let high):
                guard low == high || isLast else { return nil }
                text += String(repeating: "0", count: low) + String(repeating: "9", count: high - low)
            case .letters(_, let low, let high):
                guard low == high || isLast else { return nil }
                text += String(repeating: "A", count: low) + String(repeating: "a", count: high - low)
            case .fixed(let scalar):
                text += Self.escapedForMask(scalar)
            }
        }
        return text
    }

    /// `{4}`, `{2,3}`, or nothing for one.
    private static func count(_ low: Int, _ high: Int) -> String {
        if low == high { return low == 1 ? "" : "{\(low)}" }
        return "{\(low),\(high)}"
    }

    private static func letterClass(_ scalar: Unicode.Scalar) -> LetterClass? {
        switch scalar.value {
        case 0x41...0x5A: return .upper
        case 0x61...0x7A: return .lower
        case 0..<0x80: return nil
        default:
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .any
            default: return nil
            }
        }
    }

    /// A fixed character in a regex: letters and digits never get here; ASCII punctuation is
    /// escaped, a space and other characters are themselves (`\x{…}` for controls and spaces of
    /// other kinds, which a reader could not tell apart).
    private static func escapedForRegex(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return " " }
        if scalar.isASCII {
            if scalar.value < 0x20 || scalar.value == 0x7F { return "\\x{" + String(scalar.value, radix: 16) + "}" }
            return "\\" + String(scalar)
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark,
            .spacingMark, .privateUse, .surrogate, .unassigned:
            return "\\x{" + String(scalar.value, radix: 16) + "}"
        default:
            return String(scalar)
        }
    }

    /// A fixed character in a mask: the characters the notation uses are written `\x`.
    private static func escapedForMask(_ scalar: Unicode.Scalar) -> String {
        "09Aa*[]{}<>\\…".unicodeScalars.contains(scalar) ? "\\" + String(scalar) : String(scalar)
    }
}
