import Patterns

/// The rules of text of every field — its own `min_length`, `max_length`, `pattern` and `mask`
/// keys (``FieldRules/keyRules``) — compiled once per rule set into one flat list of operations
/// that hold no references: an operation code, a limit or the index of a `Pattern` or `Mask` in
/// a table of the plan. ``FieldEvaluator/textRuleFailures(_:_:into:)`` runs a field's operations
/// in one loop over the text's bytes, for the form and the record checker alike: the same
/// ``CheckRule``s, compiled, and each operation handed to the file of its rule kind in
/// Validation/Rules/, as ``FieldEvaluator/textRuleFailure(_:_:_:into:)`` hands a check's.
///
/// Going through the rules themselves for every text retained and released each ``CheckRule``
/// and the `Pattern` of its kind, and switched over the kind's payload.
struct TextRulePlan: Sendable {
    /// One rule of text.
    struct Operation: Sendable {
        enum Code: UInt8, Sendable {
            case minLength, maxLength, pattern, mask
        }

        let code: Code
        /// `min_length`, `max_length`: the limit; `pattern`, `mask`: the index in ``patterns``
        /// or ``masks``.
        let operand: Int
    }

    /// Every field's operations, field after field, each field's in the order of its
    /// ``FieldRules/keyRules``.
    let operations: ContiguousArray<Operation>
    /// By field index: where its operations start in ``operations``; one more entry at the end.
    let starts: ContiguousArray<Int>
    let patterns: ContiguousArray<Pattern>
    let masks: ContiguousArray<Mask>

    init(rules: RuleSet) {
        var operations = ContiguousArray<Operation>()
        var starts = ContiguousArray<Int>()
        var patterns = ContiguousArray<Pattern>()
        var masks = ContiguousArray<Mask>()
        starts.reserveCapacity(rules.fields.count + 1)
        for field in rules.fields {
            starts.append(operations.count)
            for rule in field.keyRules {
                switch rule.kind {
                case .minLength(let limit): operations.append(Operation(code: .minLength, operand: limit))
                case .maxLength(let limit): operations.append(Operation(code: .maxLength, operand: limit))
                case .pattern(let pattern):
                    operations.append(Operation(code: .pattern, operand: patterns.count))
                    patterns.append(pattern)
                case .mask(let mask):
                    operations.append(Operation(code: .mask, operand: masks.count))
                    masks.append(mask)
                case .min, .max, .expr:
                    // Bounds apply to numbers and dates, not to a text.
                    break
                }
            }
        }
        starts.append(operations.count)
        self.operations = operations
        self.starts = starts
        self.patterns = patterns
        self.masks = masks
    }
}
