import Patterns

/// Field metadata for building cells.
extension Form {
    /// What a screen needs to build the cell of the field at `path` (see ``FieldMetadata``): a
    /// field of the form (`drivers[0].birth_date`), or of every item of a list
    /// (`drivers.birth_date`: the mask is then only the field's own, and the bounds are not
    /// evaluated); `nil` for an unknown path.
    public func metadata(_ path: String) -> FieldMetadata? {
        let field: FieldRules
        let item: Int?
        if let slot = try? slot(path) {
            field = rules.fields[slot.field.index]
            item = slot.item
        } else if let template = rules.field(path), template.list != nil {
            field = template
            item = nil
        } else {
            return nil
        }
        let mask = item.map { maskNow(of: field, item: $0) } ?? field.mask
        let bounds: (min: Value?, max: Value?) =
            item.map { item in
                withContext(Slot(field.id, item: item)) { (field.min?.expr.evaluate($0), field.max?.expr.evaluate($0)) }
            } ?? (nil, nil)
        let ui = field.ui
        let placeholder =
            Self.localized(ui["placeholder"], locale)
            ?? mask?.placeholder ?? (field.type == .date ? field.dateFormat.pattern : nil)
        let offered = field.type == .choice || field.type == .multiChoice
        return FieldMetadata(
            path: path, title: field.title(in: locale), type: field.type, keyboard: Self.keyboard(field, mask, ui),
            placeholder: placeholder, help: Self.localized(ui["help"], locale), mask: mask,
            pattern: field.pattern?.source, minLength: field.minLength, maxLength: field.maxLength,
            min: bounds.min, max: bounds.max, bounds: evaluator.messages.boundsText(min: bounds.min, max: bounds.max, field),
            dateFormat: field.type == .date ? field.dateFormat : nil,
            calendar: field.type == .date ? field.calendar : nil,
            options: offered ? (item == nil ? evaluator.options(of: field) : options(for: path)) : [],
            minItems: field.minItems, maxItems: field.maxItems, maxSize: field.maxSize, mediaTypes: field.mediaTypes,
            ui: ui, isComputed: field.isComputed)
    }

    /// The mask that applies to a slot now: the field's own `mask:`, else the mask of the first
    /// of its `checks:` whose `when` holds (a passport's number while `doc_type` is passport).
    func maskNow(of field: FieldRules, item: Int) -> Mask? {
        if let mask = field.mask { return mask }
        guard field.checks.contains(where: { if case .mask = $0.kind { true } else { false } }) else { return nil }
        return withContext(Slot(field.id, item: item)) { context in
            for check in field.checks {
                guard case .mask(let mask) = check.kind else { continue }
                if check.when.map({ $0.expr.holds(context) }) ?? true { return mask }
            }
            return nil
        }
    }

    /// A hint written as text, or per locale (`{en: …, ru: …}`), in `locale`.
    private static func localized(_ hint: JSONValue?, _ locale: String) -> String? {
        switch hint {
        case .string(let text)?: return text
        case .object(let members)?:
            let texts = members.compactMapValues { if case .string(let text) = $0 { text } else { nil } }
            return LocalizedText(locales: texts).resolve(locale)
        default: return nil
        }
    }

    /// `ui: {keyboard: …}` when it names a keyboard; else what the type and mask call for.
    private static func keyboard(_ field: FieldRules, _ mask: Mask?, _ ui: JSONObject) -> FieldMetadata.Keyboard {
        if case .string(let name)? = ui["keyboard"], let named = FieldMetadata.Keyboard(rawValue: name) { return named }
        switch field.type {
        case .integer: return .number
        case .number: return .decimal
        case .date: return .number
        case .json: return .text
        case .text:
            guard let mask, mask.takesDigitsOnly else { return .text }
            return mask.alternatives.allSatisfy { $0.hasPrefix("+") } ? .phone : .number
        case .bool, .choice, .multiChoice, .values, .group, .list, .file: return .notTyped
        }
    }
}
