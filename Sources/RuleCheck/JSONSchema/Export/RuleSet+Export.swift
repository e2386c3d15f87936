/// The JSON Schema draft an export is written for.
public enum JSONSchemaDraft: String, Hashable, Sendable, CaseIterable {
    /// Draft-07 (`http://json-schema.org/draft-07/schema#`).
    case draft7 = "7"
    /// 2020-12 (`https://json-schema.org/draft/2020-12/schema`), the default.
    case draft2020 = "2020-12"

    var uri: String {
        switch self {
        case .draft7: "http://json-schema.org/draft-07/schema#"
        case .draft2020: "https://json-schema.org/draft/2020-12/schema"
        }
    }
}

/// The UI schema format of ``RuleSet/uiSchema(_:)``.
public enum UISchemaFormat: String, Hashable, Sendable, CaseIterable {
    /// A react-jsonschema-form `uiSchema`: `ui:order` and the fields' `ui:` hints.
    case rjsf
    /// A JSON Forms UI schema: sections as categories (pages), controls in order, and
    /// `visible_if`/`enabled_if` as rules where a rule condition can say them.
    case jsonForms = "jsonforms"
}

extension RuleSet {
    /// The rules as a JSON Schema for a server or another validator: the same records are valid
    /// wherever JSON Schema can say it, and what it cannot (expressions, masks, PCRE2 patterns,
    /// computed fields, option attributes, localized messages, sections, gates) is written in
    /// `x-rulecheck-*` keywords, so that importing the export gives back these rules.
    ///
    /// ```swift
    /// let schema = rules.jsonSchema()                      // 2020-12
    /// let again = try RuleSet(jsonSchema: Data(schema.utf8))
    /// ```
    ///
    /// Rules that a JSON Schema decides (``isCheckedByJSONSchema``: an imported schema, or a
    /// rules file's `json_schema:`) export that schema as it is written, whatever `draft` says:
    /// it, not the fields a form shows for it, says which records are valid, and importing it
    /// again gives back these rules.
    ///
    /// - Returns: JSON text, properties in the form's order.
    public func jsonSchema(draft: JSONSchemaDraft = .draft2020) -> String {
        if let recordSchema { return recordSchema.text }
        return JSONSchemaExporter(rules: self, draft: draft).schema().text
    }

    /// A UI schema for the form: field order, sections as pages (JSON Forms), visibility and
    /// enabled rules (JSON Forms), and each field's `ui:` hints.
    ///
    /// ```swift
    /// let ui = rules.uiSchema(.jsonForms)
    /// ```
    public func uiSchema(_ format: UISchemaFormat) -> String {
        switch format {
        case .rjsf: UISchemaExporter(rules: self).rjsf().text
        case .jsonForms: UISchemaExporter(rules: self).jsonForms().text
        }
    }

    /// The id of each section's page, by section (all `nil` for a form without pages).
    var pageIDs: [String?] {
        var result = [String?](repeating: nil, count: sections.count)
        for page in pages { for section in page.sections where section < result.count { result[section] = page.id } }
        return result
    }

    /// The top-level fields of a section, in order.
    package func topLevelFields(of section: SectionRules) -> [FieldRules] {
        section.fields.map { fields[$0.index] }.filter { $0.group == nil && $0.list == nil }
    }

    /// The direct members of a group, or the direct item fields of a list.
    package func directMembers(of field: FieldRules) -> [FieldRules] {
        field.members.map { fields[$0.index] }.filter { $0.group == (field.type == .group ? field.id : nil) }
    }

    /// The group or list a field is directly in.
    package func container(of field: FieldRules) -> FieldRules? {
        (field.group ?? field.list).map { fields[$0.index] }
    }

    /// The field's own condition of `conditions` (`visible_if`, `enabled_if`), without those it
    /// inherits from its groups and list (which come first in the list).
    package func ownCondition(_ field: FieldRules, _ conditions: KeyPath<FieldRules, [WrittenExpression]>) -> WrittenExpression? {
        let inherited = container(of: field).map { $0[keyPath: conditions].count } ?? 0
        let all = field[keyPath: conditions]
        return all.count > inherited ? all.last : nil
    }

    /// How `field` names `target` in a rules file: the shortest name that resolves to it from the
    /// field's scope (its groups and list, innermost first, then the form).
    func name(of target: FieldRules, from field: FieldRules) -> String {
        var scopes: [String] = []
        var current = container(of: field)
        while let scope = current {
            scopes.append(scope.path)
            current = container(of: scope)
        }
        var candidates: [String] = []
        for scope in scopes where target.path.hasPrefix(scope + ".") { candidates.append(String(target.path.dropFirst(scope.count + 1))) }
        candidates.append(target.path)
        for candidate in candidates {
            let resolved = (scopes + [""]).lazy.compactMap { scope in self.pathIndex[scope.isEmpty ? candidate : scope + "." + candidate] }
                .first
            if resolved == target.id { return candidate }
        }
        return target.path
    }
}

/// Writes a ``RuleSet`` as a JSON Schema (see ``RuleSet/jsonSchema(draft:)``).
struct JSONSchemaExporter {
    let rules: RuleSet
    let draft: JSONSchemaDraft

    func schema() -> OrderedJSON {
        var root = OrderedObject()
        root.set("$schema", .string(draft.uri))
        root.set("title", rules.title.map { OrderedJSON.string($0) })
        root.set("x-rulecheck-form", .string(rules.form))
        if rules.dateFormat != .iso { root.set("x-rulecheck-date-format", .string(rules.dateFormat.pattern)) }
        root.set("x-rulecheck-locale", rules.locale.map { .string($0) })
        if rules.hiddenValues != .clear { root.set("x-rulecheck-hidden-values", .string(rules.hiddenValues.rawValue)) }
        if rules.emptyValues != .absent { root.set("x-rulecheck-empty-values", .string(rules.emptyValues.rawValue)) }
        if !rules.gates.isEmpty { root.set("x-rulecheck-gates", gates()) }
        root.set("x-rulecheck-mask-classes", maskClasses())
        // Pages: `true` when each section is a page of its own, else each section's page.
        let pageOf = rules.pageIDs
        let sectionPages = pageOf.enumerated().contains { index, page in page.map { $0 != rules.sections[index].id } ?? false }
        if !rules.pages.isEmpty && !sectionPages { root.set("x-rulecheck-pages", .bool(true)) }
        if let position = rules.pagePosition {
            root.set("pages", .object([("current", .number(Double(position.current))), ("total", .number(Double(position.total)))]))
        }
        let single = rules.sections.count == 1 ? rules.sections.first : nil
        if single == nil || single?.id != "main" || single?.title != (rules.title ?? "main") || sectionPages {
            root.set(
                "x-rulecheck-sections",
                .array(
                    rules.sections.enumerated().map { index, section in
                        var object = OrderedObject()
                        object.set("id", .string(section.id))
                        if section.title != section.id { object.set("title", .string(section.title)) }
                        if sectionPages, let page = pageOf[index], page != section.id { object.set("page", .string(page)) }
                        object.set("fields", .array(rules.topLevelFields(of: section).map { .string($0.name) }))
                        return object.json
                    }))
        }
        root.set("type", .string("object"))
        let top = rules.sections.flatMap { rules.topLevelFields(of: $0) }
        object(top, list: nil, always: true, into: &root)
        return root.json
    }

    /// `properties`, `required` and the `if`/`then` of conditionally required fields of one
    /// object: the root, a group, or a list's item.
    func object(_ members: [FieldRules], list: FieldID?, always: Bool, into object: inout OrderedObject) {
        var properties: [(key: String, value: OrderedJSON)] = []
        var required: [OrderedJSON] = []
        for field in members {
            properties.append((field.name, property(field, always: always)))
            if field.required?.text == "true", ownCondition(field, \.visibleConditions) == nil { required.append(.string(field.name)) }
        }
        object.set("properties", .object(properties))
        if !required.isEmpty { object.set("required", .array(required)) }
        // Required under a condition (or only while visible): if/then where JSON Schema can say
        // the condition. Nested fields are required from this object down.
        guard list != nil || members.first.map({ $0.group == nil }) ?? false else { return }
        let conditions = ConditionExport(rules: rules, list: list)
        var blocks: [OrderedJSON] = []
        for field in subtree(members) where field.type.holdsValue || field.type == .list {
            guard let condition = requiredCondition(field), let test = conditions.schema(condition),
                let then = conditions.schemaRequiring(field)
            else { continue }
            blocks.append(.object([("if", test), ("then", then)]))
        }
        if !blocks.isEmpty { object.set("allOf", .array(blocks)) }
    }

    /// The fields of `members` and of their groups (not of lists' items).
    private func subtree(_ members: [FieldRules]) -> [FieldRules] {
        var result: [FieldRules] = []
        var pending = members[...]
        while let field = pending.popFirst() {
            result.append(field)
            if field.type == .group { pending = rules.directMembers(of: field)[...] + pending }
        }
        return result
    }

    /// When a field is required, as one condition, if that is not simply `true` at its object:
    /// its `required` (if not `true`) and its own `visible_if`.
    private func requiredCondition(_ field: FieldRules) -> Expr? {
        guard let required = field.required else { return nil }
        let visible = ownCondition(field, \.visibleConditions)
        let isTrue: Bool = if case .constant(.bool(true)?) = required.expr { true } else { false }
        switch (isTrue, visible) {
        case (true, nil): return nil
        case (true, let visible?): return visible.expr
        case (false, nil): return required.expr
        case (false, let visible?): return .and(visible.expr, required.expr)
        }
    }

    /// The field's own condition of `conditions` (its containers' come first in the list).
    func ownCondition(_ field: FieldRules, _ conditions: KeyPath<FieldRules, [WrittenExpression]>) -> WrittenExpression? {
        rules.ownCondition(field, conditions)
    }

    /// Gates by the fields they name: `all`, or the covered fields whose group or list is not
    /// covered too.
    private func gates() -> OrderedJSON {
        .object(
            rules.gates.map { gate in
                if gate.members.count == rules.fields.count { return (gate.name, .string("all")) }
                let covered = Set(gate.members)
                let named = gate.members.filter { member in
                    let field = rules.fields[member.index]
                    return (field.group ?? field.list).map { !covered.contains($0) } ?? true
                }
                return (gate.name, .array(named.map { .string(rules.fields[$0.index].path) }))
            })
    }
}

extension ConditionExport {
    /// `then` of a conditionally required field: the field, inside its objects when they are
    /// given (an absent group is not required by it, as a group's own `required:` says).
    func schemaRequiring(_ field: FieldRules) -> OrderedJSON? {
        property(field.id, nil, present: true, requireObjects: false)
    }
}
