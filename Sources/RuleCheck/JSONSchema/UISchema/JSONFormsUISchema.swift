/// A JSON Forms UI schema applied to imported fields.
///
/// * `Categorization` → one section per `Category`, titled by its `label`; in the `stepper`
///   variant each is a page (`options.page` puts several on one page); without categories, `Group`s directly in the root layout are the sections. Other `Group`s and every
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

    struct Context {
        var section: Int?
        var base = ""
        var visible: [String] = []
        var enabled: [String] = []
        var group: String?
        var row: Int?
        /// Whether the element is directly in the root layout (its `Group`s are sections).
        var atTop = false
    }

    struct Placement {
        var path: String
        var section: Int?
        var pointer: String
        var context: Context
        var label: JSONValue?
        var options: JSONValue?
    }

    var placements: [Placement] = []
    var sections: [(id: String, title: String?, pointer: String, implicit: Bool, page: Located<String>?)] = []
    /// Whether the UI schema makes the form a wizard: a `Categorization` in the `stepper`
    /// variant, each category a page (or the page its `options.page` names).
    var isWizard = false
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
            findings.append(
                ImportFinding(finding.kind, "(UI schema) " + finding.message, pointer: finding.pointer, location: finding.location))
        }
        for error in translator.errors {
            findings.append(
                ImportFinding(
                    .unsupported, "(UI schema) " + error.message, pointer: "", location: error.location ?? source.location(of: "")))
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
            placements.append(
                Placement(path: group, section: section, pointer: pointer, context: context, label: object["label"], options: nil))
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
            if object["options"]?["variant"]?.string == "stepper" { isWizard = true }
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

    private mutating func newSection(_ object: JSONObject, at pointer: String) -> Int {
        let label = object["label"]?.string
        var id = object["options"]?["section"]?.string ?? Self.slug(label ?? "section")
        if sections.contains(where: { $0.id == id }) {
            var suffix = 2
            while sections.contains(where: { $0.id == "\(id)_\(suffix)" }) { suffix += 1 }
            id = "\(id)_\(suffix)"
        }
        let page = object["options"]?["page"]?.string.map { Located(value: $0, location: source.location(of: pointer + "/options/page")) }
        if page != nil { isWizard = true }
        sections.append((id, label, pointer, false, page))
        return sections.count - 1
    }

    /// The section of controls outside any category or top-level group, when the UI schema has
    /// sections: one for each run of such controls.
    private mutating func implicitSection(at pointer: String) -> Int {
        if let last = sections.last, last.implicit { return sections.count - 1 }
        var id = "main"
        var suffix = 2
        while sections.contains(where: { $0.id == id }) { id = "main_\(suffix)"; suffix += 1 }
        sections.append((id, nil, pointer, true, nil))
        return sections.count - 1
    }

    private mutating func control(_ object: JSONObject, at pointer: String, _ context: Context) {
        guard let scope = object["scope"]?.string, let path = scopePath(scope, base: context.base) else {
            finding(.unsupported, "this control's scope is not a field (#/properties/…)", at: pointer + "/scope")
            return
        }
        let section = context.section ?? (definesSections && context.base.isEmpty ? implicitSection(at: pointer) : nil)
        placements.append(
            Placement(
                path: path, section: section, pointer: pointer, context: context,
                label: object["label"], options: object["options"]))
        // The item layout of a list: its scopes are relative to one item. The rules around the
        // list's control are the list's, which its item fields follow anyway.
        if let detail = object["options"]?["detail"], detail.object != nil, detail["type"] != nil {
            var inner = context
            inner.base = path + "."
            inner.group = nil
            inner.row = nil
            inner.visible = []
            inner.enabled = []
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
        guard scope.hasPrefix("#"), let tokens = SchemaPointer.tokens(String(scope.dropFirst())), tokens.count % 2 == 0, !tokens.isEmpty
        else {
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
            guard let path = scopePath(scope, base: base), let expected = value["expectedValue"],
                let literal = SchemaImporter.literal(expected)
            else {
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

    mutating func finding(_ kind: ImportFinding.Kind, _ message: String, at pointer: String) {
        findings.append(ImportFinding(kind, "(UI schema) " + message, pointer: pointer, location: source.location(of: pointer)))
    }
}
