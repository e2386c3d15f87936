/// The JSON form of a ``RulesDocument`` — a JSON rules file — built as a ``JSONValue``. (The
/// YAML printer writes a field's `ui` hints with it too: JSON is YAML.)
///
/// ```swift
/// let text = JSONWriter.string(RulesJSONBuilder.document(document))
/// ```
enum RulesJSONBuilder {
    static func document(_ document: RulesDocument) -> JSONValue {
        var members: JSONObject = [:]
        if let form = document.form { members["form"] = .string(form.value) }
        if let title = document.title { members["title"] = .string(title) }
        if let version = document.version { members["version"] = .number(Double(version.value)) }
        var defaults: JSONObject = [:]
        if let format = document.dateFormat { defaults["date_format"] = .string(format.value) }
        if let hidden = document.hiddenValues { defaults["hidden_values"] = .string(hidden.value) }
        if let empty = document.emptyValues { defaults["empty_values"] = .string(empty.value) }
        if let locale = document.locale { defaults["locale"] = .string(locale.value) }
        if let calendar = document.calendar { defaults["calendar"] = .string(calendar.value) }
        if let letters = document.letters { defaults["letters"] = .string(letters.value) }
        if !defaults.isEmpty { members["defaults"] = .object(defaults) }
        if !document.gates.isEmpty {
            members["gates"] = .object(
                JSONObject(
                    Dictionary(
                        document.gates.map { gate in
                            switch gate.members {
                            case .all: (gate.name.value, JSONValue.string("all"))
                            case .fields(let names): (gate.name.value, JSONValue.array(names.map { .string($0.value) }))
                            }
                        }, uniquingKeysWith: { first, _ in first })))
        }
        if let schema = document.jsonSchema { members["json_schema"] = schema.root }
        if document.jsonSchema != nil, document.sections.allSatisfy({ $0.isImplicit && $0.fields.isEmpty }) {
            // A JSON Schema alone: no form fields.
        } else if document.sections.count == 1, let only = document.sections.first, only.isImplicit {
            members["fields"] = .array(only.fields.map(field))
        } else {
            members["sections"] = .array(
                document.sections.map { section in
                    var object: JSONObject = ["id": .string(section.id.value), "fields": .array(section.fields.map(field))]
                    if let title = section.title { object["title"] = .string(title) }
                    if let page = section.page { object["page"] = .string(page.value) }
                    return .object(object)
                })
        }
        if !document.patterns.isEmpty {
            members["patterns"] = .object(
                JSONObject(
                    Dictionary(document.patterns.map { ($0.name.value, .string($0.text.text)) }, uniquingKeysWith: { a, _ in a })))
        }
        if !document.masks.isEmpty {
            members["masks"] = .object(
                JSONObject(
                    Dictionary(document.masks.map { ($0.name.value, masks($0.text, $0.alternatives)) }, uniquingKeysWith: { a, _ in a })))
        }
        if let pages = document.pages { members["pages"] = .bool(pages.value) }
        if let position = document.pagePosition {
            members["page_position"] = .object([
                "current": .number(Double(position.current.value)), "total": .number(Double(position.total.value)),
            ])
        }
        if !document.maskClasses.isEmpty {
            members["mask_classes"] = .object(
                JSONObject(
                    Dictionary(
                        document.maskClasses.map { named in
                            let characters = JSONValue.string(named.characters.text)
                            return (
                                named.name.value,
                                named.letterCase.map { .object(["chars": characters, "case": .string($0.value)]) } ?? characters
                            )
                        }, uniquingKeysWith: { a, _ in a })))
        }
        return .object(members)
    }

    /// A value rule's value (a check's, or a field's own key's): `3`, `"^[0-9]+$"`, `["…", "…"]`.
    static func value(of rule: CheckSpec) -> JSONValue {
        switch rule.rule {
        case .pattern(let text), .expr(let text): .string(text.text)
        case .mask(let text): masks(text, rule.maskAlternatives)
        case .min(let text), .max(let text): scalar(text)
        case .minLength(let count), .maxLength(let count): .number(Double(count.value))
        }
    }

    /// A mask, or its alternatives as an array.
    static func masks(_ first: ScalarText, _ alternatives: [ScalarText]) -> JSONValue {
        alternatives.isEmpty ? .string(first.text) : .array(([first] + alternatives).map { .string($0.text) })
    }

    /// A plain scalar as the JSON value YAML would read it as; quoted ones as strings.
    static func scalar(_ text: ScalarText) -> JSONValue {
        if text.isQuoted { return .string(text.text) }
        switch text.text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: return NumberText.parse(text.text)?.json ?? .string(text.text)
        }
    }

    static func ui(_ field: FieldSpec) -> JSONValue {
        .object(JSONObject(Dictionary(field.ui.map { ($0.name.value, $0.value) }, uniquingKeysWith: { first, _ in first })))
    }

    static func message(_ message: LocalizedText) -> JSONValue {
        if let text = message.text { return .string(text) }
        return .object(JSONObject(message.locales.mapValues { .string($0) }))
    }

    static func field(_ field: FieldSpec) -> JSONValue {
        var m: JSONObject = ["id": .string(field.id.value)]
        if let type = field.type { m["type"] = .string(type.value) }
        if let title = field.title { m["title"] = .string(title) }
        if let initial = field.initial { m["initial"] = scalar(initial) }
        if let list = field.initialList { m["initial"] = .array(list.map(scalar)) }
        for (key, value) in [
            ("required", field.required), ("visible_if", field.visibleIf), ("enabled_if", field.enabledIf),
            ("value", field.value), ("format", field.format), ("options_filter", field.optionsFilter),
            ("display", field.display),
        ] {
            if let value { m[key] = scalar(value) }
        }
        // The field's own value keys build as checks' rules do.
        for rule in field.keyRules { m[rule.rule.key] = value(of: rule) }
        // An own pattern is the scalar as YAML reads it (a plain `123`: a number), a check's a string.
        if let pattern = field.pattern { m["pattern"] = scalar(pattern) }
        if let value = field.maskValue { m["mask_value"] = .string(value.value) }
        if let value = field.digits { m["digits"] = .string(value.value) }
        if let value = field.calendar { m["calendar"] = .string(value.value) }
        if let value = field.letters { m["letters"] = .string(value.value) }
        if let value = field.maxSize { m["max_size"] = .number(Double(value.value)) }
        if let types = field.mediaTypes { m["media_types"] = .array(types.map { .string($0.value) }) }
        if let types = field.jsonTypes { m["json_types"] = .array(types.map { .string($0.value) }) }
        if !field.dependsOn.isEmpty { m["depends_on"] = .array(field.dependsOn.map { .string($0.value) }) }
        for (key, value) in [
            ("min_items", field.minItems), ("max_items", field.maxItems),
        ] {
            if let value { m[key] = .number(Double(value.value)) }
        }
        if let options = field.options {
            m["options"] = .array(
                options.map { option in
                    var object: JSONObject = ["value": scalar(option.value)]
                    if let title = option.title { object["title"] = .string(title) }
                    for attribute in option.attributes { object[attribute.name.value] = scalar(attribute.value) }
                    return .object(object)
                })
        }
        if !field.checks.isEmpty {
            m["checks"] = .array(
                field.checks.map { check in
                    var object: JSONObject = [:]
                    if let when = check.when { object["when"] = scalar(when) }
                    object[check.rule.key] = value(of: check)
                    if let text = check.message { object["message"] = message(text) }
                    return .object(object)
                })
        }
        if let text = field.message { m["message"] = message(text) }
        if !field.messages.isEmpty {
            m["messages"] = .object(
                JSONObject(Dictionary(field.messages.map { ($0.key.value, message($0.value)) }, uniquingKeysWith: { a, _ in a })))
        }
        if let itemType = field.itemType { m["item_type"] = .string(itemType.value) }
        if let unique = field.uniqueItems { m["unique_items"] = .bool(unique.value) }
        if !field.uniqueBy.isEmpty { m["unique_by"] = .array(field.uniqueBy.map { .string($0.value) }) }
        if !field.ui.isEmpty { m["ui"] = ui(field) }
        if let members = field.fields { m["fields"] = .array(members.map(Self.field)) }
        if let item = field.item { m["item"] = .array(item.map(Self.field)) }
        return .object(m)
    }
}
