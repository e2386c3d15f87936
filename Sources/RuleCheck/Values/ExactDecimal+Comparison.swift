/// Ordering exact decimals: by sign, then by where the leading digit stands, then digit by digit.
extension ExactDecimal: Comparable {
    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        lhs.parts.order(rhs.parts) == .ascending
    }

    /// How two numbers compare.
    enum Order: Sendable {
        case ascending, same, descending

        var reversed: Order {
            switch self {
            case .ascending: .descending
            case .same: .same
            case .descending: .ascending
            }
        }
    }

}

extension ExactDecimal.Parts {
    typealias Order = ExactDecimal.Order

    /// How this number compares with `other`.
    func order(_ other: Self) -> Order {
        if isNegative != other.isNegative { return isNegative ? .ascending : .descending }
        let magnitudes = magnitudeOrder(other)
        return isNegative ? magnitudes.reversed : magnitudes
    }

    /// How the magnitudes compare.
    private func magnitudeOrder(_ other: Self) -> Order {
        switch (isZero, other.isZero) {
        case (true, true): return .same
        case (true, false): return .ascending
        case (false, true): return .descending
        case (false, false): break
        }
        // Where the leading digit stands: 10^(lead - 1) ≤ |x| < 10^lead.
        let count = digitCount, otherCount = other.digitCount
        let lead = exponent + count, otherLead = other.exponent + otherCount
        if lead != otherLead { return lead < otherLead ? .ascending : .descending }
        if case .small(let a) = significand, case .small(let b) = other.significand {
            // The shorter one scaled to the other's length: at most 19 digits, so it fits.
            let (x, y) = count < otherCount ? (a * Self.powerOfTen(otherCount - count), b) : (a, b * Self.powerOfTen(count - otherCount))
            return x < y ? .ascending : x == y ? .same : .descending
        }
        // Digit by digit; the shorter one goes on with zeros (neither ends in a zero).
        let digits = self.digits, otherDigits = other.digits
        for index in 0..<min(digits.count, otherDigits.count) where digits[index] != otherDigits[index] {
            return digits[index] < otherDigits[index] ? .ascending : .descending
        }
        return digits.count == otherDigits.count ? .same : digits.count < otherDigits.count ? .ascending : .descending
    }

    /// 10^`power`, for `power` in 0...19.
    static func powerOfTen(_ power: Int) -> UInt64 {
        var value: UInt64 = 1
        for _ in 0..<power { value *= 10 }
        return value
    }
}
