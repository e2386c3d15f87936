import RuleCheck

/// One edit a client sends to a server-side form: an edit line of `rulecheck replay`
/// (``FormEdit``: set, clear, suggest, append, insert, remove, move, reset), or what the user does
/// besides editing values:
///
/// ```json
/// {"focus": "vin"}
/// {"blur": "vin"}
/// {"touch_all": true}
/// {"type": "plate", "text": "а123", "caret": 4}
/// {"options": "model", "values": [{"value": "vesta", "title": "Vesta"}]}
/// {"external_issues": "vin", "messages": ["this VIN is already insured"]}
/// ```
///
/// Read strictly: each verb takes exactly its keys (`value` is required by `set` and `suggest`,
/// `reset` and `touch_all` must be `true`), so a misspelt key is an error, not a silent change.
enum SessionEdit: Hashable, Sendable {
    case edit(FormEdit)
    case focus(String)
    case blur(String)
    case touchAll
    /// Text typed into a field, with the caret (in UTF-16 code units, as browsers count).
    case type(String, text: String, caret: Int?)
    case options(String, [ChoiceOption])
    case externalIssues(String, [String])

    /// Each verb's keys: required, then optional.
    private static let verbs: [String: (required: Set<String>, optional: Set<String>)] = [
        "set": (["value"], []), "clear": ([], []), "suggest": (["value"], []), "append": ([], []),
        "insert": (["index"], []), "remove": (["index"], []), "move": (["from", "to"], []), "reset": ([], []),
        "focus": ([], []), "blur": ([], []), "touch_all": ([], []), "type": (["text"], ["caret"]),
        "options": (["values"], []), "external_issues": (["messages"], []),
    ]

    /// Reads an edit; `place` names it in messages (`the body`, `edit 3`).
    init(json: JSONValue, place: String) throws(APIError) {
        guard case .object(let members) = json else {
            throw .badRequest("\(place) must be a JSON object such as {\"set\": \"field\", \"value\": …}, not \(json.kindDescription)")
        }
        let named = Self.verbs.keys.filter { members[$0] != nil }.sorted()
        guard named.count == 1, let verb = named.first, let keys = Self.verbs[verb] else {
            throw .badRequest("\(place) needs exactly one of \(Self.verbs.keys.sorted().joined(separator: ", "))"
                + (named.count > 1 ? "; it has \(named.joined(separator: ", "))" : ""))
        }
        let object = try StrictObject(json, in: place, keys: keys.required.union(keys.optional).union([verb]))
        if let missing = keys.required.sorted().first(where: { members[$0] == nil }) {
            throw .badRequest("'\(verb)' in \(place) needs '\(missing)'")
        }
        switch verb {
        case "reset", "touch_all":
            guard try object.bool(verb) == true else { throw .badRequest("'\(verb)' in \(place) must be true") }
            self = verb == "reset" ? .edit(.reset) : .touchAll
        case "focus": self = .focus(try object.requiredString(verb))
        case "blur": self = .blur(try object.requiredString(verb))
        case "type":
            self = .type(try object.requiredString(verb), text: try object.requiredString("text"), caret: try object.index("caret"))
        case "options":
            self = .options(try object.requiredString(verb), try Self.options(try object.array("values") ?? [], place: place))
        case "external_issues":
            self = .externalIssues(try object.requiredString(verb), try object.strings("messages") ?? [])
        default:
            // The verbs of replay's edit lines: their keys and types are checked above (an index
            // is a whole number); FormEdit reads them as replay does.
            _ = try object.requiredString(verb)
            for key in ["index", "from", "to"] { _ = try object.index(key) }
            do {
                self = .edit(try FormEdit(json: json))
            } catch {
                throw .badRequest("\(place): \(error.message)")
            }
        }
    }

    /// Options as a server sends them: `{"value": v, "title": t, "attributes": {…}}` or a bare value.
    private static func options(_ items: [JSONValue], place: String) throws(APIError) -> [ChoiceOption] {
        var options: [ChoiceOption] = []
        for item in items {
            if case .object = item {
                let object = try StrictObject(item, in: "an option in \(place)", keys: ["value", "title", "attributes"])
                guard let value = object.members["value"].flatMap(scalar) else {
                    throw .badRequest("an option in \(place) needs a 'value' (a string, number or boolean)")
                }
                var attributes: [String: Value] = [:]
                for (key, json) in try object.object("attributes") ?? [:] {
                    guard let attribute = scalar(json) else {
                        throw .badRequest("attribute '\(key)' of an option in \(place) must be a string, number or boolean")
                    }
                    attributes[key] = attribute
                }
                options.append(ChoiceOption(value: value, title: try object.string("title"), attributes: attributes))
            } else if let value = scalar(item) {
                options.append(ChoiceOption(value: value))
            } else {
                throw .badRequest("an option in \(place) must be a string, number, boolean or {\"value\": …, \"title\": …}")
            }
        }
        return options
    }

    private static func scalar(_ json: JSONValue) -> Value? {
        switch json {
        case .string(let text): .text(text)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .null, .array, .object: nil
        }
    }
}

extension Form {
    /// Applies an edit a client sent.
    ///
    /// - Returns: what changed, and for `type`, what the input should show now.
    mutating func apply(_ edit: SessionEdit) throws(FormError) -> (changes: ChangeSet, typed: TypedText?) {
        switch edit {
        case .edit(let edit): return (try apply(edit), nil)
        case .focus(let path): return (try focus(path), nil)
        case .blur(let path): return (try blur(path), nil)
        case .touchAll: return (touchAll(), nil)
        case .type(let path, let text, let caret):
            let (changes, typed) = try type(path, text: text, caret: caret)
            return (changes, typed)
        case .options(let path, let options): return (try setOptions(path, options), nil)
        case .externalIssues(let path, let messages): return (try setExternalIssues(path, messages), nil)
        }
    }
}
