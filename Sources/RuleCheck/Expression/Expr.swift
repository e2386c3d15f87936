package import Patterns

/// A compiled expression: names resolved to field ids, types checked.
package indirect enum Expr: Sendable {
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
    case shift(Expr, DateDuration)
    /// Days from the second date to the first (`end - start`).
    case daysBetween(Expr, Expr)
    case function(Function, [Expr])
    /// `matches(x, 're')`: the regex found anywhere in x.
    case matches(Expr, Pattern)
    /// A chain of three or more operands of one precedence level (`a + b - c + d`, `x or y or z`),
    /// kept flat so that a long chain is not a deep tree: the value of `head` (the first two
    /// operands, as their binary node), then each step applied to the value so far, exactly
    /// as the binary node of that operator would apply it.
    case chain(Expr, [Step])
    /// `sum(drivers.premium)`, `min(…)`, `max(…)`: the item field `field` of every item of
    /// `list`, empty items skipped.
    case aggregate(Aggregate, list: FieldID, field: FieldID)
    /// `any(drivers, age < 21)`, `all(…)`: the condition evaluated in each item of `list`.
    case quantified(Quantifier, list: FieldID, condition: Expr)

    /// One operator of a ``chain`` with its right operand; the value so far is its left side.
    package enum Step: Sendable {
        case and(Expr)
        case or(Expr)
        case arithmetic(Arithmetic, Expr)
        case concat(Expr)
        case shift(DateDuration)
        case daysBetween(Expr)

        /// The right operand, if it is an expression.
        var operand: Expr? {
            switch self {
            case .and(let rhs), .or(let rhs), .arithmetic(_, let rhs), .concat(let rhs), .daysBetween(let rhs): rhs
            case .shift: nil
            }
        }

        /// The binary node applying this step to `lhs`.
        func applied(to lhs: Expr) -> Expr {
            switch self {
            case .and(let rhs): .and(lhs, rhs)
            case .or(let rhs): .or(lhs, rhs)
            case .arithmetic(let op, let rhs): .arithmetic(op, lhs, rhs)
            case .concat(let rhs): .concat(lhs, rhs)
            case .shift(let duration): .shift(lhs, duration)
            case .daysBetween(let rhs): .daysBetween(lhs, rhs)
            }
        }
    }

    /// What ``aggregate(_:list:field:)`` makes of the items' values.
    package enum Aggregate: String, Sendable {
        /// The total of the numbers (0 when no item has one).
        case sum
        /// The least number or earliest date (null when no item has one).
        case min
        /// The greatest number or latest date (null when no item has one).
        case max
    }

    /// Whether ``quantified(_:list:condition:)`` needs the condition in some item or in every one.
    package enum Quantifier: String, Sendable {
        /// True when the condition holds in at least one item (false for no items).
        case any
        /// True when the condition holds in every item (true for no items).
        case all
    }

    package enum Order: String, Sendable { case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=" }
    package enum Arithmetic: String, Sendable { case plus = "+", minus = "-", times = "*", divide = "/" }

    /// The built-in functions (`matches` is compiled on its own, with its regex).
    package enum Function: String, Sendable, CaseIterable {
        case empty, len, count, age, year, lower, upper, trim, round, floor, ceil, trunc, matches
        /// `multiple_of(x, step)`: x is a whole multiple of step (JSON Schema's `multipleOf`).
        case multipleOf = "multiple_of"
        /// `json_type(x)`: the JSON type of x's value as text: `string`, `number`, `boolean`,
        /// `array`, `object`, or `null` when it is empty.
        case jsonType = "json_type"
        /// `json('[1, 2]')`: a JSON value written as JSON text (compiled as a constant).
        case json
        /// `number(x)`: the number a text writes, read as the form's locale writes numbers (as
        /// a number field reads what is typed); null when it writes none.
        case number
        /// `sum(list.field)`, `min(…)`, `max(…)`, `any(list, condition)`, `all(…)`: compiled as
        /// ``Expr/aggregate(_:list:field:)`` and ``Expr/quantified(_:list:condition:)``.
        case sum, min, max, any, all
        /// Text with the Arabic script's variant letters folded (``LetterFolding/arabicVariants``):
        /// put around the operands of a comparison by the compiler, under `letters:`; no name an
        /// expression can write calls it.
        case foldedLetters = "folded letters"

        /// Whether an expression may call the function by its name.
        var isCallable: Bool { self != .foldedLetters }
    }
}
