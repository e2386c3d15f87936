/// Numbers and dates as a locale writes them in messages.
extension MessageLocale {
    /// A number printed in plain ASCII decimal (`-1234.5`) as the locale writes it: its digits,
    /// its decimal separator and its minus sign (CLDR's symbols for the locale and its digits:
    /// `‎−۱۲۳۴٫۵` in Persian, `-1234,5` in French). No grouping separators: a bound such as a
    /// year reads `2026`, as in English. Anything else in the text is kept.
    ///
    /// ```swift
    /// MessageLocale("fa").number("-2.5")    // "\u{200E}−۲٫۵"
    /// MessageLocale("de").number("2.5")     // "2,5"
    /// ```
    public func number(_ text: String) -> String {
        let (decimal, minus) = symbols
        guard numerals != .latin || decimal != "." || minus != "-" else { return text }
        var result = text
        if decimal != ".", let point = result.firstIndex(of: ".") { result.replaceSubrange(point...point, with: decimal) }
        if minus != "-", result.hasPrefix("-") { result = minus + result.dropFirst() }
        return numerals.digits(result)
    }

    /// A date (or any text with digits) as the locale writes it: only its digits change.
    public func digits(_ text: String) -> String {
        numerals.digits(text)
    }

    /// CLDR's decimal separator and minus sign for the language and digits.
    private var symbols: (decimal: String, minus: String) {
        switch (language, numerals) {
        // ARABIC DECIMAL SEPARATOR; a LEFT-TO-RIGHT MARK and MINUS SIGN (Persian), an ARABIC
        // LETTER MARK and HYPHEN-MINUS (Arabic), so that the sign stays before the number.
        case ("fa", .latin): (".", "\u{200E}\u{2212}")
        case ("fa", _): ("\u{066B}", "\u{200E}\u{2212}")
        case ("ar", .latin): (region.map { ["DZ", "MA", "TN"].contains($0) } ?? false ? "," : ".", "\u{200E}-")
        case ("ar", _): ("\u{066B}", "\u{061C}-")
        case (_, .latin): (["fr", "de", "es", "ru"].contains(language) ? "," : ".", "-")
        case (_, _): ("\u{066B}", "\u{061C}-")
        }
    }
}
