/// `min_length` and `max_length` — a field's own key or a check's: the fewest and most Unicode
/// scalars a text may have. A value that is no text is not held to them.
extension FieldEvaluator {
    /// The failure of a length rule (`minimum`: `min_length`, else `max_length`) on `value`;
    /// `bytes`: the UTF-8 of a text kept as bytes, read instead of `value`'s.
    func lengthFailure(
        _ rule: CheckRule, minimum: Bool, _ limit: Int, _ value: Value?, text bytes: UnsafeBufferPointer<UInt8>?,
        into found: inout [Failure]
    ) {
        guard case .text(let text)? = value else { return }
        let fails = UTF8Text.withBytes(of: text, or: bytes) {
            minimum ? UTF8Text.scalarCount($0, isBelow: limit) : UTF8Text.scalarCount($0, isAbove: limit)
        }
        if fails { found.append(minimum ? .minLength(check: rule.check) : .maxLength(check: rule.check)) }
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
