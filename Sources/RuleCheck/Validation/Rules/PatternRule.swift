import Patterns

/// `pattern` — a field's own key or a check's: a regular expression the whole text must match
/// (PCRE2, UTF-8). A match that reaches PCRE2's limit is a `regex_limit` failure rather than a
/// `pattern` one. A value that is no text is not held to it.
extension FieldEvaluator {
    /// The failure of a pattern rule on `value`; `bytes`: the UTF-8 of a text kept as bytes.
    func patternFailure(
        _ rule: CheckRule, _ pattern: Pattern, _ value: Value?, text bytes: UnsafeBufferPointer<UInt8>?,
        into found: inout [Failure]
    ) {
        guard case .text(let text)? = value else { return }
        let failure: Failure? = UTF8Text.withBytes(of: text, or: bytes) { utf8 in
            do {
                return try pattern.matches(utf8: utf8) ? nil : .pattern(check: rule.check)
            } catch {
                return .regexLimit(check: rule.check)
            }
        }
        if let failure { found.append(failure) }
    }
}

extension MessageBuilder {
    /// `{pattern}`: the failed rule's pattern when it is a pattern rule, else the field's own.
    func patternPlaceholder(failed rule: CheckRule?, _ field: FieldRules) -> String? {
        if case .pattern(let pattern)? = rule?.kind { return pattern.source }
        return field.pattern?.source
    }
}
