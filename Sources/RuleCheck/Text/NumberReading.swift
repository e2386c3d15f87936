import Patterns

/// What a text typed or written for a number field stands for: a number, a text that only a
/// locale could read (`1,200` with no locale given), or no number.
package enum NumberReading: Hashable, Sendable {
    /// The number, as plain decimal reads it or as the locale writes it.
    case number(Value)
    /// No locale is given, and the text is a number only as some locale writes it (`1,200` is
    /// 1200 in English and 1.2 in French): a finding, never silently one of the two.
    case needsLocale
    /// Not a number.
    case none

    /// The number read, if any.
    package var value: Value? {
        if case .number(let value) = self { return value }
        return nil
    }
}

extension NumberText {
    /// Reads a number as people type it: plain decimal (`-12`, `3.5`), or as `locale` writes
    /// numbers — its decimal sign, its grouping sign between groups of three digits, the digits
    /// of every script under `digits: .any`, the minus sign U+2212 and the bidirectional marks
    /// CLDR puts before a sign (`‎−۱۰٫۵`, `۵۰۰٬۰۰۰`, `1 200,5`, `1.200,5`).
    ///
    /// ```swift
    /// NumberText.read("12,5", digits: .any, locale: NumberSymbols(locale: "fr"))   // .number(12.5)
    /// NumberText.read("1.200", digits: .any, locale: NumberSymbols(locale: "de"))  // .number(1200)
    /// NumberText.read("1,200", digits: .any, locale: nil)                          // .needsLocale
    /// ```
    ///
    /// Where the locale's reading and plain decimal's differ (`1.200` in German), the locale's
    /// wins; plain decimal is read in every locale where the locale reads nothing (`12.5` in
    /// German), so what a machine writes is always read.
    package static func read(_ text: String, digits: DecimalDigits, locale: NumberSymbols?) -> NumberReading {
        let plain = parse(text, digits: digits)
        guard let locale else {
            if let plain { return .number(plain) }
            // A minus sign U+2212 or a bidirectional mark is no locale's own.
            if let written = canonical(text, digits: digits, .plain), let number = parse(written) { return .number(number) }
            return NumberSymbols.builtIn.contains(where: { canonical(text, digits: digits, $0) != nil }) ? .needsLocale : .none
        }
        guard let written = canonical(text, digits: digits, locale), let number = parse(written) else {
            return plain.map { .number($0) } ?? .none
        }
        return .number(number)
    }

    /// Whether `text` is a beginning of a number as plain decimal or `locale` writes it (`-`,
    /// `12,` in French, `1 2` before `1 200`); of a whole number when `whole`.
    static func couldBecome(_ text: String, digits: DecimalDigits, locale: NumberSymbols?, whole: Bool) -> Bool {
        for ending in ["", "0", "00", "000"] {
            guard let number = read(text + ending, digits: digits, locale: locale).value else { continue }
            if !whole || number.isWholeNumber { return true }
        }
        return false
    }

    /// The plain decimal `text` spells as `locale` writes numbers, or `nil`: a sign, the whole
    /// part with groups of exactly three digits after a grouping sign, then the decimals after
    /// a decimal sign.
    private static func canonical(_ text: String, digits: DecimalDigits, _ locale: NumberSymbols) -> String? {
        var result = String.UnicodeScalarView()
        var started = false, signed = false, afterDecimal = false, grouped = false
        var run = 0, fraction = 0, whole = 0
        for scalar in text.unicodeScalars {
            if bidiMarks.contains(scalar) { continue }
            if let digit = digits == .any ? DecimalDigits.ascii(scalar) : (scalar.value >= 0x30 && scalar.value <= 0x39 ? scalar : nil) {
                result.append(digit)
                started = true
                if afterDecimal { fraction += 1 } else { run += 1; whole += 1 }
                continue
            }
            if !started, !signed, scalar == "-" || scalar == "+" || scalar == "\u{2212}" {
                if scalar != "+" { result.append("-") }
                signed = true
                continue
            }
            guard !afterDecimal, run > 0 else { return nil }
            if locale.grouping.contains(scalar) {
                guard grouped ? run == 3 : run <= 3 else { return nil }
                grouped = true
                run = 0
            } else if locale.decimal.contains(scalar) {
                guard !grouped || run == 3 else { return nil }
                afterDecimal = true
                result.append(".")
            } else {
                return nil
            }
        }
        guard whole > 0, !afterDecimal || fraction > 0, afterDecimal || !grouped || run == 3 else { return nil }
        return String(result)
    }

    /// LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK and ARABIC LETTER MARK: CLDR's Persian and Arabic
    /// minus signs begin with one, and copying a number from a message brings it along.
    private static let bidiMarks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]
}
