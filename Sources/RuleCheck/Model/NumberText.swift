import Patterns

/// Numbers as plain decimal text: `-12`, `3.5`, `+7`. No exponents, no thousands separators,
/// no leading or trailing `.`.
enum NumberText {
    /// The number `text` spells, or `nil`. With `digits: .any`, the decimal digits of every
    /// script count as 0–9 (`۱۲۳`, `١٢٫٥` is not a number: only `.` separates decimals).
    static func parse<S: StringProtocol>(_ text: S, digits: DecimalDigits) -> Double? {
        if digits == .any, text.utf8.contains(where: { $0 >= 0x80 }) {
            return parse(DecimalDigits.folded(String(text)))
        }
        return parse(text)
    }

    /// The number `text` spells in ASCII digits, or `nil`.
    static func parse<S: StringProtocol>(_ text: S) -> Double? {
        var digitsBefore = 0
        var digitsAfter = 0
        var seenPoint = false
        var negative = false
        // Whole numbers of up to 15 digits are exact in a Double: read them here, not with strtod.
        var whole = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard offset == 0 else { return nil }
                negative = byte == UInt8(ascii: "-")
            case UInt8(ascii: "."):
                guard !seenPoint, digitsBefore > 0 else { return nil }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint {
                    digitsAfter += 1
                } else {
                    digitsBefore += 1
                    if digitsBefore <= 15 { whole = whole * 10 + Int(byte - UInt8(ascii: "0")) }
                }
            default:
                return nil
            }
        }
        guard digitsBefore > 0, !seenPoint || digitsAfter > 0 else { return nil }
        if !seenPoint && digitsBefore <= 15 {
            return negative ? -Double(whole) : Double(whole)
        }
        guard let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}
