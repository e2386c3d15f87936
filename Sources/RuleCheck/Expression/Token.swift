/// A token of the expression language, with where it is in the expression text.
struct Token: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A number literal, exactly as written.
        case number(ExactDecimal)
        case text(String)
        case date(Day)
        case duration(DateDuration)
        case name(String)
        case keyword(Keyword)
        case symbol(Symbol)
        case end
    }

    enum Keyword: String, Hashable, Sendable, CaseIterable {
        case and, or, not, `in`, `true`, `false`, null, today
    }

    enum Symbol: String, Hashable, Sendable, CaseIterable {
        case orOr = "||", andAnd = "&&", bang = "!"
        case equal = "==", notEqual = "!=", lessEqual = "<=", greaterEqual = ">=", less = "<", greater = ">"
        case plus = "+", minus = "-", star = "*", slash = "/"
        case openParen = "(", closeParen = ")", openBracket = "[", closeBracket = "]", comma = ",", dot = "."
    }

    let kind: Kind
    /// Offsets in Unicode scalars from the start of the expression text.
    let range: Range<Int>
}

/// A duration literal: `18y`, `6m`, `2w`, `10d`. Only dates can be moved by one.
package struct DateDuration: Hashable, Sendable, CustomStringConvertible {
    /// The longest duration a literal may write: the calendar's span (years 1–9999), so that
    /// date arithmetic stays in range of integers.
    static let maxYears = 10_000
    static let maxDays = 3_652_500

    package var years = 0
    package var months = 0
    package var days = 0

    var negated: DateDuration { DateDuration(years: -years, months: -months, days: -days) }

    package var description: String {
        [(years, "y"), (months, "m"), (days, "d")].filter { $0.0 != 0 }.map { "\($0.0)\($0.1)" }.joined(separator: " ")
    }
}

/// A mistake in an expression: a message and where it is in the expression text.
struct ExpressionError: Error, Hashable, Sendable {
    /// The kind of problem, as the diagnostic reports it.
    var code: DiagnosticCode
    var message: String
    /// Offsets in Unicode scalars from the start of the expression text.
    var range: Range<Int>
}
