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

    /// A field: each key as its declaration (``FieldKey``) builds it.
    static func field(_ field: FieldSpec) -> JSONValue {
        var members: JSONObject = ["id": .string(field.id.value)]
        for key in FieldKey.all {
            if let value = key.json(field) { members[key.name] = value }
        }
        return .object(members)
    }
}
