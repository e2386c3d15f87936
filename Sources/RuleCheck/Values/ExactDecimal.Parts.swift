extension ExactDecimal {
    /// A number as sign, significant digits and exponent: what the arithmetic of ``ExactDecimal``
    /// works on, read from its text when needed, or made from a `Double` without any text.
    struct Parts: Hashable, Sendable {
        /// Whether the number is below zero (never for zero).
        let isNegative: Bool
        /// The significant digits as a whole number, without trailing zeros; zero for zero.
        let significand: Significand
        /// The power of ten the significand is scaled by: the number is ±significand × 10^exponent.
        let exponent: Int

        /// The significant digits.
        enum Significand: Hashable, Sendable {
            /// Up to 19 digits (below 10¹⁹), as one integer: no allocation.
            case small(UInt64)
            /// 20 digits or more, most significant first, each 0–9, the last not 0.
            case large([UInt8])
        }

        /// Zero.
        static let zero = Parts(isNegative: false, significand: .small(0), exponent: 0)

        /// The largest exponent a written number may have (`1e999999999999` is refused, not read as
        /// a number with a trillion digits' worth of zeros); the same bound holds below zero.
        static let maxExponent = 1 << 40

        /// A number from its parts as they are (the caller has made them canonical).
        private init(isNegative: Bool, significand: Significand, exponent: Int) {
            self.isNegative = isNegative
            self.significand = significand
            self.exponent = exponent
        }

        /// The canonical number ±`digits` × 10^`exponent`: trailing zeros moved into the exponent,
        /// up to 19 digits held as one integer, zero unsigned.
        init(isNegative: Bool, digits: [UInt8], exponent: Int) {
            var end = digits.count
            while end > 0, digits[end - 1] == 0 { end -= 1 }
            var start = 0
            while start < end, digits[start] == 0 { start += 1 }
            guard start < end else {
                self = .zero
                return
            }
            let exponent = exponent + (digits.count - end)
            if end - start <= 19 {
                var value: UInt64 = 0
                for digit in digits[start..<end] { value = value * 10 + UInt64(digit) }
                self.init(isNegative: isNegative, significand: .small(value), exponent: exponent)
            } else {
                self.init(isNegative: isNegative, significand: .large(Array(digits[start..<end])), exponent: exponent)
            }
        }

        /// The canonical number ±`value` × 10^`exponent`.
        init(isNegative: Bool, _ value: UInt64, exponent: Int) {
            guard value != 0 else {
                self = .zero
                return
            }
            var value = value
            var exponent = exponent
            while value % 10 == 0 {
                value /= 10
                exponent += 1
            }
            self.init(isNegative: isNegative, significand: .small(value), exponent: exponent)
        }

        /// The number a text spells (``ExactDecimal/init(_:)-(StringProtocol)``), as UTF-8 bytes.
        init?<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
            guard let number = Self.parse(utf8: bytes) else { return nil }
            self = number
        }

        private static func parse<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> Parts? {
            var index = bytes.startIndex
            var negative = false
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negative = bytes[index] == UInt8(ascii: "-")
                bytes.formIndex(after: &index)
            }
            // The significant digits: up to 19 in `small`, then all of them in `large`.
            var small: UInt64 = 0
            var count = 0
            var large: [UInt8] = []
            var fractionDigits = 0
            var integerDigits = 0
            var seenPoint = false
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: ".") {
                    guard !seenPoint, integerDigits > 0 else { return nil }
                    seenPoint = true
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    let digit = byte - UInt8(ascii: "0")
                    if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
                    if count > 0 || digit != 0 {
                        if count < 19 {
                            small = small * 10 + UInt64(digit)
                        } else {
                            if count == 19 { large = digitsOf(small) }
                            large.append(digit)
                        }
                        count += 1
                    }
                } else {
                    break
                }
                bytes.formIndex(after: &index)
            }
            guard integerDigits > 0, !seenPoint || fractionDigits > 0 else { return nil }
            var written = 0
            if index < bytes.endIndex {
                guard bytes[index] | 0x20 == UInt8(ascii: "e") else { return nil }
                bytes.formIndex(after: &index)
                var exponentNegative = false
                if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                    exponentNegative = bytes[index] == UInt8(ascii: "-")
                    bytes.formIndex(after: &index)
                }
                var exponentDigits = 0
                while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                    written = written * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    guard written <= maxExponent else { return nil }
                    exponentDigits += 1
                    bytes.formIndex(after: &index)
                }
                guard exponentDigits > 0, index == bytes.endIndex else { return nil }
                if exponentNegative { written = -written }
            }
            let exponent = written - fractionDigits
            guard count > 0 else { return .zero }
            // A number whose digits reach past the exponent bound is refused, as its exponent would be.
            guard exponent + count <= maxExponent, exponent >= -maxExponent else { return nil }
            if count <= 19 { return Parts(isNegative: negative, small, exponent: exponent) }
            return Parts(isNegative: negative, digits: large, exponent: exponent)
        }

        /// The decimal digits of `value`, most significant first (`[0]` for zero).
        static func digitsOf(_ value: UInt64) -> [UInt8] {
            guard value != 0 else { return [0] }
            var digits: [UInt8] = []
            var rest = value
            while rest > 0 {
                digits.append(UInt8(rest % 10))
                rest /= 10
            }
            return digits.reversed()
        }

        /// The number of significant digits.
        var digitCount: Int {
            switch significand {
            case .small(let value):
                var count = 1
                var rest = value
                while rest >= 10 {
                    rest /= 10
                    count += 1
                }
                return count
            case .large(let digits):
                return digits.count
            }
        }

        /// The significant digits, most significant first.
        var digits: [UInt8] {
            switch significand {
            case .small(let value): Self.digitsOf(value)
            case .large(let digits): digits
            }
        }

        /// Whether this is zero.
        var isZero: Bool { significand == .small(0) }

        /// Whether this is a whole number.
        var isWhole: Bool { exponent >= 0 }

        /// The number with the other sign.
        var negated: Parts {
            isZero ? self : Parts(isNegative: !isNegative, significand: significand, exponent: exponent)
        }

        /// The number as an `Int`, if it is whole and fits.
        var integer: Int? {
            // 10¹⁹ is beyond Int already.
            guard isWhole, exponent < 19 else { return nil }
            // Counted below zero, where Int reaches one further (Int.min).
            var value = 0
            for digit in digits + [UInt8](repeating: 0, count: exponent) {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, borrow) = times.subtractingReportingOverflow(Int(digit))
                guard !overflow, !borrow else { return nil }
                value = sum
            }
            if isNegative { return value }
            return value == Int.min ? nil : -value
        }

        // MARK: - Doubles

        /// 10⁰ … 10²², each exact in a `Double`.
        private static let powersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]

        /// The shortest decimal that reads back as `double` (``ExactDecimal/init(_:)-(Double)``).
        init?(_ double: Double) {
            guard double.isFinite else { return nil }
            if double == 0 {
                self = .zero
                return
            }
            // Whole numbers below 2⁵³ are their own shortest decimals.
            if double == double.rounded(.towardZero), double.magnitude < 9_007_199_254_740_992 {
                self.init(isNegative: double < 0, UInt64(double.magnitude), exponent: 0)
                return
            }
            // Swift prints the shortest decimal that reads back as the same `Double`.
            guard let number = Self.parse(utf8: double.description.utf8) else { return nil }
            self = number
        }

        /// The `Double` nearest the number (``ExactDecimal/double``).
        var double: Double {
            if case .small(let value) = significand, value < 1 << 53, exponent >= -22, exponent <= 22 {
                // Both the digits and the power of ten are exact: one rounding (Clinger's fast path).
                let magnitude = exponent < 0 ? Double(value) / Self.powersOfTen[-exponent] : Double(value) * Self.powersOfTen[exponent]
                return isNegative ? -magnitude : magnitude
            }
            var text = isNegative ? "-" : ""
            text.reserveCapacity(digitCount + 24)
            for digit in digits { text.unicodeScalars.append(Unicode.Scalar(digit + UInt8(ascii: "0"))) }
            text += "e" + String(exponent)
            return Double(text) ?? .nan
        }

        /// Whether `double`, the `Double` nearest the number, holds it as written: it is finite and
        /// reads back (as its shortest decimal) as this number. True for every number of up to 15
        /// significant digits in the range of normal `Double`s, and for `9007199254740992`; false for
        /// `9007199254740993` and `0.10000000000000001`.
        func isHeldAsWritten(by double: Double) -> Bool {
            guard double.isFinite else { return false }
            if digitCount <= 15, double == 0 ? isZero : double.isNormal { return true }
            return Parts(double) == self
        }

        // MARK: - Text

        /// The most zeros ``text`` writes out before it uses an exponent instead: enough for
        /// every finite `Double` (`5e-324` is 323 zeros and a 5) to print without one.
        static let maxPlainZeros = 400

        /// The number as ``ExactDecimal/description`` prints it.
        var text: String {
            let digits = self.digits
            var text = isNegative ? "-" : ""
            let point = digits.count + exponent  // digits before the decimal point
            func append(_ digits: ArraySlice<UInt8>) {
                for digit in digits { text.unicodeScalars.append(Unicode.Scalar(digit + UInt8(ascii: "0"))) }
            }
            if exponent >= 0, exponent <= Self.maxPlainZeros {
                append(digits[...])
                text += String(repeating: "0", count: exponent)
            } else if exponent < 0, point > 0 {
                append(digits[..<point])
                text += "."
                append(digits[point...])
            } else if exponent < 0, -point <= Self.maxPlainZeros {
                text += "0." + String(repeating: "0", count: -point)
                append(digits[...])
            } else {
                append(digits[..<1])
                if digits.count > 1 {
                    text += "."
                    append(digits[1...])
                }
                text += "e" + (point - 1 >= 0 ? "+" : "") + String(point - 1)
            }
            return text
        }
    }
}
