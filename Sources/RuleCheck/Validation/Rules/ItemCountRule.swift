/// `min_items` and `max_items` — the fewest and most items of a list, values of a `values` or
/// `multi_choice` field, elements of a `json` field's array, or files of a file field.
extension FieldEvaluator {
    /// The failure of the field's item counts for `count` items, if any.
    func itemCountFailures(_ field: FieldRules, _ count: Int, into found: inout [Failure]) {
        if let minimum = field.minItems, count < minimum {
            found.append(.minItems)
        } else if let maximum = field.maxItems, count > maximum {
            found.append(.maxItems)
        }
    }
}

extension MessageBuilder {
    /// The item count rule a failure names, as written: `min_items: 1`.
    func itemCountRule(minimum: Bool, _ field: FieldRules) -> String {
        minimum ? "min_items: \(field.minItems ?? 0)" : "max_items: \(field.maxItems ?? 0)"
    }
}
