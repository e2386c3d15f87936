/// Warnings about rules that compile but are likely mistakes.
extension RuleSetCompiler {
    /// A field just compiled, while its spec is still there to say where a warning points; the
    /// other fields are read as declared (their types and options are known before any is compiled).
    mutating func lint(_ field: FieldRules) {
        let fields = declared
        let neverVisible = field.visibleConditions.contains { Self.neverHolds($0.expr, fields) }
        // Only a warning needs the spec's locations (a copy of a spec is over a kilobyte).
        guard neverVisible || !field.checks.isEmpty || field.optionsFilter != nil else { return }
        let spec = self.spec(field.id)
        if neverVisible, let required = field.required, !Self.neverHolds(required.expr, fields) {
            warning(
                .requiredNeverVisible, "'\(field.path)' is required but can never be visible", at: spec.required?.location ?? field.location
            )
        } else if neverVisible, let text = spec.visibleIf, !field.visibleConditions.isEmpty {
            warning(.neverVisible, "visible_if of '\(field.path)' can never hold, so the field is always hidden", at: text.location)
        }
        for (check, written) in zip(field.checks, spec.checks) {
            if let when = check.when, Self.neverHolds(when.expr, fields) {
                warning(
                    .checkNeverApplies,
                    "this check of '\(field.path)' never applies: its 'when' can never hold",
                    at: written.when?.location ?? written.location)
            }
        }
        if field.type == .choice || field.type == .multiChoice, let filter = field.optionsFilter,
            Self.neverHolds(filter.expr, fields)
        {
            warning(
                .optionsNeverOffered,
                "options_filter of '\(field.path)' can never hold, so no option is ever offered",
                at: spec.optionsFilter?.location ?? field.location)
        }
    }

    /// Whether a condition can never be true, judging by constants and by the options of the
    /// choice fields it compares: `doc_type == "pasport"` never holds when no option is `pasport`.
    static func neverHolds(_ expr: Expr, _ fields: [DeclaredField]) -> Bool {
        switch expr {
        case .constant(let value):
            return value != .bool(true)
        case .and, .or, .chain:
            // A chain `a and b and c` is judged as `(a and b) and c`: the pair checked for a
            // contradiction is the first.
            guard let (isAnd, operands) = expr.junction else { return false }
            if isAnd {
                return operands.contains { neverHolds($0, fields) } || contradicts(operands[0], operands[1])
            }
            return operands.allSatisfy { neverHolds($0, fields) }
        case .equal(let lhs, let rhs):
            if let (field, value) = choiceComparison(lhs, rhs, fields) { return !isOption(value, of: field) }
            return false
        case .memberOfLiteral(.field(let id), let list):
            let field = fields[id.index]
            guard field.type == .choice else { return false }
            return list.allSatisfy { item in
                if case .constant(let value?) = item { return !isOption(value, of: field) }
                return false
            }
        default:
            return false
        }
    }

    /// `x == "a" and x == "b"`.
    private static func contradicts(_ lhs: Expr, _ rhs: Expr) -> Bool {
        guard case .equal(.field(let a), .constant(let first?)) = lhs,
            case .equal(.field(let b), .constant(let second?)) = rhs
        else { return false }
        return a == b && first != second
    }

    private static func choiceComparison(_ lhs: Expr, _ rhs: Expr, _ fields: [DeclaredField]) -> (DeclaredField, Value)? {
        switch (lhs, rhs) {
        case (.field(let id), .constant(let value?)), (.constant(let value?), .field(let id)):
            let field = fields[id.index]
            return field.type == .choice ? (field, value) : nil
        default:
            return nil
        }
    }

    private static func isOption(_ value: Value, of field: DeclaredField) -> Bool {
        field.options.contains { $0.value == value }
    }
}
