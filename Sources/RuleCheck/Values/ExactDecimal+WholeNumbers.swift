/// The whole numbers next to an exact decimal: how an exclusive bound on whole numbers becomes an
/// inclusive one (`exclusiveMinimum: 2.5` on integers is `min: 3`), without rounding in binary.
extension ExactDecimal.Parts {
    /// The least whole number above this one: ⌊x⌋ + 1 (`2.5` → `3`, `3` → `4`, `-2.5` → `-2`).
    var wholeNumberAbove: Self {
        let floor = isNegative && !isWhole ? Self.addingOne(to: truncated.negated).negated : truncated
        return Self.addingOne(to: floor)
    }

    /// The number without its fraction (toward zero).
    private var truncated: Self {
        guard exponent < 0 else { return self }
        let kept = digitCount + exponent
        guard kept > 0 else { return .zero }
        return Self(isNegative: isNegative, digits: Array(digits.prefix(kept)), exponent: 0)
    }

    /// `whole` + 1, for a whole number.
    private static func addingOne(to whole: Self) -> Self {
        // Every digit written out, least significant first.
        var digits: [UInt8] = Array(repeating: 0, count: whole.exponent) + whole.digits.reversed()
        if whole.isNegative {
            // −(m − 1): m ≥ 1, borrow from the first non-zero digit.
            var index = 0
            while digits[index] == 0 {
                digits[index] = 9
                index += 1
            }
            digits[index] -= 1
        } else {
            var index = 0
            while index < digits.count, digits[index] == 9 {
                digits[index] = 0
                index += 1
            }
            if index == digits.count { digits.append(1) } else { digits[index] += 1 }
        }
        return Self(isNegative: whole.isNegative, digits: digits.reversed(), exponent: 0)
    }
}
