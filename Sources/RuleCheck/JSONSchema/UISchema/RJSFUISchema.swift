/// An RJSF (react-jsonschema-form) `uiSchema` applied to imported fields: `ui:order` (with `"*"`
/// for the rest), `ui:title`, `ui:readonly`/`ui:disabled` (→ `enabled_if: false`) and
/// `ui:enumNames` (option labels), nested for objects and for array `items`. Every other `ui:` key
/// (`ui:widget`, `ui:help`, `ui:placeholder`, `ui:options`, …) is presentation: it is kept as the
/// field's `ui:` hint of the same name without the prefix (`widget`, `help`, …), so an app and a UI
/// schema export find it again.
struct RJSFUISchema {
    let source: SchemaSource
    /// Paths of fields whose `enabled_if` the schema says exactly (`x-rulecheck-enabled-if`).
    var exactEnabled: Set<String> = []
    var findings: [ImportFinding] = []

    init(source: SchemaSource) {
        self.source = source
    }

    /// Whether a UI schema is a JSON Forms one (a layout, category or control at its root).
    static func isJSONForms(_ root: JSONValue) -> Bool {
        guard let type = root["type"]?.string else { return false }
        return type.hasSuffix("Layout") || ["Categorization", "Category", "Control", "Group"].contains(type)
    }

    mutating func apply(to sections: inout [SectionSpec]) {
        guard let object = source.root.object else {
            finding(.unsupported, "a uiSchema must be an object, not \(source.root.kindDescription)", at: "")
            return
        }
        var rest = object
        if let order = object["ui:order"] {
            rest["ui:order"] = nil
            for index in sections.indices { self.order(&sections[index].fields, order, at: "/ui:order", partial: sections.count > 1) }
        }
        for key in source.orderedKeys(of: rest, at: "") where key.hasPrefix("ui:") {
            finding(
                .ignored, "'\(key)' for the whole form is not kept (a rules file has no form-level hints)",
                at: "/" + SchemaPointer.escape(key))
            rest[key] = nil
        }
        for key in source.orderedKeys(of: rest, at: "") {
            guard let value = rest[key] else { continue }
            let pointer = "/" + SchemaPointer.escape(key)
            let found = sections.indices.compactMap { section in
                sections[section].fields.firstIndex { $0.id.value == key }.map { (section, $0) }
            }.first
            guard let (section, index) = found else {
                finding(.unsupported, "the uiSchema names '\(key)', which is not a field here", at: pointer)
                continue
            }
            applyField(value, to: &sections[section].fields[index], path: key, at: pointer, depth: 0)
        }
    }

    private mutating func apply(_ ui: JSONValue, to fields: inout [FieldSpec], prefix: String, at pointer: String, depth: Int) {
        guard depth < SchemaImporter.maxNesting else { return }
        guard let object = ui.object else {
            finding(.unsupported, "a uiSchema entry must be an object, not \(ui.kindDescription)", at: pointer)
            return
        }
        for key in source.orderedKeys(of: object, at: pointer) {
            guard let value = object[key] else { continue }
            let keyPointer = pointer + "/" + SchemaPointer.escape(key)
            if key == "ui:order" {
                order(&fields, value, at: keyPointer, partial: false)
            } else if key.hasPrefix("ui:") {
                finding(.ignored, "'\(key)' of an object or its items is not kept", at: keyPointer)
            } else if let index = fields.firstIndex(where: { $0.id.value == key }) {
                applyField(value, to: &fields[index], path: prefix + key, at: keyPointer, depth: depth + 1)
            } else {
                finding(.unsupported, "the uiSchema names '\(key)', which is not a field here", at: keyPointer)
            }
        }
    }

    private mutating func applyField(_ ui: JSONValue, to field: inout FieldSpec, path: String, at pointer: String, depth: Int) {
        guard let object = ui.object else {
            finding(.unsupported, "a uiSchema entry must be an object, not \(ui.kindDescription)", at: pointer)
            return
        }
        var members: JSONObject = [:]
        for key in source.orderedKeys(of: object, at: pointer) {
            guard let value = object[key] else { continue }
            let keyPointer = pointer + "/" + SchemaPointer.escape(key)
            switch key {
            case "ui:title":
                if let title = value.string {
                    field.title = title
                } else {
                    finding(.unsupported, "ui:title must be a string", at: keyPointer)
                }
            case "ui:readonly", "ui:disabled":
                if value == .bool(true), !exactEnabled.contains(path) {
                    let location = source.location(of: keyPointer)
                    field.enabledIf = ScalarText(text: "false", isQuoted: false, locator: SchemaImporter.locator(at: location))
                    field.keys["enabled_if"] = location
                }
            case "ui:enumNames":
                guard let names = value.array?.map(\.string), var options = field.options else {
                    finding(.unsupported, "ui:enumNames applies to a field with options", at: keyPointer)
                    continue
                }
                for (index, name) in names.enumerated() where index < options.count { options[index].title = name }
                if names.count != options.count {
                    finding(.approximated, "ui:enumNames has \(names.count) names for \(options.count) options", at: keyPointer)
                }
                field.options = options
            case "ui:order":
                if var group = field.fields {
                    order(&group, value, at: keyPointer, partial: false)
                    field.fields = group
                } else {
                    finding(.unsupported, "ui:order applies to an object", at: keyPointer)
                }
            case "items":
                if var item = field.item {
                    apply(value, to: &item, prefix: path + ".", at: keyPointer, depth: depth + 1)
                    field.item = item
                } else {
                    // The elements of an array of values or options: kept as they are written.
                    Self.setHint(&field, "items", value, at: source.location(of: keyPointer))
                }
            default:
                if key.hasPrefix("ui:") {
                    Self.setHint(&field, String(key.dropFirst(3)), value, at: source.location(of: keyPointer))
                } else {
                    members[key] = value
                }
            }
        }
        guard !members.isEmpty else { return }
        if var group = field.fields {
            apply(.object(members), to: &group, prefix: path + ".", at: pointer, depth: depth + 1)
            field.fields = group
        } else {
            for key in members.keys.sorted() {
                finding(
                    .unsupported, "the uiSchema names '\(key)', which is not a field here", at: pointer + "/" + SchemaPointer.escape(key))
            }
        }
    }

    /// A `ui:` hint, replacing one of the same name (a uiSchema's `ui:description` overrides the schema's).
    static func setHint(_ field: inout FieldSpec, _ name: String, _ value: JSONValue, at location: FileLocation) {
        if let index = field.ui.firstIndex(where: { $0.name.value == name }) {
            field.ui[index].value = value
        } else {
            field.ui.append((Located(value: name, location: location), value))
        }
    }

    /// `ui:order`: the named fields first, in that order; `"*"` stands for the others in schema
    /// order (without it, the others follow, as reported). With `partial`, the order is applied to
    /// one section of several: names of other sections' fields are not reported.
    private mutating func order(_ fields: inout [FieldSpec], _ value: JSONValue, at pointer: String, partial: Bool) {
        guard let names = value.array?.compactMap(\.string) else {
            finding(.unsupported, "ui:order must be an array of property names", at: pointer)
            return
        }
        let named = names.filter { $0 != "*" }
        if !partial {
            for name in named where !fields.contains(where: { $0.id.value == name }) {
                finding(.unsupported, "ui:order names '\(name)', which is not a field here", at: pointer)
            }
        }
        let rest = fields.filter { field in !named.contains(field.id.value) }
        var result: [FieldSpec] = []
        var restPlaced = false
        for name in names {
            if name == "*" {
                if !restPlaced { result += rest; restPlaced = true }
            } else if let field = fields.first(where: { $0.id.value == name }), !result.contains(where: { $0.id.value == name }) {
                result.append(field)
            }
        }
        if !restPlaced {
            if !rest.isEmpty {
                finding(
                    .approximated,
                    "ui:order has no '*' and leaves out \(rest.map(\.id.value).joined(separator: ", ")); they follow the ordered fields",
                    at: pointer)
            }
            result += rest
        }
        fields = result
    }

    private mutating func finding(_ kind: ImportFinding.Kind, _ message: String, at pointer: String) {
        findings.append(ImportFinding(kind, "(uiSchema) " + message, pointer: pointer, location: source.location(of: pointer)))
    }
}
