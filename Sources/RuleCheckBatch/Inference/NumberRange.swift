import Patterns
import RuleCheck

/// The numbers a field holds, as far as a rules file can state them: whether all are read as
/// numbers and whole, and the smallest and the largest for `min:` and `max:`, with every digit
/// (`9007199254740993` stays that number, as the check compares it: see ``ExactDecimal``).
///
/// Text (a CSV cell) counts as a number when the checker reads it as one
/// (``RecordChecker/readsNumber(_:)``) and has no leading zero (`007` is a code, not a number).
struct NumberRange {
    /// Whether every value so far is a number.
    private(set) var allNumbers = true
    /// Whether every value so far is a whole number.
    private(set) var allWhole = true
    /// The smallest and the largest number so far: a `.number` or a `.decimal`.
    private var low: Value?
    private var high: Value?

    /// Whether no number was added.
    var isEmpty: Bool { low == nil }
    /// The smallest number as a bound's literal (`-12`, `3.5`, `9007199254740993`).
    var smallest: String? { low.flatMap(Self.literal) }
    /// The largest number as a bound's literal.
    var largest: String? { high.flatMap(Self.literal) }

    /// Adds a text value (a CSV cell).
    mutating func add(text: String) {
        guard allNumbers else { return }
        guard let value = RecordChecker.readsNumber(text), !Self.hasLeadingZero(text) else {
            allNumbers = false
            return
        }
        add(value)
    }

    /// Adds a JSON number: a `.number` or a `.decimal`.
    mutating func add(number value: Value) {
        guard allNumbers else { return }
        add(value)
    }

    private mutating func add(_ value: Value) {
        switch value {
        case .number(let number) where number.isFinite:
            if number != number.rounded() { allWhole = false }
        case .decimal(let decimal):
            if !decimal.isWhole { allWhole = false }
        default:
            allNumbers = false
            return
        }
        if low.map({ Self.isLess(value, $0) }) ?? true { low = value }
        if high.map({ Self.isLess($0, value) }) ?? true { high = value }
    }

    /// Whether `a` is below `b`: as `Double`s when both are (exact: see ``Value/init(exactly:)``),
    /// digit by digit when one is a `.decimal`.
    private static func isLess(_ a: Value, _ b: Value) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return x < y }
        guard let x = a.exactNumber, let y = b.exactNumber else { return false }
        return x < y
    }

    /// Whether a number's text starts with a zero that is not its only integer digit (`007`,
    /// `-01.5`): such values are codes.
    static func hasLeadingZero(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        let integerPart = digits.prefix { $0 != UInt8(ascii: ".") }
        return integerPart.count > 1 && integerPart.first == UInt8(ascii: "0")
    }

    /// A number as a bound's literal: its plain decimal, every digit (`0.0000001`, `-2.5`,
    /// `9007199254740993`); nil when it is not finite or would need an exponent (more than 400
    /// zeros), which a rules-file literal cannot have.
    static func literal(_ value: Value) -> String? {
        guard let text = value.exactNumber?.description, !text.contains("e") else { return nil }
        return text
    }
}
