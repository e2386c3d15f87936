/// A field's value rules — its own keys (``FieldRules/keyRules``) and its `checks:` — run
/// through one step: ``ruleFailure(_:_:_:text:_:into:)`` hands each rule to the file of its
/// kind in Validation/Rules/.
extension FieldEvaluator {
    /// The failures of the field's own value keys and file rules on `value`. With `once` (each
    /// value of a `values` field), a failure already found is not added again.
    func keyRuleFailures<Context: EvaluationContext>(
        _ field: FieldRules, _ value: Value, _ context: Context, into found: inout [Failure], once: Bool = false
    ) {
        guard !once else {
            var more: [Failure] = []
            keyRuleFailures(field, value, context, into: &more)
            for failure in more where !found.contains(failure) { found.append(failure) }
            return
        }
        switch value {
        case .text(let text):
            // One look at the text's bytes for all its rules (bounds do not apply to a text).
            UTF8Text.withBytes(of: text) { textRuleFailures(field, $0, into: &found) }
        case .number, .decimal, .date:
            // The bounds apply; ``ruleFailure`` passes the text rules over a value that is no text.
            for rule in field.keyRules { ruleFailure(rule, field, value, context, into: &found) }
        case .list(let items) where field.type == .file:
            fileFailures(field, items, into: &found)
        default:
            break
        }
    }

    /// The failures of the checks whose `when` holds.
    func checkFailures<Context: EvaluationContext>(
        _ field: FieldRules, value: Value?, text bytes: UnsafeBufferPointer<UInt8>? = nil,
        _ context: Context, into found: inout [Failure]
    ) {
        for check in field.checks {
            if let when = check.when, !holds(when, rule: check.rule, context, &found) {
                continue
            }
            if case .list(let values)? = value, field.type == .values, !check.isExpr {
                // A value rule of a `values` field's check applies to each value; it fails once.
                for element in values {
                    var more: [Failure] = []
                    ruleFailure(check, field, element, context, into: &more)
                    for failure in more where !found.contains(failure) { found.append(failure) }
                }
                continue
            }
            ruleFailure(check, field, value, text: bytes, context, into: &found)
        }
    }

    /// The failure of one value rule on `value`, if it fails; `bytes`: the UTF-8 of a text
    /// value kept as bytes (``Input/text``, no `value`), which the text rules read.
    func ruleFailure<Context: EvaluationContext>(
        _ rule: CheckRule, _ field: FieldRules, _ value: Value?, text bytes: UnsafeBufferPointer<UInt8>? = nil,
        _ context: Context, into found: inout [Failure]
    ) {
        switch rule.kind {
        case .minLength, .maxLength, .pattern, .mask:
            // A rule of text: a value that is no text is not held to it.
            if let bytes {
                textRuleFailure(rule, field, bytes, into: &found)
                return
            }
            guard case .text(let text)? = value else { return }
            UTF8Text.withBytes(of: text) { textRuleFailure(rule, field, $0, into: &found) }
        case .min(let bound): rangeFailure(rule, minimum: true, bound, field, value, context, into: &found)
        case .max(let bound): rangeFailure(rule, minimum: false, bound, field, value, context, into: &found)
        case .expr(let condition): exprFailure(rule, condition, context, into: &found)
        }
    }

    /// The failures of the field's own rules of text (length, pattern, mask) on a text's UTF-8,
    /// read once for all of them (a bound does not apply to a text): its operations of the
    /// ``TextRulePlan``, in one loop that reads no ``CheckRule``.
    func textRuleFailures(_ field: FieldRules, _ utf8: UnsafeBufferPointer<UInt8>, into found: inout [Failure]) {
        let index = field.id.index
        var next = textRules.starts[index]
        let end = textRules.starts[index + 1]
        while next < end {
            let operation = textRules.operations[next]
            switch operation.code {
            case .minLength: lengthFailure(check: nil, minimum: true, operation.operand, utf8, into: &found)
            case .maxLength: lengthFailure(check: nil, minimum: false, operation.operand, utf8, into: &found)
            case .pattern: patternFailure(check: nil, textRules.patterns[operation.operand], utf8, into: &found)
            case .mask: maskFailure(check: nil, textRules.masks[operation.operand], field, utf8, into: &found)
            }
            next += 1
        }
    }

    /// The failure of a rule of text (length, pattern, mask) on a text's UTF-8; other rules
    /// are not applied.
    @inline(__always)
    func textRuleFailure(
        _ rule: CheckRule, _ field: FieldRules, _ utf8: UnsafeBufferPointer<UInt8>, into found: inout [Failure]
    ) {
        switch rule.kind {
        case .minLength(let limit): lengthFailure(check: rule.check, minimum: true, limit, utf8, into: &found)
        case .maxLength(let limit): lengthFailure(check: rule.check, minimum: false, limit, utf8, into: &found)
        case .pattern(let pattern): patternFailure(check: rule.check, pattern, utf8, into: &found)
        case .mask(let mask): maskFailure(check: rule.check, mask, field, utf8, into: &found)
        case .min, .max, .expr: break
        }
    }
}

extension CheckRule {
    /// Whether the check is an `expr` (which reads the whole field) rather than a value rule.
    var isExpr: Bool {
        if case .expr = kind { return true }
        return false
    }
}
