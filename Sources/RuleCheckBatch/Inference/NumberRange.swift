import Patterns
import RuleCheck

/// The numbers a field holds, as far as a rules file can state them: whether all are read as
/// numbers and whole, and the smallest and the largest with their text for `min:` and `max:`.
///
/// Text (a CSV cell) counts as a number when the checker reads it as one
/// (``RecordChecker/readsNumber(_:)``), and it is plain enough to be a bound's literal: no
/// leading zero (`007` is a code, not a number) and at most 15 digits (past that a number is not
/// exact, and such values are identifiers).
struct NumberRange {
    /// Whether every value so far is a number.
    private(set) var allNumbers = true
    /// Whether every value so far is a whole number.
    private(set) var allWhole = true
    private(set) var smallest: (value: Double, text: String)?
    private(set) var largest: (value: Double, text: String)?

    /// Adds a text value (a CSV cell).
    mutating func add(text: String) {
        guard allNumbers else { return }
        guard let value = RecordChecker.readsNumber(text), let literal = Self.literal(text) else {
            allNumbers = false
            return
        }
        add(value, literal)
    }

    /// Adds a JSON number.
    mutating func add(number: Double) {
        guard allNumbers else { return }
        guard let literal = Self.literal(number) else {
            allNumbers = false
            return
        }
        add(number, literal)
    }

    private mutating func add(_ value: Double, _ literal: String) {
        if value != value.rounded() { allWhole = false }
        if smallest.map({ value < $0.value }) ?? true { smallest = (value, literal) }
        if largest.map({ value > $0.value }) ?? true { largest = (value, literal) }
    }

    /// The number as a bound's literal (`-12`, `3.5`), or nil when it is not plain enough.
    static func literal(_ text: String) -> String? {
        var digits = DecimalDigits.folded(text)[...]
        var sign = ""
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        let integerPart = digits.prefix { $0 != "." }
        guard integerPart.count == 1 || integerPart.first != "0" else { return nil }
        guard digits.count(where: { $0.isASCII && $0.isNumber }) <= 15 else { return nil }
        return sign + digits
    }

    /// A JSON number as a plain decimal literal, or nil when it has more than 15 significant
    /// digits or is not finite.
    static func literal(_ number: Double) -> String? {
        guard number.isFinite else { return nil }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        // Swift writes the shortest text that reads back as the same Double: `0.1`, `1e-07`.
        let text = "\(number)"
        guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.count { $0.isNumber } <= 15 ? text : nil
        }
        guard let exponent = Int(text[text.index(after: exponentIndex)...]) else { return nil }
        var mantissa = text[..<exponentIndex]
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent
        guard digits.count <= 15, point > -15, point < 16 else { return nil }
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point >= digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        let integer = String(digits.prefix(point))
        var decimals = String(digits.dropFirst(point))
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return (negative ? "-" : "") + integer + (decimals.isEmpty ? "" : "." + decimals)
    }
}
