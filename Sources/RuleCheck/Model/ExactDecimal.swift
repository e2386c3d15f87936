/// A decimal number exactly as written: `9007199254740993`, `0.30000000001`, `-12.5`, `1e-30`.
///
/// ```swift
/// let step = ExactDecimal("0.01")!
/// ExactDecimal("10000000.005")!.isMultiple(of: step)                 // false
/// ExactDecimal("9007199254740993")! > ExactDecimal("9007199254740992")!  // true
/// ExactDecimal("1e-7")!.description                                  // "0.0000001"
/// ExactDecimal(0.1)?.description                                     // "0.1": a Double's shortest decimal
/// ```
///
/// RuleCheck compares numbers with their `min`/`max` bounds and decides `multiple_of` in this
/// arithmetic, on the digits a value was written with, however many there are: a binary `Double`
/// cannot hold 9007199254740993 or tell 10000000.005 from the binary fraction next to it.
/// ``Value/decimal(_:)`` holds the numbers whose digits no `Double` keeps.
///
/// A number has one representation (trailing zeros dropped, zero unsigned), so `1.50`, `1.5` and
/// `15e-1` are equal and hash alike.
public struct ExactDecimal: Hashable, Sendable, CustomStringConvertible {
    /// The number in plain decimal, as people write it: `9007199254740993`, `-0.0000001`,
    /// `12.5`; with an exponent (`1.5e-1000`) only when that would take more than 400 zeros.
    /// Valid as a JSON number and, without an exponent, as a rules-file literal.
    ///
    /// It is also how the number is stored: one `String`, so that ``Value`` (whose `.text` holds
    /// one too) keeps its size and the cost of copying it, which every slot of every record
    /// pays; the arithmetic reads it into `Parts` when asked.
    public let description: String

    /// The number `parts` are, printed once.
    init(_ parts: Parts) {
        description = parts.text
    }

    /// The number's sign, digits and exponent.
    var parts: Parts {
        // The text is always one that `Parts.text` wrote, which reads back.
        Parts(utf8: description.utf8) ?? .zero
    }

    /// Zero.
    public static let zero = ExactDecimal(Parts.zero)

    /// The number a text spells: `-12`, `3.5`, `+7`, `1e-30`, `2.5E+3`; nil for anything else
    /// (no spaces, no thousands separators, at least one digit before and after a `.`, an
    /// exponent of at most 2⁴⁰).
    public init?<S: StringProtocol>(_ text: S) {
        guard let parts = Parts(utf8: text.utf8) else { return nil }
        self.init(parts)
    }

    /// ``init(_:)-(StringProtocol)`` for UTF-8 bytes.
    init?<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
        guard let parts = Parts(utf8: bytes) else { return nil }
        self.init(parts)
    }

    /// A whole number.
    public init(_ integer: Int) {
        self.init(Parts(isNegative: integer < 0, UInt64(integer.magnitude), exponent: 0))
    }

    /// The shortest decimal that reads back as `double` (what Swift prints for it: `0.1` for the
    /// binary fraction nearest 0.1); nil for infinities and NaN.
    ///
    /// This is the number a `Double` stands for in RuleCheck: a value typed or read as `0.1` is
    /// held as the `Double` nearest 0.1, and means 0.1.
    public init?(_ double: Double) {
        guard let parts = Parts(double) else { return nil }
        self.init(parts)
    }

    /// The `Double` nearest the number (correctly rounded; ±infinity beyond the largest finite
    /// `Double`, zero below the smallest).
    public var double: Double { parts.double }

    /// Whether the number is below zero (never for zero).
    public var isNegative: Bool { description.utf8.first == UInt8(ascii: "-") }

    /// Whether this is zero.
    public var isZero: Bool { description == "0" }

    /// Whether this is a whole number.
    public var isWhole: Bool { parts.isWhole }

    /// The number with the other sign.
    public var negated: ExactDecimal { ExactDecimal(parts.negated) }

    /// The number as an `Int`, if it is whole and fits.
    public var integer: Int? { parts.integer }

    /// Whether this number is a whole multiple of `step`; nil when `step` is not above zero, and
    /// when `step` has 20 significant digits or more and either number more than 1,000.
    ///
    /// ```swift
    /// ExactDecimal("10000000.01")!.isMultiple(of: ExactDecimal("0.01")!)    // true
    /// ExactDecimal("10000000.005")!.isMultiple(of: ExactDecimal("0.01")!)   // false
    /// ExactDecimal("3000000001")!.isMultiple(of: ExactDecimal("2")!)        // false
    /// ```
    ///
    /// - Complexity: O(d + log k) steps for a step of up to 19 significant digits, d the digits
    ///   of this number and k the difference of the exponents; with more digits in the step,
    ///   O(d · s + s² · log k), s its digits.
    public func isMultiple(of step: ExactDecimal) -> Bool? {
        parts.isMultiple(of: step.parts)
    }

    /// The least whole number above this one: ⌊x⌋ + 1 (`2.5` → `3`, `3` → `4`, `-2.5` → `-2`).
    var wholeNumberAbove: ExactDecimal { ExactDecimal(parts.wholeNumberAbove) }

    /// The greatest whole number below this one: ⌈x⌉ − 1 (`2.5` → `2`, `3` → `2`, `-2.5` → `-3`).
    var wholeNumberBelow: ExactDecimal { ExactDecimal(parts.negated.wholeNumberAbove.negated) }

    /// Whether a `Double` holds the number as written (``Parts/isHeldAsWritten(by:)``).
    func isHeldAsWritten(by double: Double) -> Bool {
        parts.isHeldAsWritten(by: double)
    }
}
