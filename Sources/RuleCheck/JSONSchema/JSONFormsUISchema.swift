/// A JSON Forms UI schema applied to imported fields.
///
/// * `Categorization` → one section (page) per `Category`, titled by its `label`; without
///   categories, `Group`s directly in the root layout are the sections. Other `Group`s and every
///   `HorizontalLayout` are presentation: their fields get the `ui:` hints `group` (the label) and
///   `row` (a number shared by the fields of one row).
/// * `Control` with `scope: "#/properties/a/properties/b"` → the field `a.b`: the order of the
///   controls is the order of the fields (and of a group's members); `label` → the field's title
///   (`label: false` → the hint `label: false`); `options` → the hint `options`.
/// * `rule` (on a control or on a layout, for every control inside) with effect `SHOW`/`HIDE` →
///   `visible_if`, `ENABLE`/`DISABLE` → `enabled_if`; its condition `{scope, schema}` (with
///   `failWhenUndefined`), `{type: "LEAF", scope, expectedValue}` and `AND`/`OR` of conditions
///   become the expression, in the DAG like any other.
///
/// Fields the UI schema does not place follow the placed ones (reported: JSON Forms would not
/// show them, but their rules still hold).
struct JSONFormsUISchema {
    let source: SchemaSource
    /// Paths of fields whose `visible_if` / `enabled_if` the schema says exactly (`x-rulecheck-*`):
    /// a rule of the UI schema is then the export's shadow of it.
    var exactVisible: Set<String> = []
    var exactEnabled: Set<String> = []
    var findings: [ImportFinding] = []
    /// Reads rule conditions (JSON Schema fragments inside the UI schema).
    private var translator: SchemaImporter

    private struct Context {
        var section: Int?
        var base = ""
        var visible: [String] = []
        var enabled: [String] = []
        var group: String?
        var row: Int?
        /// Whether the element is directly in the root layout (its `Group`s are sections).
        var atTop = false
    }

    private struct Placement {
        var path: String
        var section: Int?
        var pointer: String
        var context: Context
        var label: JSONValue?
        var options: JSONValue?
    }

    private var placements: [Placement] = []
    private var sections: [(id: String, title: String?, pointer: String, implicit: Bool)] = []
    /// Whether the UI schema's root says what the sections are (categories, or groups in the root layout).
    private var definesSections = false
    private var rows = 0
    /// Every field path of the document, for resolving scopes; the paths of its groups.
    private var paths: Set<String> = []
    private var groupPaths: Set<String> = []

    init(source: SchemaSource) {
        self.source = source
        translator = SchemaImporter(source: source)
    }

    mutating func apply(to document: inout [SectionSpec]) {
        paths = Set(document.flatMap { Self.paths($0.fields, prefix: "") })
        groupPaths = Set(document.flatMap { Self.paths($0.fields, prefix: "", groupsOnly: true) })
        let root = source.root
        let top = [root] + (root["type"]?.string?.hasSuffix("Layout") == true ? root["elements"]?.array ?? [] : [])
        definesSections = top.contains { element in
            let type = element["type"]?.string ?? ""
            return type == "Categorization" || type == "Category" || (type == "Group" && renderedGroup(element, base: "") == nil)
        }
        walk(source.root, at: "", Context(atTop: true), depth: 0)
        for finding in translator.findings {
            findings.append(ImportFinding(finding.kind, "(UI schema) " + finding.message, pointer: finding.pointer, location: finding.location))
        }
        for error in translator.errors {
            findings.append(ImportFinding(.unsupported, "(UI schema) " + error.message, pointer: "", location: error.location ?? source.location(of: "")))
        }
        arrange(&document)
        for placement in placements { decorate(&document, placement) }
    }

    // MARK: - The walk

    private mutating func walk(_ element: JSONValue, at pointer: String, _ outer: Context, depth: Int) {
        guard depth < SchemaImporter.maxNesting else {
            finding(.unsupported, "layouts nest deeper than \(SchemaImporter.maxNesting) levels; the rest is not read", at: pointer)
            return
        }
        guard let object = element.object, let type = object["type"]?.string else {
            finding(.unsupported, "a UI schema element needs a \"type\"", at: pointer)
            return
        }
        var context = outer
        context.atTop = false
        if let rule = object["rule"] { applyRule(rule, at: pointer + "/rule", to: &context) }
        // A Group of one schema group's controls is that group: its label is the group's title and
        // its rule the group's.
        if type == "Group", let group = renderedGroup(element, base: outer.base) {
            let section = context.section ?? (definesSections && context.base.isEmpty ? implicitSection(at: pointer) : nil)
            placements.append(Placement(path: group, section: section, pointer: pointer, context: context, label: object["label"], options: nil))
            var inner = outer
            inner.atTop = false
            inner.section = section
            for (index, child) in (object["elements"]?.array ?? []).enumerated() {
                walk(child, at: pointer + "/elements/\(index)", inner, depth: depth + 1)
            }
            return
        }
        let elements = object["elements"]?.array ?? []
        func children(_ context: Context) {
            for (index, child) in elements.enumerated() { walk(child, at: pointer + "/elements/\(index)", context, depth: depth + 1) }
        }
        switch type {
        case "Categorization":
            for (index, child) in elements.enumerated() {
                let childPointer = pointer + "/elements/\(index)"
                if child["type"]?.string == "Category" || child["type"]?.string == "Categorization" {
                    walk(child, at: childPointer, context, depth: depth + 1)
                } else {
                    finding(.unsupported, "a Categorization holds categories; this element is not read", at: childPointer)
                }
            }
        case "Category":
            context.section = newSection(object, at: pointer)
            context.group = nil
            children(context)
        case "Group" where outer.atTop && outer.section == nil:
            context.section = newSection(object, at: pointer)
            children(context)
        case "Group":
            context.group = object["label"]?.string
            children(context)
        case "VerticalLayout":
            context.atTop = outer.atTop
            children(context)
        case "HorizontalLayout":
            rows += 1
            context.row = rows
            context.atTop = outer.atTop
            children(context)
        case "Control":
            control(object, at: pointer, context)
        case "Label":
            finding(.ignored, "a Label element has no place in a rules file", at: pointer)
        default:
            finding(.unsupported, "unknown UI schema element type '\(type)'; it is not read", at: pointer + "/type")
        }
    }

    private mutating func newSection(_ object: [String: JSONValue], at pointer: String) -> Int {
        let label = object["label"]?.string
        var id = object["options"]?["section"]?.string ?? Self.slug(label ?? "section")
        if sections.contains(where: { $0.id == id }) {
            var suffix = 2
            while sections.contains(where: { $0.id == "\(id)_\(suffix)" }) { suffix += 1 }
            id = "\(id)_\(suffix)"
        }
        sections.append((id, label, pointer, false))
        return sections.count - 1
    }

    /// The section of controls outside any category or top-level group, when the UI schema has
    /// sections: one for each run of such controls.
    private mutating func implicitSection(at pointer: String) -> Int {
        if let last = sections.last, last.implicit { return sections.count - 1 }
        var id = "main"
        var suffix = 2
        while sections.contains(where: { $0.id == id }) { id = "main_\(suffix)"; suffix += 1 }
        sections.append((id, nil, pointer, true))
        return sections.count - 1
    }

    private mutating func control(_ object: [String: JSONValue], at pointer: String, _ context: Context) {
        guard let scope = object["scope"]?.string, let path = scopePath(scope, base: context.base) else {
            finding(.unsupported, "this control's scope is not a field (#/properties/…)", at: pointer + "/scope")
            return
        }
        let section = context.section ?? (definesSections && context.base.isEmpty ? implicitSection(at: pointer) : nil)
        placements.append(Placement(path: path, section: section, pointer: pointer, context: context,
                                    label: object["label"], options: object["options"]))
        // The item layout of a list: its scopes are relative to one item.
        if let detail = object["options"]?["detail"], detail.object != nil, detail["type"] != nil {
            var inner = context
            inner.base = path + "."
            inner.group = nil
            inner.row = nil
            walk(detail, at: pointer + "/options/detail", inner, depth: 1)
        }
    }

    /// The schema group a `Group` element shows: the longest group path that all its controls are
    /// inside; `nil` when they are not all in one group.
    private func renderedGroup(_ element: JSONValue, base: String) -> String? {
        var scopes: [String] = []
        var pending: [(JSONValue, Int)] = [(element, 0)]
        while let (item, depth) = pending.popLast() {
            guard depth < SchemaImporter.maxNesting else { return nil }
            if item["type"]?.string == "Control" {
                guard let scope = item["scope"]?.string, let path = scopePath(scope, base: base) else { return nil }
                scopes.append(path)
            }
            for child in item["elements"]?.array ?? [] { pending.append((child, depth + 1)) }
        }
        guard !scopes.isEmpty else { return nil }
        return groupPaths.filter { group in scopes.allSatisfy { $0.hasPrefix(group + ".") } }.max { $0.count < $1.count }
    }

    /// `#/properties/a/properties/b` → `a.b` (relative to a list item in its detail layout).
    private func scopePath(_ scope: String, base: String) -> String? {
        guard scope.hasPrefix("#"), let tokens = SchemaPointer.tokens(String(scope.dropFirst())), tokens.count % 2 == 0, !tokens.isEmpty else {
            return nil
        }
        var names: [String] = []
        for index in stride(from: 0, to: tokens.count, by: 2) {
            guard tokens[index] == "properties" else { return nil }
            names.append(tokens[index + 1])
        }
        let path = base + names.joined(separator: ".")
        return paths.contains(path) ? path : nil
    }

    // MARK: - Rules

    private mutating func applyRule(_ rule: JSONValue, at pointer: String, to context: inout Context) {
        guard let effect = rule["effect"]?.string, let condition = rule["condition"] else {
            finding(.unsupported, "a rule needs an \"effect\" and a \"condition\"", at: pointer)
            return
        }
        guard let expr = self.condition(condition, at: pointer + "/condition", base: context.base, depth: 0) else { return }
        switch effect {
        case "SHOW": context.visible.append(expr)
        case "HIDE": context.visible.append(SchemaImporter.negated(expr))
        case "ENABLE": context.enabled.append(expr)
        case "DISABLE": context.enabled.append(SchemaImporter.negated(expr))
        default: finding(.unsupported, "unknown rule effect '\(effect)' (SHOW, HIDE, ENABLE, DISABLE)", at: pointer + "/effect")
        }
    }

    /// A rule's condition as an expression; `nil` (with a finding) when it cannot be written.
    private mutating func condition(_ value: JSONValue, at pointer: String, base: String, depth: Int) -> String? {
        guard depth < 16 else {
            finding(.unsupported, "conditions nest too deeply", at: pointer)
            return nil
        }
        let type = value["type"]?.string
        if type == "AND" || type == "OR" {
            guard let list = value["conditions"]?.array, !list.isEmpty else {
                finding(.unsupported, "\(type ?? "") needs a non-empty \"conditions\" array", at: pointer)
                return nil
            }
            var terms: [String] = []
            for (index, item) in list.enumerated() {
                guard let term = condition(item, at: pointer + "/conditions/\(index)", base: base, depth: depth + 1) else { return nil }
                terms.append(term)
            }
            return SchemaImporter.balanced(terms, type == "AND" ? "and" : "or")
        }
        guard let scope = value["scope"]?.string else {
            finding(.unsupported, "a condition needs a \"scope\"", at: pointer)
            return nil
        }
        if type == "LEAF" {
            guard let path = scopePath(scope, base: base), let expected = value["expectedValue"], let literal = SchemaImporter.literal(expected) else {
                finding(.unsupported, "this LEAF condition's scope or expectedValue cannot be read", at: pointer)
                return nil
            }
            return "\(path) == \(literal)"
        }
        guard let schema = value["schema"] else {
            finding(.unsupported, "a condition needs a \"schema\" (or type LEAF with an expectedValue)", at: pointer)
            return nil
        }
        let schemaNode = translator.node(schema, at: pointer + "/schema", refChain: [])
        if scope == "#" { return translator.objectCondition(schemaNode, prefix: base) }
        guard let path = scopePath(scope, base: base) else {
            finding(.unsupported, "the condition's scope '\(scope)' is not a field", at: pointer + "/scope")
            return nil
        }
        let parts = translator.constraints(schemaNode, path: path, type: nil, forCondition: true)
        guard !parts.untranslated else {
            finding(.unsupported, "this condition cannot be written as an expression; the rule is not read", at: pointer + "/schema")
            return nil
        }
        if value["failWhenUndefined"] == .bool(true) {
            return SchemaImporter.balanced(["\(path) != null"] + parts.items.map(\.expr), "and")
        }
        // As JSON Forms validates an absent value: const and enum fail, other keywords pass.
        let terms = parts.items.map { item in
            ["const", "enum", "not", "anyOf", "oneOf"].contains(item.keyword) ? item.expr : "(\(path) == null or \(item.expr))"
        }
        return SchemaImporter.balanced(terms, "and")
    }

    // MARK: - Applying

    /// Sections and order: each top-level field goes to the section of its first control, in the
    /// order of the controls; a group's members and a list's item fields are ordered the same way.
    private mutating func arrange(_ document: inout [SectionSpec]) {
        // The first control of each field or of anything inside it.
        var rank: [String: Int] = [:]
        for (index, placement) in placements.enumerated() {
            var prefix = ""
            for name in placement.path.split(separator: ".") {
                prefix += (prefix.isEmpty ? "" : ".") + name
                if rank[prefix] == nil { rank[prefix] = index }
            }
        }
        func firstRank(_ field: FieldSpec, prefix: String) -> Int? { rank[prefix + field.id.value] }
        for index in document.indices { Self.orderMembers(&document[index].fields, prefix: "", rank: firstRank) }
        let everything = document.flatMap(\.fields)
        let unplaced = everything.filter { firstRank($0, prefix: "") == nil }
        if !unplaced.isEmpty {
            finding(.approximated, "the UI schema has no control for \(unplaced.map(\.id.value).joined(separator: ", ")); they follow the others (their rules still hold)",
                    at: "")
        }
        guard !sections.isEmpty else {
            for index in document.indices { Self.sortTop(&document[index].fields, rank: firstRank) }
            return
        }
        var result = sections.map { section in
            SectionSpec(id: Located(value: section.id, location: source.location(of: section.pointer)), title: section.title, fields: [])
        }
        var noSection: [FieldSpec] = []
        for field in everything.sorted(by: { (firstRank($0, prefix: "") ?? Int.max) < (firstRank($1, prefix: "") ?? Int.max) }) {
            let placement = firstRank(field, prefix: "").map { placements[$0] }
            if let section = placement?.section { result[section].fields.append(field) } else { noSection.append(field) }
        }
        if !noSection.isEmpty {
            if let last = result.indices.last { result[last].fields += noSection }
        }
        document = result
    }

    private static func sortTop(_ fields: inout [FieldSpec], rank: (FieldSpec, String) -> Int?) {
        fields = fields.enumerated().sorted { lhs, rhs in
            (rank(lhs.element, "") ?? Int.max, lhs.offset) < (rank(rhs.element, "") ?? Int.max, rhs.offset)
        }.map(\.element)
    }

    private static func orderMembers(_ fields: inout [FieldSpec], prefix: String, rank: (FieldSpec, String) -> Int?) {
        for index in fields.indices {
            let path = prefix + fields[index].id.value + "."
            for key in [\FieldSpec.fields, \FieldSpec.item] {
                guard var members = fields[index][keyPath: key] else { continue }
                orderMembers(&members, prefix: path, rank: rank)
                members = members.enumerated().sorted { lhs, rhs in
                    (rank(lhs.element, path) ?? Int.max, lhs.offset) < (rank(rhs.element, path) ?? Int.max, rhs.offset)
                }.map(\.element)
                fields[index][keyPath: key] = members
            }
        }
    }

    /// A control's label, options, hints and rules on its field.
    private mutating func decorate(_ document: inout [SectionSpec], _ placement: Placement) {
        let location = source.location(of: placement.pointer)
        let exactVisible = exactVisible.contains(placement.path), exactEnabled = exactEnabled.contains(placement.path)
        Self.update(&document, placement.path) { field in
            switch placement.label {
            case .string(let label)?: field.title = label
            case .object(let label)?: if let text = label["text"]?.string { field.title = text }
            case .bool(false)?: RJSFUISchema.setHint(&field, "label", .bool(false), at: location)
            default: break
            }
            if let options = placement.options?.object?.filter({ $0.key != "detail" }), !options.isEmpty {
                RJSFUISchema.setHint(&field, "options", .object(options), at: location)
            }
            if let group = placement.context.group { RJSFUISchema.setHint(&field, "group", .string(group), at: location) }
            if let row = placement.context.row { RJSFUISchema.setHint(&field, "row", .number(Double(row)), at: location) }
            if !placement.context.visible.isEmpty, !exactVisible {
                field.visibleIf = Self.combined(field.visibleIf, placement.context.visible, at: location)
                field.keys["visible_if"] = location
            }
            if !placement.context.enabled.isEmpty, !exactEnabled {
                field.enabledIf = Self.combined(field.enabledIf, placement.context.enabled, at: location)
                field.keys["enabled_if"] = location
            }
        }
    }

    private static func combined(_ existing: ScalarText?, _ terms: [String], at location: FileLocation) -> ScalarText {
        var all: [String] = []
        for term in (existing.map { [$0.text] } ?? []) + terms where !all.contains(term) { all.append(term) }
        return ScalarText(text: SchemaImporter.balanced(all, "and"), isQuoted: false, locator: SchemaImporter.locator(at: location))
    }

    /// Runs `change` on the field at `path` (`a`, `g.x`, `list.x`).
    private static func update(_ sections: inout [SectionSpec], _ path: String, _ change: (inout FieldSpec) -> Void) {
        let names = path.split(separator: ".").map(String.init)
        for index in sections.indices where update(&sections[index].fields, names[...], change) { return }
    }

    private static func update(_ fields: inout [FieldSpec], _ names: ArraySlice<String>, _ change: (inout FieldSpec) -> Void) -> Bool {
        guard let first = names.first, let index = fields.firstIndex(where: { $0.id.value == first }) else { return false }
        if names.count == 1 {
            change(&fields[index])
            return true
        }
        for key in [\FieldSpec.fields, \FieldSpec.item] {
            guard var members = fields[index][keyPath: key] else { continue }
            if update(&members, names.dropFirst(), change) {
                fields[index][keyPath: key] = members
                return true
            }
        }
        return false
    }

    static func paths(_ fields: [FieldSpec], prefix: String, groupsOnly: Bool = false) -> [String] {
        fields.flatMap { field in
            (groupsOnly && field.fields == nil ? [] : [prefix + field.id.value])
                + paths((field.fields ?? []) + (field.item ?? []), prefix: prefix + field.id.value + ".", groupsOnly: groupsOnly)
        }
    }

    /// A section id from a label: `Price & terms` → `price_terms`.
    static func slug(_ label: String) -> String {
        var result = ""
        for scalar in label.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("_") {
                result += "_"
            }
        }
        while result.hasSuffix("_") { result.removeLast() }
        if result.isEmpty || ("0"..."9").contains(result.unicodeScalars.first ?? "a") { result = "section" + (result.isEmpty ? "" : "_" + result) }
        return result
    }

    private mutating func finding(_ kind: ImportFinding.Kind, _ message: String, at pointer: String) {
        findings.append(ImportFinding(kind, "(UI schema) " + message, pointer: pointer, location: source.location(of: pointer)))
    }
}
