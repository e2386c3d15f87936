/// Whether one exact decimal is a whole multiple of another (`multiple_of`, JSON Schema's
/// `multipleOf`), decided in integers: no rounding, no tolerance.
extension ExactDecimal.Parts {
    /// The most significant digits either number may have for ``isMultiple(of:)`` when the step
    /// has more than 19 (a step of up to 19 digits takes a number of any length).
    static let maxLongDigits = 1_000

    /// Whether this number is a whole multiple of `step` (``ExactDecimal/isMultiple(of:)``).
    func isMultiple(of step: Self) -> Bool? {
        guard !step.isNegative, !step.isZero else { return nil }
        if isZero { return true }
        // x = m · 10^e and s = n · 10^f, neither m nor n ending in 0. If e < f, x / s is
        // m / (n · 10^(f - e)), which needs 10 to divide m: it does not. Otherwise x / s is
        // m · 10^(e - f) / n: whole exactly when n divides m · 10^(e - f).
        guard exponent >= step.exponent else { return false }
        let shift = exponent - step.exponent
        switch step.significand {
        case .small(let modulus):
            let remainder = Self.remainder(of: significand, modulo: modulus)
            if remainder == 0 { return true }
            return Self.multiply(remainder, Self.powerOfTen(shift, modulo: modulus), modulo: modulus) == 0
        case .large(let modulus):
            // Digit-string arithmetic costs the product of the lengths: beyond the limit the
            // answer is unknown (nil, as for a step ≤ 0), never minutes of work on one record.
            guard modulus.count <= Self.maxLongDigits, digitCount <= Self.maxLongDigits else { return nil }
            let natural = DigitNatural(modulus: modulus)
            let remainder = natural.remainder(of: digits)
            if remainder.isEmpty { return true }
            return natural.multiply(remainder, natural.powerOfTen(shift)).isEmpty
        }
    }

    /// `significand` modulo `modulus` (> 0).
    private static func remainder(of significand: Significand, modulo modulus: UInt64) -> UInt64 {
        switch significand {
        case .small(let value):
            return value % modulus
        case .large(let digits):
            var remainder: UInt64 = 0
            for digit in digits {
                // remainder · 10 + digit < 10 · modulus: the high half is below `modulus`.
                let (high, low) = remainder.multipliedFullWidth(by: 10)
                let (sum, carry) = low.addingReportingOverflow(UInt64(digit))
                remainder = modulus.dividingFullWidth((high + (carry ? 1 : 0), sum)).remainder
            }
            return remainder
        }
    }

    /// `a · b` modulo `modulus`, for `a` and `b` below `modulus`.
    private static func multiply(_ a: UInt64, _ b: UInt64, modulo modulus: UInt64) -> UInt64 {
        modulus.dividingFullWidth(a.multipliedFullWidth(by: b)).remainder
    }

    /// 10^`power` modulo `modulus`, by squaring.
    private static func powerOfTen(_ power: Int, modulo modulus: UInt64) -> UInt64 {
        var result = 1 % modulus
        var base = 10 % modulus
        var power = power
        while power > 0 {
            if power & 1 == 1 { result = multiply(result, base, modulo: modulus) }
            base = multiply(base, base, modulo: modulus)
            power >>= 1
        }
        return result
    }
}

/// Arithmetic modulo a natural number of 20 digits or more, on decimal digits (most significant
/// first, no leading zeros; zero is no digits): only what ``ExactDecimal/isMultiple(of:)`` needs
/// for a step with that many significant digits.
private struct DigitNatural {
    let modulus: [UInt8]

    /// `digits` (most significant first) modulo ``modulus``: Horner's rule, each step below
    /// ten times the modulus, so at most nine subtractions bring it back below.
    func remainder<Digits: Sequence<UInt8>>(of digits: Digits) -> [UInt8] {
        var remainder: [UInt8] = []
        remainder.reserveCapacity(modulus.count + 1)
        for digit in digits {
            if !remainder.isEmpty || digit != 0 { remainder.append(digit) }
            while !isBelowModulus(remainder) { subtractModulus(from: &remainder) }
        }
        return remainder
    }

    /// `a · b` modulo ``modulus``.
    func multiply(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        // Schoolbook product, least significant digit first.
        var product = [Int](repeating: 0, count: a.count + b.count)
        for (i, x) in a.reversed().enumerated() {
            for (j, y) in b.reversed().enumerated() { product[i + j] += Int(x) * Int(y) }
        }
        var carry = 0
        for index in product.indices {
            let total = product[index] + carry
            product[index] = total % 10
            carry = total / 10
        }
        return remainder(of: product.reversed().lazy.map { UInt8($0) })
    }

    /// 10^`power` modulo ``modulus``, by squaring.
    func powerOfTen(_ power: Int) -> [UInt8] {
        var result = remainder(of: [1])
        var base = remainder(of: [1, 0])
        var power = power
        while power > 0 {
            if power & 1 == 1 { result = multiply(result, base) }
            base = multiply(base, base)
            power >>= 1
        }
        return result
    }

    private func isBelowModulus(_ value: [UInt8]) -> Bool {
        if value.count != modulus.count { return value.count < modulus.count }
        for (x, y) in zip(value, modulus) where x != y { return x < y }
        return false
    }

    /// `value` − ``modulus``, for `value` ≥ ``modulus``; leading zeros dropped.
    private func subtractModulus(from value: inout [UInt8]) {
        var borrow: UInt8 = 0
        var index = value.count - 1
        var offset = modulus.count - 1
        while index >= 0 {
            let subtrahend = (offset >= 0 ? modulus[offset] : 0) + borrow
            if value[index] >= subtrahend {
                value[index] -= subtrahend
                borrow = 0
            } else {
                value[index] = value[index] + 10 - subtrahend
                borrow = 1
            }
            index -= 1
            offset -= 1
        }
        let leading = value.firstIndex { $0 != 0 } ?? value.count
        value.removeFirst(leading)
    }
}
