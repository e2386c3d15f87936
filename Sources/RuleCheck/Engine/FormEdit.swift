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

    /// The keys each kind of edit takes; the first is its name.
    private static let keys: KeyValuePairs<String, [String]> = [
        "set": ["set", "value"], "clear": ["clear"], "suggest": ["suggest", "value"], "append": ["append"],
        "insert": ["insert", "index"], "remove": ["remove", "index"], "move": ["move", "from", "to"], "reset": ["reset"],
    ]

    /// Reads an edit from its JSON object, strictly: exactly one kind of edit, only the keys that
    /// kind takes, every one it needs (`value` too: to empty a field, `clear` it), and
    /// `"reset": true`.
    ///
    /// ```swift
    /// try FormEdit(json: JSONParser().parse(#"{"set": "name", "value": "Ann"}"#))   // .set("name", "Ann")
    /// try FormEdit(json: JSONParser().parse(#"{"set": "name"}"#))   // throws: a set edit needs a 'value' …
    /// ```
    public init(json: JSONValue) throws(FormError) {
        guard case .object(let object) = json else {
            throw FormError(.typeMismatch, "an edit must be a JSON object such as {\"set\": \"field\", \"value\": …}")
        }
        let kinds = Self.keys.filter { object[$0.key] != nil }
        guard kinds.count == 1, let (verb, allowed) = kinds.first else {
            throw FormError(.typeMismatch, "an edit needs exactly one of set, clear, suggest, append, insert, remove, move, reset")
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw FormError(.typeMismatch, "unknown key '\(unknown)' in a \(verb) edit" + NearMiss.didYouMean(unknown, among: allowed))
        }
        func text(_ key: String) throws(FormError) -> String {
            guard case .string(let value)? = object[key] else {
                throw FormError(.typeMismatch, "'\(key)' must name a field")
            }
            return value
        }
        func index(_ key: String) throws(FormError) -> Int {
            guard case .number(let value)? = object[key], value == value.rounded(), value >= 0, value < 1e9 else {
                throw FormError(.typeMismatch, "'\(key)' must be an item index (0, 1, …)")
            }
            return Int(value)
        }
        func value() throws(FormError) -> JSONValue {
            guard let value = object["value"] else {
                let hint = verb == "set" ? " (to empty a field: {\"clear\": \(JSONWriter.quoted((try? text(verb)) ?? "…"))})" : ""
                throw FormError(.typeMismatch, "a \(verb) edit needs a 'value'" + hint)
            }
            return value
        }
        switch verb {
        case "set": self = .set(try text("set"), try value())
        case "clear": self = .clear(try text("clear"))
        case "suggest": self = .suggest(try text("suggest"), try value())
        case "append": self = .append(try text("append"))
        case "insert": self = .insert(try text("insert"), at: try index("index"))
        case "remove": self = .remove(try text("remove"), at: try index("index"))
        case "move": self = .move(try text("move"), from: try index("from"), to: try index("to"))
        default:
            guard object["reset"] == .bool(true) else { throw FormError(.typeMismatch, "'reset' must be true") }
            self = .reset
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
        }
    }

    /// A JSON value as the value of the field at `path` (dates as ISO text).
    public func value(_ json: JSONValue, for path: String) throws(FormError) -> Value? {
        let field = rules.fields[try slot(path).field.index]
        switch ValueReader.read(json: json, for: field, dates: .iso) {
        case .success(let value): return value
        case .failure(let failure):
            throw failure.formError(written: JSONWriter.string(json), path: path)
        }
    }
}
