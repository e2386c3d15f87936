import Patterns

/// Numbers as plain decimal text: `-12`, `3.5`, `+7`. No exponents, no thousands separators,
/// no leading or trailing `.`. A number is read exactly as written: `.number` when a `Double`
/// holds it so, `.decimal` with every digit when none does (``Value/init(exactly:)``); a number
/// beyond the range of a `Double` (about ±1.8 × 10³⁰⁸) is not read.
enum NumberText {
    /// The number `text` spells, or `nil`. With `digits: .any`, the decimal digits of every
    /// script count as 0–9 (`۱۲۳`, `١٢٫٥` is not a number: only `.` separates decimals).
    static func parse<S: StringProtocol>(_ text: S, digits: DecimalDigits) -> Value? {
        if digits == .any, text.utf8.contains(where: { $0 >= 0x80 }) {
            return parse(DecimalDigits.folded(String(text)))
        }
        return parse(text)
    }

    /// The number `text` spells in ASCII digits, or `nil`.
    static func parse<S: StringProtocol>(_ text: S) -> Value? {
        parse(utf8: text.utf8)
    }

    /// ``parse(_:)`` for ASCII bytes, with the same answer, without making a `String` for the
    /// numbers cells usually hold.
    static func parse(ascii bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        parse(utf8: bytes)
    }

    /// Reads the number. Up to 15 digits, a whole number is exact in a `Double`, and so is a
    /// decimal's digits read as a whole number: dividing it by an exact power of ten rounds once,
    /// correctly, which is what `strtod` gives (Clinger's fast path); and a `Double` holds every
    /// number of up to 15 digits as written. More digits are read as an ``ExactDecimal``.
    private static func parse<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> Value? {
        var digits = 0
        var digitsBefore = 0
        var digitsAfter = 0
        var seenPoint = false
        var negative = false
        var mantissa = 0
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard offset == 0 else { return nil }
                negative = byte == UInt8(ascii: "-")
            case UInt8(ascii: "."):
                guard !seenPoint, digitsBefore > 0 else { return nil }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { digitsAfter += 1 } else { digitsBefore += 1 }
                digits += 1
                if digits <= 15 { mantissa = mantissa * 10 + Int(byte - UInt8(ascii: "0")) }
            default:
                return nil
            }
        }
        guard digitsBefore > 0, !seenPoint || digitsAfter > 0 else { return nil }
        if digits <= 15 {
            let magnitude = digitsAfter == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[digitsAfter]
            return .number(negative ? -magnitude : magnitude)
        }
        guard let decimal = ExactDecimal(utf8: bytes) else { return nil }
        let value = Value(exactly: decimal)
        return value.number?.isFinite == true ? value : nil
    }

    /// 10⁰ … 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}
