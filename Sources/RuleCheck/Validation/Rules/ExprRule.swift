/// `expr` — a check's condition over the field and any other: the check fails when it does not
/// hold (a null or a regex limit inside it included).
extension FieldEvaluator {
    /// The failure of an `expr` check.
    func exprFailure<Context: EvaluationContext>(
        _ rule: CheckRule, _ condition: WrittenExpression, _ context: Context, into found: inout [Failure]
    ) {
        if !holds(condition, context, &found), let index = rule.check { found.append(.check(index)) }
    }
}

extension MessageBuilder {
    /// `{check}`: the failed `expr` check's condition as written.
    func exprPlaceholder(failed rule: CheckRule?) -> String? {
        guard let rule, case .expr = rule.kind else { return nil }
        return rule.text.hasPrefix("expr: ") ? String(rule.text.dropFirst(6)) : rule.text
    }
}
