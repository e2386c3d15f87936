/// The `min` and `max` bounds of fields and of their checks that read nothing but `today`
/// (`max: today - 18y`, `min: 1950`, `max: year(today)`), evaluated once for one day.
///
/// A batch check compares every record with the same day, so such a bound has the same value for
/// every record: the record checker's evaluator looks it up here instead of evaluating it (a
/// date shifted by years is a calendar computation) for every field of every record. A bound is
/// used only when the context's `today` is the day it was evaluated for.
struct FoldedBounds: Sendable {
    /// A bound's value for ``day``. Bounds are numbers or dates, so a bound holds no reference
    /// and reading one costs no reference counting.
    enum Bound: Sendable {
        /// The bound reads fields (or there is none), or is of another kind: evaluate it.
        case unfolded
        /// The bound is null: it is not applied.
        case null
        case number(Double)
        case date(Day)

        init(_ value: Value?) {
            switch value {
            case nil: self = .null
            case .number(let number)?: self = .number(number)
            case .date(let day)?: self = .date(day)
            default: self = .unfolded
            }
        }

        /// The value, unless the bound must be evaluated (`nil`); `.some(nil)` for a null bound.
        var value: Value?? {
            switch self {
            case .unfolded: nil
            case .null: .some(nil)
            case .number(let number): .some(.number(number))
            case .date(let day): .some(.date(day))
            }
        }
    }

    /// The bounds of one field: its own, and its checks' by check index.
    struct Field: Sendable {
        var min = Bound.unfolded
        var max = Bound.unfolded
        var checks: [Bound] = []
    }

    let day: Day
    /// By field index.
    private let fields: [Field]

    /// The bounds of `rules` that read only `today` (and numbers written as `numbers` says,
    /// for `number()` of a literal), evaluated for `today`.
    init(rules: RuleSet, today: Day, numbers: NumberSymbols?) {
        day = today
        let context = TodayContext(today: today, numbers: numbers)
        func fold(_ bound: WrittenExpression?) -> Bound {
            guard let bound, case .todayOnly = bound.shape else { return .unfolded }
            return Bound(bound.expr.evaluate(context))
        }
        fields = rules.fields.map { field in
            var folded = Field(min: fold(field.min), max: fold(field.max))
            if field.checks.contains(where: \.isBound) {
                folded.checks = field.checks.map { check in
                    switch check.kind {
                    case .min(let bound), .max(let bound): fold(bound)
                    default: .unfolded
                    }
                }
            }
            return folded
        }
    }

    /// The folded value of a field's bound (`check`: the index of the check it belongs to, nil
    /// for the field's own `min` or `max`), when `context` is for ``day``.
    @inline(__always)
    func bound(of field: FieldRules, min: Bool, check: Int?, today: Day) -> Bound {
        guard today == day else { return .unfolded }
        // Element by element: copying a whole `Field` would retain its values and its array.
        let index = field.id.index
        guard let check else { return min ? fields[index].min : fields[index].max }
        return check < fields[index].checks.count ? fields[index].checks[check] : .unfolded
    }

    /// What a bound that reads only `today` sees.
    private struct TodayContext: EvaluationContext {
        let today: Day
        let numbers: NumberSymbols?
        var option: ChoiceOption? { nil }
        func value(of field: FieldID) -> Value? { nil }
        func itemCount(of list: FieldID) -> Int { 0 }
    }
}

extension CheckRule {
    /// Whether the check is a `min` or `max` bound.
    var isBound: Bool {
        switch kind {
        case .min, .max: true
        default: false
        }
    }
}
