import Foundation

/// One edit as `rulecheck replay` reads it, one JSON object per line:
///
/// ```json
/// {"set": "doc_type", "value": "passport"}
/// {"clear": "doc_number"}
/// {"suggest": "engine_power", "value": 150}
/// {"append": "drivers"}
/// {"insert": "drivers", "index": 0}
/// {"remove": "drivers", "index": 0}
/// {"move": "drivers", "from": 1, "to": 0}
/// {"set": "drivers[0].full_name", "value": "Ivanov Ivan"}
/// {"reset": true}
/// {"focus": "phone"}
/// {"blur": "phone"}
/// {"touch_all": true}
/// {"type": "phone", "text": "+7 (916", "caret": 7}
/// {"page": "next"}
/// {"options": "model", "values": ["vesta", {"value": "granta", "title": "Granta"}]}
/// {"external_issues": "email", "messages": ["this address is already registered"]}
/// {"restore": {"form": "osago_policy", "fields": {…}, "items": {…}}}
/// ```
///
/// Dates are ISO text (`"1990-05-01"`); other values are JSON of the field's type.
public enum FormEdit: Hashable, Sendable {
    case set(String, JSONValue)
    case clear(String)
    case suggest(String, JSONValue)
    case append(String)
    case insert(String, at: Int)
    case remove(String, at: Int)
    case move(String, from: Int, to: Int)
    case reset
    /// ``Form/focus(_:)``.
    case focus(String)
    /// ``Form/blur(_:)``.
    case blur(String)
    /// ``Form/touchAll()``, as on submit.
    case touchAll
    /// ``Form/type(_:text:caret:)``: the text box's text, and the caret (UTF-16 code units).
    case type(String, text: String, caret: Int?)
    /// `next`, `previous`, or a page's id: ``Form/nextPage()``, ``Form/previousPage()``,
    /// ``Form/goToPage(_:)``.
    case page(String)
    /// ``Form/setOptions(_:_:)``.
    case options(String, [ChoiceOption])
    /// ``Form/setExternalIssues(_:_:)``.
    case externalIssues(String, [String])
    /// A draft to restore (a ``FormSnapshot`` as JSON): the form becomes what it holds, as
    /// ``Form/restoring(_:snapshot:today:locale:)`` restores it — a draft of older rules keeps
    /// what still fits, and the ChangeSet's ``ChangeSet/dropped`` lists the rest. Only a snapshot
    /// of another form is refused.
    case restore(FormSnapshot)

    /// Reads an edit from its JSON object, strictly: exactly one kind of edit, only the keys that
    /// kind takes, every one it needs (`value` too: to empty a field, `clear` it), and
    /// `"reset": true`, `"touch_all": true`.
    ///
    /// ```swift
    /// try FormEdit(json: JSONParser().parse(#"{"set": "name", "value": "Ann"}"#))   // .set("name", "Ann")
    /// try FormEdit(json: JSONParser().parse(#"{"set": "name"}"#))   // throws: a set edit needs a 'value' …
    /// ```
    public init(json: JSONValue) throws(FormError) {
        guard case .object(let object) = json else {
            throw FormError(.typeMismatch, "an edit must be a JSON object such as {\"set\": \"field\", \"value\": …}")
        }
        let kinds = Self.verbs.filter { object[$0.name] != nil }
        guard kinds.count == 1, let verb = kinds.first else {
            throw FormError(.typeMismatch, "an edit needs exactly one of \(Self.verbs.map(\.name).joined(separator: ", "))")
        }
        let allowed = [verb.name] + verb.keys
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw FormError(.typeMismatch, "unknown key '\(unknown)' in a \(verb.name) edit" + NearMiss.didYouMean(unknown, among: allowed))
        }
        self = try verb.read(EditLine(object: object, verb: verb.name))
    }

    /// The kinds of edit, as their lines name them (`set`, `clear`, …, `restore`): what
    /// `rulecheck replay --help` and Docs/cli.md list.
    package static var kinds: [String] { verbs.map(\.name) }

    /// Each verb, the other keys it takes, and how its line is read — in the order messages list
    /// them. A new edit is a new row.
    private static let verbs: [(name: String, keys: [String], read: @Sendable (EditLine) throws(FormError) -> FormEdit)] = [
        ("set", ["value"], { line throws(FormError) in .set(try line.path(), try line.value()) }),
        ("clear", [], { line throws(FormError) in .clear(try line.path()) }),
        ("suggest", ["value"], { line throws(FormError) in .suggest(try line.path(), try line.value()) }),
        ("append", [], { line throws(FormError) in .append(try line.path()) }),
        ("insert", ["index"], { line throws(FormError) in .insert(try line.path(), at: try line.index("index")) }),
        ("remove", ["index"], { line throws(FormError) in .remove(try line.path(), at: try line.index("index")) }),
        (
            "move", ["from", "to"],
            { line throws(FormError) in
                .move(try line.path(), from: try line.index("from"), to: try line.index("to"))
            }
        ),
        (
            "reset", [],
            { line throws(FormError) in
                try line.requireTrue()
                return .reset
            }
        ),
        ("focus", [], { line throws(FormError) in .focus(try line.path()) }),
        ("blur", [], { line throws(FormError) in .blur(try line.path()) }),
        (
            "touch_all", [],
            { line throws(FormError) in
                try line.requireTrue()
                return .touchAll
            }
        ),
        (
            "type", ["text", "caret"],
            { line throws(FormError) in
                .type(try line.path(), text: try line.text("text"), caret: line.object["caret"] == nil ? nil : try line.index("caret"))
            }
        ),
        ("page", [], { line throws(FormError) in .page(try line.text("page")) }),
        ("options", ["values"], { line throws(FormError) in .options(try line.path(), try line.options("values")) }),
        (
            "external_issues", ["messages"],
            { line throws(FormError) in
                .externalIssues(try line.path(), try line.texts("messages"))
            }
        ),
        ("restore", [], { line throws(FormError) in .restore(try line.snapshot("restore")) }),
    ]
}

/// The members of one edit line, read with messages that name the key.
private struct EditLine {
    let object: JSONObject
    let verb: String

    /// The field or list the verb names.
    func path() throws(FormError) -> String {
        guard case .string(let value)? = object[verb] else { throw FormError(.typeMismatch, "'\(verb)' must name a field") }
        return value
    }

    /// `value`, which `set` and `suggest` need (`null` empties the field).
    func value() throws(FormError) -> JSONValue {
        guard let value = object["value"] else {
            let hint = verb == "set" ? " (to empty a field: {\"clear\": \(JSONWriter.quoted((try? path()) ?? "…"))})" : ""
            throw FormError(.typeMismatch, "a \(verb) edit needs a 'value'" + hint)
        }
        return value
    }

    /// `"reset": true`, `"touch_all": true`: nothing else reads as the edit.
    func requireTrue() throws(FormError) {
        guard object[verb] == .bool(true) else { throw FormError(.typeMismatch, "'\(verb)' must be true") }
    }

    func text(_ key: String) throws(FormError) -> String {
        guard case .string(let value)? = object[key] else { throw FormError(.typeMismatch, "'\(key)' must be text") }
        return value
    }

    func index(_ key: String) throws(FormError) -> Int {
        guard case .number(let value)? = object[key], value == value.rounded(), value >= 0, value < 1e9 else {
            let what = key == "caret" ? "a whole number (0, 1, …)" : "an item index (0, 1, …)"
            throw FormError(.typeMismatch, "'\(key)' must be \(what)")
        }
        return Int(value)
    }

    func texts(_ key: String) throws(FormError) -> [String] {
        guard case .array(let items)? = object[key] else { throw FormError(.typeMismatch, "'\(key)' must be a list of texts") }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw FormError(.typeMismatch, "'\(key)' must be a list of texts") }
            texts.append(text)
        }
        return texts
    }

    /// Options as a server sends them: a bare value, or `{"value": v, "title": t, "attributes": {…}}`.
    func options(_ key: String) throws(FormError) -> [ChoiceOption] {
        let message = "'\(key)' must be a list of options: values, or {\"value\": …, \"title\": …, \"attributes\": {…}}"
        guard case .array(let items)? = object[key] else { throw FormError(.typeMismatch, message) }
        var options: [ChoiceOption] = []
        for item in items {
            if let value = Self.scalar(item) {
                options.append(ChoiceOption(value: value))
                continue
            }
            guard case .object(let members) = item, let value = members["value"].flatMap(Self.scalar),
                Set(members.keys).isSubset(of: ["value", "title", "attributes"])
            else {
                throw FormError(.typeMismatch, message)
            }
            var title: String?
            if let written = members["title"] {
                guard case .string(let text) = written else { throw FormError(.typeMismatch, message) }
                title = text
            }
            var attributes: [String: Value] = [:]
            if let written = members["attributes"] {
                guard case .object(let pairs) = written else { throw FormError(.typeMismatch, message) }
                for (name, json) in pairs {
                    guard let attribute = Self.scalar(json) else { throw FormError(.typeMismatch, message) }
                    attributes[name] = attribute
                }
            }
            options.append(ChoiceOption(value: value, title: title, attributes: attributes))
        }
        return options
    }

    /// A snapshot written as JSON, as `JSONEncoder` writes a ``FormSnapshot``; what does not
    /// decode is named (`'restore' is not a snapshot: fields.name: missing 'source'`).
    func snapshot(_ key: String) throws(FormError) -> FormSnapshot {
        guard case .object? = object[key], let json = object[key] else {
            throw FormError(.typeMismatch, "'\(key)' must be a snapshot: {\"form\": …, \"fields\": {…}, \"items\": {…}}")
        }
        do {
            return try FormSnapshot(json: json)
        } catch {
            throw FormError(.typeMismatch, "'\(key)' is not a snapshot: \(error.message)")
        }
    }

    private static func scalar(_ json: JSONValue) -> Value? {
        switch json {
        case .string(let text): .text(text)
        case .number(let number): .number(number)
        case .decimal(let decimal): Value(exactly: decimal)
        case .bool(let flag): .bool(flag)
        case .null, .array, .object: nil
        }
    }
}

extension Form {
    /// Applies an edit read from JSON (see ``FormEdit``).
    @discardableResult
    public mutating func apply(_ edit: FormEdit) throws(FormError) -> ChangeSet {
        switch edit {
        case .set(let path, let json): return try set(path, to: try value(json, for: path))
        case .clear(let path): return try clear(path)
        case .suggest(let path, let json): return try suggest(path, try value(json, for: path))
        case .append(let list): return try append(list)
        case .insert(let list, let index): return try insert(list, at: index)
        case .remove(let list, let index): return try remove(list, at: index)
        case .move(let list, let source, let destination): return try move(list, from: source, to: destination)
        case .reset: return reset()
        case .focus(let path): return try focus(path)
        case .blur(let path): return try blur(path)
        case .touchAll: return touchAll()
        case .type(let path, let text, let caret): return try type(path, text: text, caret: caret)
        case .page("next"): return try nextPage()
        case .page("previous"): return try previousPage()
        case .page(let id): return try goToPage(id)
        case .options(let path, let options): return try setOptions(path, options)
        case .externalIssues(let path, let messages): return try setExternalIssues(path, messages)
        case .restore(let snapshot):
            // A draft of older rules keeps what fits; the rest is reported, not refused.
            var (restored, dropped) = try Form.restoring(rules, snapshot: snapshot, today: today, locale: locale)
            restored.evaluationMode = evaluationMode
            let previous = self
            self = restored
            var changes = difference(from: previous)
            changes.dropped = dropped
            return changes
        }
    }

    /// A JSON value as the value of the field at `path` (dates as ISO text).
    public func value(_ json: JSONValue, for path: String) throws(FormError) -> Value? {
        let field = rules.fields[try slot(path).field.index]
        switch ValueReader.read(json: json, for: field, dates: .iso, options: evaluator.options(of: field)) {
        case .success(let value): return value
        case .failure(let failure):
            throw typeRefusal(failure.failure, field, value: JSONWriter.string(json), json: true, path: path)
        }
    }
}
