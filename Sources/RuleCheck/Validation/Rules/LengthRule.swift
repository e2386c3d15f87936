/// `min_length` and `max_length` — a field's own key or a check's: the fewest and most Unicode
/// scalars a text may have. A value that is no text is not held to them
/// (``FieldEvaluator/textRuleFailure(_:_:_:into:)`` hands a text's UTF-8 here).
extension FieldEvaluator {
    /// The failure of a length rule (`minimum`: `min_length`, else `max_length`) on a text's UTF-8;
    /// `check`: the `checks:` entry it is, nil for the field's own key.
    @inline(__always)
    func lengthFailure(
        check: Int?, minimum: Bool, _ limit: Int, _ utf8: UnsafeBufferPointer<UInt8>, into found: inout [Failure]
    ) {
        let fails = minimum ? UTF8Text.scalarCount(utf8, isBelow: limit) : UTF8Text.scalarCount(utf8, isAbove: limit)
        if fails { found.append(minimum ? .minLength(check: check) : .maxLength(check: check)) }
    }
}

extension MessageBuilder {
    /// `{min_length}` or `{max_length}`: the failed rule's limit when it is a length rule of that
    /// end, else the field's own key's.
    func lengthPlaceholder(minimum: Bool, failed rule: CheckRule?, _ field: FieldRules) -> String? {
        switch rule?.kind {
        case .minLength(let limit)? where minimum: return count(limit)
        case .maxLength(let limit)? where !minimum: return count(limit)
        default: return (minimum ? field.minLength : field.maxLength).map(count)
        }
    }
}
