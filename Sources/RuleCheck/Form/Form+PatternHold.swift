import Patterns

/// When a pattern's issue shows: on leaving the field (or on submit), not while the text being
/// typed may still become a match.
extension Form {
    /// Whether the text is a beginning of a match of every pattern it fails (PCRE2's partial
    /// match, `PCRE2_PARTIAL_SOFT`): `09` for `^09[0-9]{9}$`, but not `08` or `abc`. Only then is
    /// the `pattern` issue held back while the field is edited.
    static func patternsMayStillMatch(_ failures: [Failure], _ field: FieldRules, _ value: Value?) -> Bool {
        guard case .text(let text)? = value else { return false }
        var failed = false
        for failure in failures {
            guard case .pattern(let check) = failure else { continue }
            let pattern: Pattern?
            if let check {
                if case .pattern(let own) = field.checks[check].kind { pattern = own } else { pattern = nil }
            } else {
                pattern = field.pattern
            }
            guard let pattern, (try? pattern.partialMatch(text)) == .partial else { return false }
            failed = true
        }
        return failed
    }
}
