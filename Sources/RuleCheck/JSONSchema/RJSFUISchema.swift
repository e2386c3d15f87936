/// An RJSF (react-jsonschema-form) `uiSchema` applied to imported fields: `ui:order` (with `"*"`
/// for the rest), `ui:title`, `ui:readonly`/`ui:disabled` (→ `enabled_if: false`) and
/// `ui:enumNames` (option labels), nested for objects and for array `items`. Presentation-only
/// keys (`ui:widget`, `ui:help`, `ui:placeholder`, …) have no place in a rules file yet and are
/// reported as ignored; a JSON Forms UI schema is reported as not read.
struct RJSFUISchema {
    let source: SchemaSource
    var findings: [ImportFinding] = []

    static let presentation: Set<String> = [
        "ui:widget", "ui:help", "ui:placeholder", "ui:description", "ui:options", "ui:autofocus", "ui:classNames",
        "ui:emptyValue", "ui:field", "ui:style", "ui:submitButtonOptions", "ui:rootFieldId", "ui:label",
    ]

    init(source: SchemaSource) {
        self.source = source
    }

    mutating func apply(to fields: inout [FieldSpec]) {
        if case .object(let members) = source.root, members["type"]?.string.map({ $0.hasSuffix("Layout") || $0 == "Categorization" || $0 == "Control" || $0 == "Group" }) == true {
            finding(.unsupported, "JSON Forms UI schemas are not read yet; only RJSF uiSchemas are", at: "")
            return
        }
        apply(source.root, to: &fields, at: "", depth: 0)
    }

    private mutating func apply(_ ui: JSONValue, to fields: inout [FieldSpec], at pointer: String, depth: Int) {
        guard depth < SchemaImporter.maxNesting else { return }
        guard let object = ui.object else {
            finding(.unsupported, "a uiSchema entry must be an object, not \(ui.kindDescription)", at: pointer)
            return
        }
        for key in source.orderedKeys(of: object, at: pointer) {
            guard let value = object[key] else { continue }
            let keyPointer = pointer + "/" + SchemaPointer.escape(key)
            if key == "ui:order" {
                order(&fields, value, at: keyPointer)
            } else if key.hasPrefix("ui:") {
                if depth == 0 {
                    finding(.ignored, "'\(key)' for the whole form is not kept", at: keyPointer)
                }
            } else if let index = fields.firstIndex(where: { $0.id.value == key }) {
                applyField(value, to: &fields[index], at: keyPointer, depth: depth)
            } else {
                finding(.unsupported, "the uiSchema names '\(key)', which is not a field here", at: keyPointer)
            }
        }
    }

    private mutating func applyField(_ ui: JSONValue, to field: inout FieldSpec, at pointer: String, depth: Int) {
        guard let object = ui.object else {
            finding(.unsupported, "a uiSchema entry must be an object, not \(ui.kindDescription)", at: pointer)
            return
        }
        var members: [String: JSONValue] = [:]
        for key in source.orderedKeys(of: object, at: pointer) {
            guard let value = object[key] else { continue }
            let keyPointer = pointer + "/" + SchemaPointer.escape(key)
            switch key {
            case "ui:title":
                if let title = value.string { field.title = title } else { finding(.unsupported, "ui:title must be a string", at: keyPointer) }
            case "ui:readonly", "ui:disabled":
                if value == .bool(true) {
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
                if field.fields != nil { order(&field.fields, value, at: keyPointer) }
            case "items":
                if field.item != nil {
                    var item = field.item ?? []
                    apply(value, to: &item, at: keyPointer, depth: depth + 1)
                    field.item = item
                } else {
                    finding(.ignored, "'items' of a field that is not a list of objects is not kept", at: keyPointer)
                }
            default:
                if Self.presentation.contains(key) {
                    finding(.ignored, "'\(key)' is presentation; rules files have no place for it yet", at: keyPointer)
                } else if key.hasPrefix("ui:") {
                    finding(.unsupported, "unknown uiSchema key '\(key)'", at: keyPointer)
                } else {
                    members[key] = value
                }
            }
        }
        guard !members.isEmpty else { return }
        if var group = field.fields {
            apply(.object(members), to: &group, at: pointer, depth: depth + 1)
            field.fields = group
        } else {
            for key in members.keys.sorted() {
                finding(.unsupported, "the uiSchema names '\(key)', which is not a field here", at: pointer + "/" + SchemaPointer.escape(key))
            }
        }
    }

    /// `ui:order`: the named fields first, in that order; `"*"` stands for the others in schema
    /// order (without it, the others follow, as reported).
    private mutating func order(_ fields: inout [FieldSpec]?, _ value: JSONValue, at pointer: String) {
        guard var list = fields else { return }
        order(&list, value, at: pointer)
        fields = list
    }

    private mutating func order(_ fields: inout [FieldSpec], _ value: JSONValue, at pointer: String) {
        guard let names = value.array?.compactMap(\.string) else {
            finding(.unsupported, "ui:order must be an array of property names", at: pointer)
            return
        }
        let named = names.filter { $0 != "*" }
        for name in named where !fields.contains(where: { $0.id.value == name }) {
            finding(.unsupported, "ui:order names '\(name)', which is not a field here", at: pointer)
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
                finding(.approximated, "ui:order has no '*' and leaves out \(rest.map(\.id.value).joined(separator: ", ")); they follow the ordered fields",
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
