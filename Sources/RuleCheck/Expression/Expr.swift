import Patterns

/// A compiled expression: names resolved to field ids, types checked.
indirect enum Expr: Sendable {
    case constant(Value?)
    case field(FieldID)
    /// The number of items of a repeating list.
    case itemCount(FieldID)
    case today
    /// Inside `options_filter`: the candidate option's value.
    case optionValue
    /// Inside `options_filter`: an attribute of the candidate option (`option.region`).
    case optionAttribute(String)
    case not(Expr)
    case and(Expr, Expr)
    case or(Expr, Expr)
    case equal(Expr, Expr)
    case notEqual(Expr, Expr)
    case order(Order, Expr, Expr)
    /// `x in [a, b, …]`.
    case memberOfLiteral(Expr, [Expr])
    /// `x in some_multi_choice_field`.
    case memberOf(Expr, Expr)
    case arithmetic(Arithmetic, Expr, Expr)
    case concat(Expr, Expr)
    case negate(Expr)
    /// A date moved by a duration.
    case shift(Expr, Duration)
    /// Days from the second date to the first (`end - start`).
    case daysBetween(Expr, Expr)
    case function(Function, [Expr])
    /// `matches(x, 're')`: the regex found anywhere in x.
    case matches(Expr, Pattern)

    enum Order: String, Sendable { case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=" }
    enum Arithmetic: String, Sendable { case plus = "+", minus = "-", times = "*", divide = "/" }

    /// The built-in functions (`matches` is compiled on its own, with its regex).
    enum Function: String, Sendable, CaseIterable {
        case empty, len, count, age, year, lower, upper, trim, round, floor, ceil, trunc, matches
        /// `multiple_of(x, step)`: x is a whole multiple of step (JSON Schema's `multipleOf`).
        case multipleOf = "multiple_of"
    }
}
