import Patterns

/// CLDR's cardinal plural categories, and which one a whole count takes in each language with
/// built-in messages: `1 символ`, `2 символа`, `5 символов` are `one`, `few` and `many` in
/// Russian.
///
/// ```swift
/// PluralCategory(3, language: "ar")    // .few
/// PluralCategory(11, language: "ar")   // .many
/// PluralCategory(0, language: "fr")    // .one: French says « 0 caractère »
/// ```
///
/// The rules are those of CLDR's `plurals.xml` (`common/supplemental`) for integers (CLDR's
/// operands with `v = 0`: every count in a message is whole); a language without rules of its own
/// here takes English's.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    /// The category of `count` in `language` (`ru`, `fr`, …; lowercased, without region).
    public init(_ count: Int, language: String) {
        let n = count.magnitude
        switch language {
        case "ru":
            // one: i % 10 = 1 and i % 100 != 11; few: i % 10 = 2..4 and i % 100 != 12..14; many: the rest.
            if n % 10 == 1 && n % 100 != 11 {
                self = .one
            } else if (2...4).contains(n % 10) && !(12...14).contains(n % 100) {
                self = .few
            } else {
                self = .many
            }
        case "ar":
            // zero: 0; one: 1; two: 2; few: n % 100 = 3..10; many: n % 100 = 11..99; other: the rest (100, 101, …).
            switch n {
            case 0: self = .zero
            case 1: self = .one
            case 2: self = .two
            default:
                if (3...10).contains(n % 100) {
                    self = .few
                } else if (11...99).contains(n % 100) {
                    self = .many
                } else {
                    self = .other
                }
            }
        case "fr":
            // one: i = 0,1; many: i != 0 and i % 1000000 = 0 (« 1 000 000 de caractères »).
            self = n <= 1 ? .one : n % 1_000_000 == 0 ? .many : .other
        case "es":
            // one: n = 1; many: i != 0 and i % 1000000 = 0 (« 1 000 000 de caracteres »).
            self = n == 1 ? .one : n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "fa":
            // one: i = 0 or n = 1 (a Persian noun after a number stays singular either way).
            self = n <= 1 ? .one : .other
        case "zh":
            self = .other
        default:
            // en, de and every language without rules here: one: i = 1.
            self = n == 1 ? .one : .other
        }
    }

    /// A whole count as a message writes it, read for its plural category: digits of any script,
    /// a sign (`-` or `−`), grouping spaces (`1 000 000`, with no-break spaces too), Arabic
    /// thousands separators and direction marks, which locales' number formats put there; of any
    /// size (`100000000000000000000` is `many` in French). Nil for anything else (`1.5`, `1,5`).
    struct WholeCount: Equatable {
        /// The count when it fits an `Int` (for exact `=n` branches).
        let exact: Int?
        /// A count of the same category: the count itself, or for one past `Int`, one with the same
        /// last six digits that is as large as matters to every rule (more than 2).
        let representative: Int

        init?(_ text: String) {
            var digits: [Int] = []
            var negative = false
            for scalar in DecimalDigits.folded(text).unicodeScalars {
                switch scalar {
                case "0"..."9": digits.append(Int(scalar.value) - 48)
                case "-", "\u{2212}":
                    guard digits.isEmpty, !negative else { return nil }
                    negative = true
                case " ", "\u{A0}", "\u{202F}", "\u{066C}", "\u{200E}", "\u{200F}", "\u{061C}":
                    continue
                default:
                    return nil
                }
            }
            guard !digits.isEmpty else { return nil }
            let significant = digits.drop { $0 == 0 }
            if significant.count <= 18 {
                let magnitude = significant.reduce(0) { $0 * 10 + $1 }
                exact = negative ? -magnitude : magnitude
                representative = magnitude
            } else {
                exact = nil
                representative = 1_000_000_000_000 + digits.suffix(6).reduce(0) { $0 * 10 + $1 }
            }
        }
    }

    /// The category of a count written as text (``WholeCount``); nil when it is not a whole count.
    init?(count text: String, language: String) {
        guard let count = WholeCount(text) else { return nil }
        self.init(count.representative, language: language)
    }

    /// The categories `language` uses, in CLDR's order (`other` last).
    public static func categories(of language: String) -> [PluralCategory] {
        switch language {
        case "ru": [.one, .few, .many, .other]
        case "ar": [.zero, .one, .two, .few, .many, .other]
        case "fr", "es": [.one, .many, .other]
        case "zh": [.other]
        default: [.one, .other]
        }
    }
}
