/// The digits numbers are written in: CLDR's numbering systems that the built-in locales use.
///
/// ```swift
/// NumeralSystem.extendedArabicIndic.digits("1403/05/12")   // "۱۴۰۳/۰۵/۱۲"
/// ```
public enum NumeralSystem: String, Hashable, Sendable, CaseIterable {
    /// 0123456789 (`latn`).
    case latin = "latn"
    /// ٠١٢٣٤٥٦٧٨٩, U+0660–U+0669 (`arab`).
    case arabicIndic = "arab"
    /// ۰۱۲۳۴۵۶۷۸۹, U+06F0–U+06F9, Persian's (`arabext`).
    case extendedArabicIndic = "arabext"

    /// The scalar of digit 0.
    private var zero: UInt32 {
        switch self {
        case .latin: 0x30
        case .arabicIndic: 0x660
        case .extendedArabicIndic: 0x6F0
        }
    }

    /// `text` with each ASCII digit written in these digits; everything else as it is.
    public func digits(_ text: String) -> String {
        guard self != .latin, text.utf8.contains(where: { (0x30...0x39).contains($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x30...0x39).contains(scalar.value), let digit = Unicode.Scalar(zero + scalar.value - 0x30) {
                scalars.append(digit)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
