/// Numbers as values, compared and divided exactly: the one implementation behind `min`/`max`,
/// ordering in expressions and `multiple_of`, in forms, record checks and the server alike.
extension Value {
    /// The value of a number: `.number` when a `Double` holds it as written, else `.decimal`.
    ///
    /// ```swift
    /// Value(exactly: ExactDecimal("0.1")!)                 // .number(0.1)
    /// Value(exactly: ExactDecimal("9007199254740993")!)    // .decimal(9007199254740993)
    /// ```
    public init(exactly decimal: ExactDecimal) {
        let double = decimal.double
        self = decimal.isHeldAsWritten(by: double) ? .number(double) : .decimal(decimal)
    }

    /// The number exactly: a `.number`'s shortest decimal, a `.decimal`'s digits; nil for other
    /// values (and for a `.number` that is not finite).
    public var exactNumber: ExactDecimal? {
        switch self {
        case .number(let number): ExactDecimal(number)
        case .decimal(let decimal): decimal
        default: nil
        }
    }

    /// Whether this is a number with no fractional part.
    var isWholeNumber: Bool {
        switch self {
        case .number(let number): number == number.rounded()
        case .decimal(let decimal): decimal.isWhole
        default: false
        }
    }

    /// How two numbers compare, exactly; nil unless both are numbers.
    ///
    /// Two `.number`s compare as `Double`s, which is exact: each means the shortest decimal of its
    /// `Double`, and those decimals are in the order of the `Double`s (each lies in its own
    /// `Double`'s rounding interval, and the intervals do not overlap). A `.decimal` is
    /// compared digit by digit.
    @inline(__always)
    static func compareNumbers(_ lhs: Value, _ rhs: Value) -> ExactDecimal.Order? {
        if case .number(let a) = lhs, case .number(let b) = rhs {
            return a < b ? .ascending : a == b ? .same : a > b ? .descending : nil
        }
        return compareExactly(lhs, rhs)
    }

    private static func compareExactly(_ lhs: Value, _ rhs: Value) -> ExactDecimal.Order? {
        guard let a = lhs.exactParts, let b = rhs.exactParts else { return nil }
        return a.order(b)
    }

    /// ``exactNumber`` as sign, digits and exponent, without printing a `.number` first.
    private var exactParts: ExactDecimal.Parts? {
        switch self {
        case .number(let number): ExactDecimal.Parts(number)
        case .decimal(let decimal): decimal.parts
        default: nil
        }
    }

    /// Whether `number` is a whole multiple of `step`, decided exactly on their decimals
    /// (`multiple_of(10000000.005, 0.01)` is false, `multiple_of(0.0075, 0.0001)` true); nil
    /// unless both are numbers and `step` is above zero.
    static func isMultiple(_ number: Value, of step: Value) -> Bool? {
        if case .number(let x) = number, case .number(let s) = step {
            guard s > 0, s.isFinite, x.isFinite else { return nil }
            let whole = s == s.rounded()
            // Whole numbers below 2⁵³ are exactly their decimals, and the remainder of two
            // `Double`s is exact.
            if whole, s < 9_007_199_254_740_992, x == x.rounded(), x.magnitude < 9_007_199_254_740_992 {
                return x.truncatingRemainder(dividingBy: s) == 0
            }
            // A whole step's multiples are whole; a fraction below 2⁵² is not.
            if whole, x != x.rounded() { return false }
        }
        guard let x = number.exactParts, let s = step.exactParts else { return nil }
        return x.isMultiple(of: s)
    }
}
