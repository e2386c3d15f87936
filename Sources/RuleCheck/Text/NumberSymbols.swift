import Foundation

/// The signs a locale writes numbers with, as people type them: CLDR's decimal separators and
/// grouping separators of the locale's numbering systems (its own digits' and Latin digits').
///
/// ```swift
/// NumberSymbols(locale: "fr").decimal      // [","]
/// NumberSymbols(locale: "fr").grouping     // [U+202F, U+00A0, " "]
/// NumberSymbols(locale: "fa").decimal      // [U+066B "٫", "."]
/// ```
///
/// The eight locales with built-in messages are fixed here (a form reads the same on every
/// machine); another language takes Foundation's CLDR symbols. A region follows its language,
/// except Arabic's Maghreb regions (`ar-DZ`, `ar-MA`, `ar-TN`), where Latin-digit numbers take a
/// decimal comma, as ``MessageLocale/number(_:)`` writes them.
package struct NumberSymbols: Hashable, Sendable {
    /// The signs that separate the decimals.
    package let decimal: Set<Unicode.Scalar>
    /// The signs that group the digits of the whole part by three.
    package let grouping: Set<Unicode.Scalar>
    /// The locale identifier the symbols are for.
    package let identifier: String

    /// Plain decimal's: a `.` and no grouping sign.
    package static let plain = NumberSymbols(decimal: ["."], grouping: [], identifier: "")

    private init(decimal: Set<Unicode.Scalar>, grouping: Set<Unicode.Scalar>, identifier: String) {
        (self.decimal, self.grouping, self.identifier) = (decimal, grouping, identifier)
    }

    package init(locale identifier: String) {
        self.identifier = identifier
        let locale = MessageLocale(identifier)
        let arabicDecimal: Unicode.Scalar = "\u{066B}", arabicGrouping: Unicode.Scalar = "\u{066C}"
        switch locale.language {
        case "en", "zh":
            (decimal, grouping) = (["."], [","])
        case "fr", "ru":
            // U+202F NARROW NO-BREAK SPACE (CLDR's for French), U+00A0 NO-BREAK SPACE (Russian's),
            // and the space a keyboard types.
            (decimal, grouping) = ([","], ["\u{202F}", "\u{00A0}", " "])
        case "de", "es":
            (decimal, grouping) = ([","], ["."])
        case "fa":
            (decimal, grouping) = ([arabicDecimal, "."], [arabicGrouping, ","])
        case "ar":
            let maghreb = ["DZ", "MA", "TN"].contains(locale.region ?? "")
            (decimal, grouping) =
                maghreb ? ([arabicDecimal, ","], [arabicGrouping, "."]) : ([arabicDecimal, "."], [arabicGrouping, ","])
        default:
            (decimal, grouping) = Self.foundation(identifier)
        }
    }

    /// The symbols of the eight locales with built-in messages: a text that some of them read as
    /// a number and plain decimal does not (`1,200`, `12,5`) needs a locale to be read.
    package static let builtIn: [NumberSymbols] = MessageLocale.builtIn.map { NumberSymbols(locale: $0) }

    /// Foundation's (CLDR's) symbols for a locale outside the eight.
    private static func foundation(_ identifier: String) -> (Set<Unicode.Scalar>, Set<Unicode.Scalar>) {
        let locale = Locale(identifier: identifier)
        let decimal = Set((locale.decimalSeparator ?? ".").unicodeScalars.prefix(1))
        var grouping = Set((locale.groupingSeparator ?? ",").unicodeScalars.prefix(1)).subtracting(decimal)
        if !grouping.isDisjoint(with: ["\u{202F}", "\u{00A0}"]) { grouping.formUnion(["\u{202F}", "\u{00A0}", " "]) }
        return (decimal.isEmpty ? ["."] : decimal, grouping)
    }
}
