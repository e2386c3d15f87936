import Patterns

/// Field metadata for building cells.
extension Form {
    /// What a screen needs to build the cell of the field at `path` (see ``FieldMetadata``);
    /// `nil` for an unknown path.
    public func metadata(_ path: String) -> FieldMetadata? {
        guard let slot = try? slot(path) else { return nil }
        let field = rules.fields[slot.field.index]
        let bounds: (min: Value?, max: Value?) = withContext(item: slot.item) { context in
            (field.min?.expr.evaluate(context), field.max?.expr.evaluate(context))
        }
        let placeholder = field.hints.placeholder?.resolve(locale)
            ?? field.mask?.placeholder ?? (field.type == .date ? field.dateFormat.pattern : nil)
        return FieldMetadata(
            path: path, title: field.title, type: field.type, keyboard: Self.keyboard(field), placeholder: placeholder,
            help: field.hints.help?.resolve(locale), mask: field.mask?.notation,
            maskAlternatives: field.mask?.alternatives ?? [], pattern: field.pattern?.source,
            minLength: field.minLength, maxLength: field.maxLength, min: bounds.min, max: bounds.max,
            dateFormat: field.type == .date ? field.dateFormat.pattern : nil,
            options: field.type == .choice || field.type == .multiChoice ? options(for: path) : [],
            minItems: field.minItems, maxItems: field.maxItems, ui: field.hints.ui, isComputed: field.isComputed)
    }

    /// `ui: {keyboard: …}` when it names a keyboard; else what the type and mask call for.
    private static func keyboard(_ field: FieldRules) -> FieldMetadata.Keyboard {
        if let named = field.hints.ui["keyboard"].flatMap(FieldMetadata.Keyboard.init(rawValue:)) { return named }
        switch field.type {
        case .integer: return .number
        case .number: return .decimal
        case .date: return .number
        case .text:
            guard let mask = field.mask, mask.takesDigitsOnly else { return .text }
            return mask.alternatives.allSatisfy { $0.hasPrefix("+") } ? .phone : .number
        case .bool, .choice, .multiChoice, .group, .list: return .notTyped
        }
    }
}
