public import Patterns

/// What a screen needs to build a field's input: the mask that applies now, the date format,
/// the length limits.
///
/// ```swift
/// let hints = form.inputHints("doc_number")
/// hints.mask?.notation      // "0000 000000" while doc_type is "passport" (a check's mask)
/// hints.mask?.format("4509123456").text    // "4509 123456"
/// ```
public struct InputHints: Hashable, Sendable {
    /// The mask that applies now: the field's own `mask:`, or else the mask of the first of its
    /// `checks:` whose `when` holds; nil when none does.
    public let mask: Mask?
    /// The format a date field is typed and shown in (`yyyy-MM-dd` by default); nil for other types.
    public let dateFormat: DateFormat?
    /// The field's `min_length`, if any.
    public let minLength: Int?
    /// The field's `max_length`, if any.
    public let maxLength: Int?
}

extension Form {
    /// The input hints of the field at `path` (all nil for an unknown path). A list's item field
    /// may be named without an item (`drivers.birth_date`): then the mask is only the field's own.
    public func inputHints(_ path: String) -> InputHints {
        let field: FieldRules
        let mask: Mask?
        if let slot = try? slot(path) {
            field = rules.fields[slot.field.index]
            mask = self.mask(of: field, item: slot.item)
        } else if let template = rules.field(path), template.list != nil {
            field = template
            mask = template.mask
        } else {
            return InputHints(mask: nil, dateFormat: nil, minLength: nil, maxLength: nil)
        }
        return InputHints(mask: mask, dateFormat: field.type == .date ? field.dateFormat : nil,
                          minLength: field.minLength, maxLength: field.maxLength)
    }

    private func mask(of field: FieldRules, item: Int) -> Mask? {
        if let mask = field.mask { return mask }
        let masked = field.checks.compactMap { check -> (CheckRule, Mask)? in
            if case .mask(let mask) = check.kind { return (check, mask) }
            return nil
        }
        guard !masked.isEmpty else { return nil }
        return withContext(item: item) { context in
            var failures: [Failure] = []
            return masked.first { check, _ in check.when.map { evaluator.holds($0, context, &failures) } ?? true }?.1
        }
    }
}
