import RuleCheck

/// A form as JSON for a client that draws it: the layout (pages, sections, groups, lists, fields,
/// gates) from the rules, and the state of every field from the form.
enum FormDescription {
    /// The form's structure: what does not change while it is filled in.
    ///
    /// ```json
    /// {"form": "osago_policy", "title": "…", "gates": ["submit", "calculate"], "gate_fields": {"calculate": ["region", …]},
    ///  "pages": [], "sections": [{"id": "vehicle", "title": "Vehicle", "fields": [{"path": "vin", "type": "text", …}]}]}
    /// ```
    ///
    /// A group node has `fields` (its members); a list node has `item` (the fields of each item,
    /// with paths such as `drivers.full_name`: item `i`'s field is `drivers[i].full_name`). A paged
    /// form lists its `pages`, each with the ids of its sections; `pages` is empty otherwise.
    static func layout(_ form: Form) -> JSONValue {
        let rules = form.rules
        let sections = rules.sections.map { section -> JSONValue in
            let top = section.fields.filter { rules.fields[$0.index].group == nil }
            return .object([
                "id": .string(section.id), "title": .string(section.title),
                "fields": .array(top.map { node(rules.fields[$0.index], rules, locale: form.locale) }),
            ])
        }
        let pages = rules.pages.map { page -> JSONValue in
            .object([
                "id": .string(page.id), "title": .string(page.title),
                "sections": .array(page.sections.map { .string(rules.sections[$0].id) }),
            ])
        }
        return .object([
            "form": .string(rules.form), "title": rules.title.map { .string($0) } ?? .null,
            "sections": .array(sections), "pages": .array(pages), "gates": .array(rules.gates.map { .string($0.name) }),
            "gate_fields": .object(
                JSONObject(
                    uniqueKeysWithValues: rules.gates.map { gate in
                        (gate.name, .array(gate.members.map { .string(rules.fields[$0.index].path) }))
                    })),
        ])
    }

    /// A field's node, titled in `locale` (``FieldRules/title(in:)``).
    private static func node(_ field: FieldRules, _ rules: RuleSet, locale: String) -> JSONValue {
        var object: JSONObject = [
            "path": .string(field.path), "name": .string(field.name), "title": .string(field.title(in: locale)),
            "type": .string(field.type.rawValue), "computed": .bool(field.isComputed),
        ]
        switch field.type {
        case .group:
            object["fields"] = .array(field.members.map { node(rules.fields[$0.index], rules, locale: locale) })
        case .list:
            let direct = field.members.filter { rules.fields[$0.index].group == nil }
            object["item"] = .array(direct.map { node(rules.fields[$0.index], rules, locale: locale) })
        case .choice, .multiChoice:
            object["options"] = .array(field.options.map { .object(["value": $0.value.json, "title": .string($0.title)]) })
        case .values:
            if let itemType = field.itemType { object["item_type"] = .string(itemType.rawValue) }
        case .json:
            if let types = field.jsonTypes { object["json_types"] = .array(types.names.map { .string($0) }) }
        case .date, .text, .number, .integer, .bool, .file:
            break
        }
        return .object(object)
    }

    /// Every path of the form in display order (list items expanded).
    static func paths(_ form: Form) -> [String] {
        form.rules.sections.flatMap { form.fields(in: $0.id) }
    }

    /// The whole state: every field's (with its metadata), every list's number of items, gates,
    /// sections, pages, and the values as a nested record.
    static func state(_ form: Form, metadata: [String: FieldMetadata]) -> JSONValue {
        var fields: JSONObject = [:]
        for path in paths(form) {
            let state = form[path]
            var object: JSONObject = [
                "value": state.value?.json ?? .null, "display": .string(form.displayText(path)),
                "visible": .bool(state.isVisible), "enabled": .bool(state.isEnabled),
                "required": .bool(state.isRequired), "issues": .array(state.issues.map(\.json)),
                "shown_issues": .array(state.shownIssues.map(\.json)),
                "interaction": .string(state.interaction.rawValue),
                "input": form.input(path)?.json ?? .null,
            ]
            if let cell = metadata[path] { object["metadata"] = cell.json }
            fields[path] = .object(object)
        }
        let rules = form.rules
        var state: JSONObject = [
            "fields": .object(fields),
            // Every list's, a list inside a list's item once per outer item (`drivers[0].violations`).
            "items": .object(
                JSONObject(
                    uniqueKeysWithValues: paths(form).filter { rules.field($0.replacing(/\[\d+\]/, with: ""))?.type == .list }
                        .map { ($0, .number(Double(form.itemCount($0)))) })),
            "gates": .object(JSONObject(uniqueKeysWithValues: rules.gates.map { ($0.name, .bool(form.gate($0.name).isOpen)) })),
            "sections": .object(
                JSONObject(
                    uniqueKeysWithValues: rules.sections.map {
                        ($0.id, .bool(form.section($0.id).isComplete))
                    })),
            "record": .object(form.record),
        ]
        if let current = form.currentPage {
            // The whole page state, in the shape of a ChangeSet's `pages`.
            let pages = form.pages
            state["pages"] =
                PageChange(
                    current: current.id, shown: pages.filter(\.isShown).map(\.id),
                    valid: Dictionary(uniqueKeysWithValues: pages.map { ($0.id, $0.isValid) })
                ).json
        }
        return .object(state)
    }

    /// The metadata of every field of the form (list items expanded).
    static func metadata(_ form: Form) -> [String: FieldMetadata] {
        var result: [String: FieldMetadata] = [:]
        for path in paths(form) {
            if let cell = form.metadata(path) { result[path] = cell }
        }
        return result
    }

    /// What an answer to edits holds besides their ChangeSets: the display text of each value that
    /// changed (`values`), the metadata of each field whose metadata differs from `before` (a
    /// check's mask that now applies, the options now on offer, bounds evaluated anew, a new list
    /// item's fields), and the values as a record when any value or list changed.
    static func extras(
        after form: Form, values: Set<String>, listsChanged: Bool, metadata now: [String: FieldMetadata],
        before: [String: FieldMetadata]
    ) -> JSONObject {
        var display: JSONObject = [:]
        for path in values { display[path] = .string(form.displayText(path)) }
        var changed: JSONObject = [:]
        for (path, cell) in now where before[path] != cell { changed[path] = cell.json }
        var extras: JSONObject = ["display": .object(display), "metadata": .object(changed)]
        if !values.isEmpty || listsChanged { extras["record"] = .object(form.record) }
        return extras
    }
}
