/// Writes a ``RuleSet``'s presentation as a UI schema (see ``RuleSet/uiSchema(_:)``).
///
/// * RJSF: `ui:order` at the root and in each group and list item, and every `ui:` hint of a field
///   as `ui:<hint>` (the hint `items` as the field's `items` entry). RJSF has no pages and no
///   rules: sections, `visible_if` and `enabled_if` travel in the JSON Schema.
/// * JSON Forms: a `Categorization` with one `Category` per section (a `VerticalLayout` for one
///   section without pages; with pages, the `stepper` variant and each category's page in
///   `options.page` when it is not the section's own), a `Control` per field in order, a `Group` per group, a list's item fields in its
///   control's `options.detail`, the hints `row` and `group` as `HorizontalLayout` and `Group`,
///   `label: false` and `options` on the control, and `visible_if`/`enabled_if` as `SHOW`/`ENABLE`
///   rules where a JSON Forms condition can say them.
struct UISchemaExporter {
    let rules: RuleSet

    /// Hints that live in the JSON Schema (`description`, …) or are layout (`row`, `group`).
    static let schemaHints: Set<String> = ["description", "examples", "deprecated", "writeOnly"]

    // MARK: - RJSF

    func rjsf() -> OrderedJSON {
        var root = OrderedObject()
        let top = rules.sections.flatMap { rules.topLevelFields(of: $0) }
        root.set("ui:order", .array(top.map { .string($0.name) }))
        for field in top { root.set(field.name, rjsf(field)) }
        return root.json
    }

    private func rjsf(_ field: FieldRules) -> OrderedJSON? {
        var object = OrderedObject()
        for name in field.ui.keys.sorted() where !Self.schemaHints.contains(name) {
            guard let value = field.ui[name] else { continue }
            object.set(name == "items" ? "items" : "ui:" + name, OrderedJSON(value))
        }
        switch field.type {
        case .group:
            let members = rules.directMembers(of: field)
            object.set("ui:order", .array(members.map { .string($0.name) }))
            for member in members { object.set(member.name, rjsf(member)) }
        case .list:
            var items = OrderedObject()
            let members = rules.directMembers(of: field)
            items.set("ui:order", .array(members.map { .string($0.name) }))
            for member in members { items.set(member.name, rjsf(member)) }
            object.set("items", items.json)
        default:
            break
        }
        return object.isEmpty ? nil : object.json
    }

    // MARK: - JSON Forms

    func jsonForms() -> OrderedJSON {
        if rules.sections.count == 1, rules.pages.isEmpty, let section = rules.sections.first {
            return .object([
                ("type", .string("VerticalLayout")), ("elements", .array(elements(rules.topLevelFields(of: section), list: nil))),
            ])
        }
        let pageOf = rules.pageIDs
        var root = OrderedObject()
        root.set("type", .string("Categorization"))
        root.set(
            "elements",
            .array(
                rules.sections.enumerated().map { index, section in
                    var category = OrderedObject()
                    category.set("type", .string("Category"))
                    category.set("label", .string(section.title))
                    category.set("elements", .array(elements(rules.topLevelFields(of: section), list: nil)))
                    var options = OrderedObject()
                    if JSONFormsUISchema.slug(section.title) != section.id { options.set("section", .string(section.id)) }
                    if let page = pageOf[index], page != section.id { options.set("page", .string(page)) }
                    if !options.isEmpty { category.set("options", options.json) }
                    return category.json
                }))
        // A form of pages is a wizard: JSON Forms shows a stepper, one category at a time.
        if !rules.pages.isEmpty { root.set("options", .object([("variant", .string("stepper")), ("showNavButtons", .bool(true))])) }
        return root.json
    }

    /// The elements of consecutive fields: runs with the same `group` hint in a `Group`, runs with
    /// the same `row` hint in a `HorizontalLayout`.
    private func elements(_ fields: [FieldRules], list: FieldID?) -> [OrderedJSON] {
        var result: [OrderedJSON] = []
        var index = 0
        while index < fields.count {
            if let label = fields[index].ui["group"]?.string {
                var end = index
                while end < fields.count, fields[end].ui["group"]?.string == label { end += 1 }
                result.append(
                    .object([
                        ("type", .string("Group")), ("label", .string(label)),
                        ("elements", .array(rows(Array(fields[index..<end]), list: list))),
                    ]))
                index = end
            } else {
                var end = index
                while end < fields.count, fields[end].ui["group"] == nil { end += 1 }
                result += rows(Array(fields[index..<end]), list: list)
                index = end
            }
        }
        return result
    }

    private func rows(_ fields: [FieldRules], list: FieldID?) -> [OrderedJSON] {
        var result: [OrderedJSON] = []
        var index = 0
        while index < fields.count {
            if let row = fields[index].ui["row"], row != .null {
                var end = index
                while end < fields.count, fields[end].ui["row"] == row { end += 1 }
                result.append(
                    .object([
                        ("type", .string("HorizontalLayout")),
                        ("elements", .array(fields[index..<end].map { element($0, list: list) })),
                    ]))
                index = end
            } else {
                result.append(element(fields[index], list: list))
                index += 1
            }
        }
        return result
    }

    /// One field: a `Group` of its members for a group, else a `Control`; with its rules.
    private func element(_ field: FieldRules, list: FieldID?) -> OrderedJSON {
        let conditions = ConditionExport(rules: rules, list: list)
        var object = OrderedObject()
        if field.type == .group {
            object.set("type", .string("Group"))
            object.set("label", .string(field.title))
            object.set("elements", .array(elements(rules.directMembers(of: field), list: list)))
        } else {
            object.set("type", .string("Control"))
            object.set("scope", conditions.scope(field.id).map { OrderedJSON.string($0) })
            if field.ui["label"] == .bool(false) { object.set("label", .bool(false)) }
            var options = field.ui["options"].map { OrderedJSON($0) }
            if field.type == .list {
                let detail = OrderedJSON.object([
                    ("type", .string("VerticalLayout")),
                    ("elements", .array(elements(rules.directMembers(of: field), list: field.id))),
                ])
                if case .object(let members)? = options {
                    options = .object(members.filter { $0.key != "detail" } + [("detail", detail)])
                } else {
                    options = .object([("detail", detail)])
                }
            }
            object.set("options", options)
        }
        let exporter = JSONSchemaExporter(rules: rules, draft: .draft2020)
        let show = exporter.ownCondition(field, \.visibleConditions).flatMap { conditions.jsonForms($0.expr) }
        let enable = exporter.ownCondition(field, \.enabledConditions).flatMap { conditions.jsonForms($0.expr) }
        if let enable { object.set("rule", .object([("effect", .string("ENABLE")), ("condition", enable)])) }
        guard let show else { return object.json }
        let rule = OrderedJSON.object([("effect", .string("SHOW")), ("condition", show)])
        if enable == nil {
            object.set("rule", rule)
            return object.json
        }
        // One rule per element: the visibility goes on a layout around it.
        return .object([("type", .string("VerticalLayout")), ("elements", .array([object.json])), ("rule", rule)])
    }
}
