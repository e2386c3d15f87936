/// `unique_items` (no value listed twice in a `values`, `multi_choice` or `json` array field)
/// and `unique_by` (no two items of a list with the same values of these item fields).
extension FieldEvaluator {
    /// `unique_items`: whether some value is listed more than once.
    func hasDuplicateItems<Element: Hashable>(_ field: FieldRules, _ values: [Element]) -> Bool {
        field.uniqueItems && Set(values).count < values.count
    }

    /// `unique_by`: the first item whose key values an earlier item has too, and that item. Items
    /// with an empty key field are skipped (their emptiness is `required`'s business); values
    /// compare as `==` does — a key field with `letters: arabic_variants` by its folded text
    /// (كرج and کرج the same, ZWNJ left out).
    func firstDuplicate<Context: EvaluationContext>(
        _ field: FieldRules, _ count: Int, _ context: Context
    ) -> (first: Int, item: Int)? {
        guard count > 1 else { return nil }
        var seen: [[Value]: Int] = [:]
        seen.reserveCapacity(count)
        var key: [Value] = []
        key.reserveCapacity(field.uniqueBy.count)
        for item in 0..<count {
            key.removeAll(keepingCapacity: true)
            for part in field.uniqueBy {
                guard let value = context.value(of: part, item: item) else { break }
                key.append(rules.fields[part.index].letters.folded(value))
            }
            guard key.count == field.uniqueBy.count else { continue }
            if let first = seen[key] { return (first, item) }
            seen[key] = item
        }
        return nil
    }
}

extension MessageBuilder {
    /// `unique_by: [vin, plate]`, as the rules file named the key fields.
    func uniqueByRule(_ field: FieldRules) -> String {
        "unique_by: [" + field.uniqueKeys.map(\.name).joined(separator: ", ") + "]"
    }

    /// `{key}`: the titles of the `unique_by` fields.
    func uniqueKeyPlaceholder(_ field: FieldRules) -> String {
        field.uniqueKeys.map(\.title).joined(separator: ", ")
    }
}
