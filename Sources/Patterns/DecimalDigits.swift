/// Which decimal digits a mask, a number or a date accepts: those of every script (read as the
/// ASCII digits 0–9), or only 0–9.
///
/// ```swift
/// DecimalDigits.folded("۱۲۳۴")       // "1234" (Persian digits)
/// DecimalDigits.folded("१२")          // "12" (Devanagari)
/// try Mask("0000").format("٠١٢٣").text            // "0123"
/// try Mask("0000", digits: .ascii).format("٠١٢٣").state   // .invalid
/// ```
///
/// A decimal digit is a scalar of Unicode general category Nd (Arabic-Indic `٠–٩`, Persian `۰–۹`,
/// Devanagari `०–९`, Bengali, Thai, full-width `０–９` …); each reads as its numeric value.
public enum DecimalDigits: String, Hashable, Sendable, CaseIterable {
    /// The digits of every script, normalised to 0–9 (the default).
    case any
    /// Only the ASCII digits 0–9.
    case ascii

    /// The value 0…9 of a decimal digit of any script; `nil` for anything else.
    @inline(__always)
    public static func value(of scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value >= 0x30 && scalar.value <= 0x39 { return UInt8(scalar.value - 0x30) }
        guard scalar.value >= 0x660, scalar.properties.numericType == .decimal,
            let value = scalar.properties.numericValue, value >= 0, value <= 9
        else { return nil }
        return UInt8(value)
    }

    /// The ASCII digit a decimal digit of any script stands for; `nil` for anything else.
    @inline(__always)
    public static func ascii(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        value(of: scalar).map { Unicode.Scalar(0x30 + $0) }
    }

    /// `text` with every decimal digit of another script replaced by its ASCII digit; the text
    /// itself (without copying) when it has none.
    public static func folded(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        // Most non-ASCII text (names, Cyrillic plates) has no such digit: no new string then.
        guard let first = text.unicodeScalars.firstIndex(where: { $0.value >= 0x660 && value(of: $0) != nil }) else {
            return text
        }
        var view = String.UnicodeScalarView(text.unicodeScalars[..<first])
        for scalar in text.unicodeScalars[first...] { view.append(ascii(scalar) ?? scalar) }
        return String(view)
    }

    /// Whether this policy accepts `scalar` as a digit; the ASCII digit it stands for.
    @inline(__always)
    func digit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch self {
        case .any: Self.ascii(scalar)
        case .ascii: scalar.value >= 0x30 && scalar.value <= 0x39 ? scalar : nil
        }
    }
}
