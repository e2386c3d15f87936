/// The failures of a visible field's value: every rule it fails, each its own failure. Each rule
/// kind is evaluated (and described) in its own file in Validation/Rules/.
extension FieldEvaluator {
    /// Every rule of a visible field that `value` fails, in a fixed order: required; length,
    /// pattern, mask; min, max; option; items; then each applicable check. `text`: the UTF-8 of a
    /// text value kept as bytes (``Input/text``), which has no `value`: the text's rules read it.
    func failures<Context: EvaluationContext>(
        _ field: FieldRules, plan: FieldPlan? = nil, value: Value?,
        text: UnsafeBufferPointer<UInt8>? = nil, option: Int? = nil, required: Bool,
        _ context: Context, into found: inout [Failure]
    ) {
        let plan = plan ?? plans[field.id.index]
        switch field.type {
        case .group:
            // A group given as an object (`value`, under `empty_values: present`) is there even empty.
            let empty = rules.valueDescendants[field.id.index].allSatisfy { !context.hasValue($0) }
            if empty, value == nil {
                if required { found.append(.required) }
                return
            }
            if plan.contains(.checks) { checkFailures(field, value: nil, context, into: &found) }
        case .list:
            // A list given as an array (`value`, under `empty_values: present`) is there even empty.
            let count = context.itemCount(of: field.id)
            if count == 0, value == nil {
                if required { found.append(.required) }
                return
            }
            itemCountFailures(field, count, into: &found)
            if !field.uniqueBy.isEmpty, let (first, item) = firstDuplicate(field, count, context) {
                found.append(.duplicateItem(first: first, item: item))
            }
            if plan.contains(.checks) { checkFailures(field, value: nil, context, into: &found) }
        default:
            if let text {
                // A text kept as bytes, which has no value in the table: its rules read the bytes.
                if !plan.isDisjoint(with: .valueRules) { textRuleFailures(field, text, into: &found) }
                if plan.contains(.checks) { checkFailures(field, value: nil, text: text, context, into: &found) }
                return
            }
            guard let value else {
                if required { found.append(.required) }
                return
            }
            if case .list(let values) = value, field.type == .values {
                // Each value is held to the field's own rules; a rule fails once however many fail it.
                for element in values { keyRuleFailures(field, element, context, into: &found, once: true) }
            } else if !plan.isDisjoint(with: .valueRules) {
                keyRuleFailures(field, value, context, into: &found)
            }
            if field.type == .choice || field.type == .multiChoice, !isOffered(value, field, context, option: option) {
                found.append(.option)
            }
            if case .list(let values) = value {
                itemCountFailures(field, values.count, into: &found)
                if hasDuplicateItems(field, values) { found.append(.duplicateItems) }
            } else if case .structured(.array(let elements)) = value {
                // A json field's array: its counts and uniqueness, as JSON compares values.
                itemCountFailures(field, elements.count, into: &found)
                if hasDuplicateItems(field, elements) { found.append(.duplicateItems) }
            }
            if plan.contains(.checks) { checkFailures(field, value: value, text: text, context, into: &found) }
        }
    }
}
