import Patterns
import RuleCheck

/// A form as JSON for a client that draws it: the layout (sections, groups, lists, fields, gates)
/// from the rules, and the state of every field from the form.
enum FormDescription {
    /// The form's structure: what does not change while it is filled in.
    ///
    /// ```json
    /// {"form": "osago_policy", "title": "…", "gates": ["submit", "calculate"], "gate_fields": {"calculate": ["region", …]},
    ///  "sections": [{"id": "vehicle", "title": "Vehicle", "fields": [{"path": "vin", "type": "text", …}]}]}
    /// ```
    ///
    /// A group node has `fields` (its members); a list node has `item` (the fields of each item,
    /// with paths such as `drivers.full_name`: item `i`'s field is `drivers[i].full_name`).
    static func layout(_ form: Form) -> JSONValue {
        let rules = form.rules
        let sections = rules.sections.map { section -> JSONValue in
            let top = section.fields.filter { rules.fields[$0.index].group == nil }
            return .object(["id": .string(section.id), "title": .string(section.title),
                            "fields": .array(top.map { node(rules.fields[$0.index], form) })])
        }
        return .object([
            "form": .string(rules.form), "title": rules.title.map { .string($0) } ?? .null,
            "sections": .array(sections), "gates": .array(rules.gates.map { .string($0.name) }),
            "gate_fields": .object(Dictionary(uniqueKeysWithValues: rules.gates.map { gate in
                (gate.name, .array(gate.members.map { .string(rules.fields[$0.index].path) }))
            })),
        ])
    }

    private static func node(_ field: FieldRules, _ form: Form) -> JSONValue {
        let rules = form.rules
        var object: [String: JSONValue] = [
            "path": .string(field.path), "name": .string(field.name), "title": .string(field.title),
            "type": .string(field.type.rawValue), "computed": .bool(field.isComputed),
        ]
        switch field.type {
        case .group:
            object["fields"] = .array(field.members.map { node(rules.fields[$0.index], form) })
        case .list:
            let direct = field.members.filter { rules.fields[$0.index].group == nil }
            object["item"] = .array(direct.map { node(rules.fields[$0.index], form) })
        case .choice, .multiChoice:
            object["options"] = options(field.options)
        case .values:
            if let itemType = field.itemType { object["item_type"] = .string(itemType.rawValue) }
        case .file:
            if let maxSize = field.maxSize { object["max_size"] = .number(Double(maxSize)) }
            if !field.mediaTypes.isEmpty { object["media_types"] = .array(field.mediaTypes.map(JSONValue.string)) }
        case .date, .text, .number, .integer, .bool:
            break
        }
        // Hints that do not depend on the state (a check's mask does: it is in the state).
        let hints = form.inputHints(field.path)
        if let format = hints.dateFormat { object["date_format"] = .string(format.pattern) }
        if let maxLength = hints.maxLength { object["max_length"] = .number(Double(maxLength)) }
        return .object(object)
    }

    static func options(_ options: [ChoiceOption]) -> JSONValue {
        .array(options.map { .object(["value": $0.value.json, "title": .string($0.title)]) })
    }

    /// Every path of the form in display order (list items expanded).
    static func paths(_ form: Form) -> [String] {
        form.rules.sections.flatMap { form.fields(in: $0.id) }
    }

    /// The whole state: every field's, every list's number of items, gates, sections, and the
    /// values as a nested record.
    static func state(_ form: Form) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        for path in paths(form) {
            let state = form[path]
            var object: [String: JSONValue] = [
                "value": state.value?.json ?? .null, "display": .string(form.displayText(path)),
                "visible": .bool(state.isVisible), "enabled": .bool(state.isEnabled),
                "required": .bool(state.isRequired), "issues": .array(state.issues.map(\.json)),
                "shown_issues": .array(state.shownIssues.map(\.json)),
                "interaction": .string(state.interaction.rawValue),
            ]
            let derived = Derived(form, path: path)
            if let options = derived.options { object["options"] = Self.options(options) }
            if let mask = derived.mask { object["mask"] = mask.map { .string($0) } ?? .null }
            fields[path] = .object(object)
        }
        let rules = form.rules
        return .object([
            "fields": .object(fields),
            "items": .object(Dictionary(uniqueKeysWithValues: rules.fields.filter { $0.type == .list && $0.list == nil }
                .map { ($0.path, .number(Double(form.itemCount($0.path)))) })),
            "gates": .object(Dictionary(uniqueKeysWithValues: rules.gates.map { ($0.name, .bool(form.gate($0.name).isOpen)) })),
            "sections": .object(Dictionary(uniqueKeysWithValues: rules.sections.map {
                ($0.id, .bool(form.section($0.id).isComplete))
            })),
            "record": .object(form.record),
        ])
    }

    /// What a field's row shows besides the ChangeSet's states: the options a choice offers now,
    /// the mask a text field has now.
    struct Derived: Equatable {
        /// For a choice or multi_choice: the options on offer.
        var options: [ChoiceOption]?
        /// For a text field: `.some(notation)` or `.some(nil)` for none.
        var mask: String??

        init(_ form: Form, path: String) {
            switch form.rules.field(Self.template(path))?.type {
            case .choice?, .multiChoice?: options = form.options(for: path)
            case .text?: mask = .some(form.inputHints(path).mask?.notation)
            default: break
            }
        }

        /// `drivers.birth_date` for `drivers[2].birth_date`.
        static func template(_ path: String) -> String {
            guard path.contains("[") else { return path }
            var template = ""
            var inIndex = false
            for character in path {
                switch character {
                case "[": inIndex = true
                case "]": inIndex = false
                default: if !inIndex { template.append(character) }
                }
            }
            return template
        }
    }

    /// What changed besides the ChangeSet: for each path whose value changed, its display text;
    /// for each choice and text field, the options and mask where they changed.
    static func extras(before: [String: Derived], after form: Form, changes: ChangeSet) -> [String: JSONValue] {
        var display: [String: JSONValue] = [:]
        for path in changes.values.keys { display[path] = .string(form.displayText(path)) }
        var options: [String: JSONValue] = [:]
        var masks: [String: JSONValue] = [:]
        for (path, now) in derived(form) where before[path] != now {
            if let offered = now.options { options[path] = Self.options(offered) }
            if let mask = now.mask { masks[path] = mask.map { .string($0) } ?? .null }
        }
        var extras: [String: JSONValue] = ["display": .object(display), "options": .object(options), "masks": .object(masks)]
        if !changes.values.isEmpty || !changes.items.isEmpty { extras["record"] = .object(form.record) }
        return extras
    }

    /// The derived state of every choice and text field.
    static func derived(_ form: Form) -> [String: Derived] {
        var result: [String: Derived] = [:]
        for path in paths(form) {
            let derived = Derived(form, path: path)
            if derived.options != nil || derived.mask != nil { result[path] = derived }
        }
        return result
    }
}
