import Patterns

/// `pattern` — a field's own key or a check's: a regular expression the whole text must match
/// (PCRE2, UTF-8). A match that reaches PCRE2's limit is a `regex_limit` failure rather than a
/// `pattern` one. A value that is no text is not held to it.
extension FieldEvaluator {
    /// The failure of a pattern rule on a text's UTF-8.
    @inline(__always)
    func patternFailure(
        check: Int?, _ pattern: Pattern, _ utf8: UnsafeBufferPointer<UInt8>, into found: inout [Failure]
    ) {
        do {
            if try !pattern.matches(utf8: utf8) { found.append(.pattern(check: check)) }
        } catch {
            found.append(.regexLimit(check: check))
        }
    }
}

extension MessageBuilder {
    /// `{pattern}`: the failed rule's pattern when it is a pattern rule, else the field's own.
    func patternPlaceholder(failed rule: CheckRule?, _ field: FieldRules) -> String? {
        if case .pattern(let pattern)? = rule?.kind { return pattern.source }
        return field.pattern?.source
    }
}
