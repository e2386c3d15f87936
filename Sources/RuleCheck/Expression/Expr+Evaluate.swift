import Patterns

extension Expr {
    /// The expression's value; `nil` is null.
    ///
    /// Null rules: `==`/`!=` treat null as a value (`x == null` holds when x is empty);
    /// `< <= > >=` with a null side are false; arithmetic with null is null; in a condition
    /// null counts as false.
    func evaluate<Context: EvaluationContext>(_ context: Context) -> Value? {
        switch self {
        case .constant(let value):
            return value
        case .field(let field):
            return context.value(of: field)
        case .itemCount(let list):
            return .number(Double(context.itemCount(of: list)))
        case .today:
            return .date(context.today)
        case .optionValue:
            return context.option?.value
        case .optionAttribute(let name):
            return context.option?.attributes[name]
        case .not(let operand):
            return .bool(!operand.holds(context))
        case .and(let lhs, let rhs):
            return Step.and(rhs).apply(to: lhs.evaluate(context), context)
        case .or(let lhs, let rhs):
            return Step.or(rhs).apply(to: lhs.evaluate(context), context)
        case .equal(let lhs, let rhs):
            return .bool(lhs.evaluate(context) == rhs.evaluate(context))
        case .notEqual(let lhs, let rhs):
            return .bool(lhs.evaluate(context) != rhs.evaluate(context))
        case .order(let order, let lhs, let rhs):
            guard let left = lhs.evaluate(context), let right = rhs.evaluate(context) else { return .bool(false) }
            return .bool(Self.compare(order, left, right))
        case .memberOfLiteral(let element, let list):
            guard let value = element.evaluate(context) else { return .bool(false) }
            return .bool(list.contains { $0.evaluate(context) == value })
        case .memberOf(let element, let list):
            guard let value = element.evaluate(context), case .list(let items)? = list.evaluate(context) else {
                return .bool(false)
            }
            return .bool(items.contains(value))
        case .arithmetic(let op, let lhs, let rhs):
            return Step.arithmetic(op, rhs).apply(to: lhs.evaluate(context), context)
        case .concat(let lhs, let rhs):
            return Step.concat(rhs).apply(to: lhs.evaluate(context), context)
        case .negate(let operand):
            switch operand.evaluate(context) {
            case .number(let value)?: return .number(-value)
            case .decimal(let value)?: return .decimal(value.negated)
            default: return nil
            }
        case .shift(let date, let duration):
            return Step.shift(duration).apply(to: date.evaluate(context), context)
        case .daysBetween(let end, let start):
            return Step.daysBetween(start).apply(to: end.evaluate(context), context)
        case .chain(let head, let steps):
            var value = head.evaluate(context)
            for step in steps { value = step.apply(to: value, context) }
            return value
        case .matches(let subject, let pattern):
            guard case .text(let text)? = subject.evaluate(context) else { return .bool(false) }
            // A value that makes the regex hit its limits does not match, and the context is told.
            do {
                return .bool(try pattern.contains(text))
            } catch {
                context.regexLimitReached()
                return .bool(false)
            }
        case .function(let function, let arguments):
            return Self.call(function, arguments, context)
        case .aggregate(let kind, let list, let field):
            return Self.aggregate(kind, list, field, context)
        case .quantified(let quantifier, let list, let condition):
            // `any` stops at the first item where the condition holds, `all` at the first where it does not.
            let wanted = quantifier == .any
            for item in 0..<context.itemCount(of: list) where condition.holds(context.seen(fromItem: item, of: list)) == wanted {
                return .bool(wanted)
            }
            return .bool(!wanted)
        }
    }

    /// `sum`, `min` or `max` of `field` over the items of `list`, empty items skipped: the sum of
    /// none is 0, the least or greatest of none is null. A sum is in `Double`s, as arithmetic is;
    /// `min` and `max` give the item's value as it is (an exact decimal stays exact).
    private static func aggregate<Context: EvaluationContext>(
        _ kind: Aggregate, _ list: FieldID, _ field: FieldID, _ context: Context
    ) -> Value? {
        let count = context.itemCount(of: list)
        if kind == .sum {
            var total = 0.0
            for item in 0..<count {
                if let number = context.value(of: field, item: item)?.number { total += number }
            }
            guard total.isFinite else {
                context.arithmeticOverflowed()
                return nil
            }
            return .number(total + 0)
        }
        var best: Value?
        for item in 0..<count {
            guard let value = context.value(of: field, item: item) else { continue }
            guard let current = best else {
                best = value
                continue
            }
            let order: ExactDecimal.Order? =
                switch (value, current) {
                case (.date(let a), .date(let b)): a < b ? .ascending : a == b ? .same : .descending
                default: Value.compareNumbers(value, current)
                }
            if order == (kind == .min ? .ascending : .descending) { best = value }
        }
        return best
    }

    /// Whether the expression holds, as a condition: only `true` holds; null and false do not.
    func holds<Context: EvaluationContext>(_ context: Context) -> Bool {
        evaluate(context) == .bool(true)
    }

    private static func compare(_ order: Order, _ left: Value, _ right: Value) -> Bool {
        let ascending: Bool
        let same: Bool
        switch (left, right) {
        case (.number(let a), .number(let b)): (ascending, same) = (a < b, a == b)
        case (.date(let a), .date(let b)): (ascending, same) = (a < b, a == b)
        case (.text(let a), .text(let b)): (ascending, same) = (a < b, a == b)
        default:
            // A `.decimal` on either side: compared digit by digit.
            guard let order = Value.compareNumbers(left, right) else { return false }
            (ascending, same) = (order == .ascending, order == .same)
        }
        switch order {
        case .less: return ascending
        case .lessEqual: return ascending || same
        case .greater: return !ascending && !same
        case .greaterEqual: return !ascending
        }
    }

    private static func call<Context: EvaluationContext>(
        _ function: Function, _ arguments: [Expr],
        _ context: Context
    ) -> Value? {
        if function == .count || function == .empty, case .itemCount(let list)? = arguments.first {
            let count = context.itemCount(of: list)
            return function == .count ? .number(Double(count)) : .bool(count == 0)
        }
        let argument = arguments.first?.evaluate(context)
        switch function {
        case .empty:
            return .bool(argument?.isEmptyContent ?? true)
        case .len, .count:
            switch argument {
            case .text(let text)?: return .number(Double(text.unicodeScalars.count))
            case .list(let items)?: return .number(Double(items.count))
            case .structured(.array(let items))?: return .number(Double(items.count))
            case .structured(.object(let members))? where function == .len: return .number(Double(members.count))
            case nil: return function == .count ? .number(0) : nil
            default: return nil
            }
        case .age:
            guard case .date(let day)? = argument, day.isInCalendar else { return nil }
            return .number(Double(day.wholeYears(to: context.today)))
        case .year:
            guard case .date(let day)? = argument, day.isInCalendar else { return nil }
            return .number(Double(day.year))
        case .lower:
            guard case .text(let text)? = argument else { return nil }
            return Value.normalized(.text(text.lowercased()))
        case .upper:
            guard case .text(let text)? = argument else { return nil }
            return Value.normalized(.text(text.uppercased()))
        case .trim:
            guard case .text(let text)? = argument else { return nil }
            return Value.normalized(.text(text.trimmingWhitespace()))
        case .round, .floor, .ceil, .trunc:
            // A whole `.decimal` is its own rounding; any other number is rounded as a `Double`.
            if case .decimal(let decimal)? = argument, decimal.isWhole { return argument }
            guard let number = argument?.number else { return nil }
            let rule: FloatingPointRoundingRule =
                switch function {
                case .round: .toNearestOrAwayFromZero
                case .floor: .down
                case .ceil: .up
                default: .towardZero
                }
            // `+ 0` turns -0 into 0.
            return .number(number.rounded(rule) + 0)
        case .multipleOf:
            guard let number = argument, let step = arguments.last?.evaluate(context) else { return nil }
            return Value.isMultiple(number, of: step).map(Value.bool)
        case .jsonType:
            return .text(Self.jsonType(of: argument))
        case .number:
            switch argument {
            case .text(let text)?, .structured(.string(let text))?:
                return NumberText.read(text, digits: .any, locale: context.numbers).value
            case .number?, .decimal?:
                return argument
            case .structured(.number(let number))?:
                return .number(number)
            case .structured(.decimal(let decimal))?:
                return Value.normalized(.decimal(decimal))
            default:
                return nil
            }
        case .matches, .json, .sum, .min, .max, .any, .all:
            return nil  // compiled as `.matches`, as a constant, as `.aggregate` and `.quantified`
        case .foldedLetters:
            return argument.map(LetterFolding.arabicVariants.folded)
        }
    }

    /// The JSON type of a value, by JSON's names (a date is a string, a list an array).
    static func jsonType(of value: Value?) -> String {
        switch value {
        case nil, .structured(.null)?: "null"
        case .text?, .date?, .structured(.string)?: "string"
        case .number?, .decimal?, .structured(.number)?, .structured(.decimal)?: "number"
        case .bool?, .structured(.bool)?: "boolean"
        case .list?, .structured(.array)?: "array"
        case .structured(.object)?: "object"
        }
    }
}

extension Expr.Step {
    /// The step's value with `left` as its left side: the one rule for each operator, for a
    /// binary node (`left` its left operand's value) and for a chain (`left` the value so far).
    /// The right operand is evaluated only when needed: `and` and `or` stop early.
    func apply<Context: EvaluationContext>(to left: Value?, _ context: Context) -> Value? {
        switch self {
        case .and(let rhs):
            return .bool(left == .bool(true) && rhs.holds(context))
        case .or(let rhs):
            return .bool(left == .bool(true) || rhs.holds(context))
        case .arithmetic(let op, let rhs):
            // Arithmetic is in `Double`s: a `.decimal` takes part as the `Double` nearest it.
            guard let a = left?.number, let b = rhs.evaluate(context)?.number else { return nil }
            let result: Double =
                switch op {
                case .plus: a + b
                case .minus: a - b
                case .times: a * b
                case .divide: a / b
                }
            guard result.isFinite else {
                // Division by zero is null; any other result past the range is an overflow.
                if op != .divide || b != 0 { context.arithmeticOverflowed() }
                return nil
            }
            return .number(result)
        case .concat(let rhs):
            guard case .text(let a)? = left, case .text(let b)? = rhs.evaluate(context) else { return nil }
            return .text(a + b)
        case .shift(let duration):
            guard case .date(let day)? = left else { return nil }
            // Beyond the calendar (years 1–9999) the result saturates on the side it left by, so
            // a `min`/`max` bound out there still compares with every date (a computed value
            // out there is empty: see `Value.normalized`).
            return .date(day.shifted(years: duration.years, months: duration.months, days: duration.days))
        case .daysBetween(let start):
            guard case .date(let a)? = left, case .date(let b)? = start.evaluate(context),
                a.isInCalendar, b.isInCalendar
            else { return nil }
            return .number(Double(a.daysSinceEpoch - b.daysSinceEpoch))
        }
    }
}

extension String {
    /// The text without leading and trailing white space (Unicode White_Space).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
