/// `min` and `max` — a field's own key or a check's: the smallest and largest number or date.
/// A bound that evaluates to null is not applied; a bound that reads only `today` is looked up in
/// ``FoldedBounds`` when the evaluator has them. A field's own bound is applied to a number or a
/// date only (``FieldEvaluator/keyRuleFailures(_:_:text:_:into:once:)``); a check's is evaluated
/// for any value, which then fails only as a number or date.
extension FieldEvaluator {
    /// The failure of a bound (`minimum`: `min`, else `max`) on `value`.
    func rangeFailure<Context: EvaluationContext>(
        _ rule: CheckRule, minimum: Bool, _ bound: WrittenExpression, _ field: FieldRules, _ value: Value?,
        _ context: Context, into found: inout [Failure]
    ) {
        guard let value else { return }
        let check = rule.check
        let limit: Value?
        if let folded, let value = folded.bound(of: field, min: minimum, check: check, today: context.today).value {
            limit = value
        } else {
            limit = evaluate(bound, context, &found)
        }
        guard let limit else { return }
        let fails: Bool
        switch (value, limit) {
        case (.number(let a), .number(let b)): fails = minimum ? a < b : a > b
        case (.date(let a), .date(let b)): fails = minimum ? a < b : a > b
        default:
            // A `.decimal` on either side (a number with more digits than a `Double` holds):
            // compared digit by digit.
            guard let order = Value.compareNumbers(value, limit) else { return }
            fails = order == (minimum ? .ascending : .descending)
        }
        if fails { found.append(minimum ? .min(limit, check: check) : .max(limit, check: check)) }
    }
}

extension MessageBuilder {
    /// `{min}` or `{max}`: the bound a range failure found, else the field's own bound evaluated
    /// in `context`.
    func rangePlaceholder<Context: EvaluationContext>(
        minimum: Bool, _ failure: Failure, _ field: FieldRules, _ context: Context
    ) -> String? {
        switch failure {
        case .min(let bound, _) where minimum, .max(let bound, _) where !minimum:
            return localized(bound, field)
        default:
            let bound = minimum ? field.min : field.max
            return bound?.expr.evaluate(context).map { localized($0, field) }
        }
    }
}
