extension FormSnapshot {
    /// Reads a snapshot from JSON, as `JSONEncoder` writes one (a saved draft, an edit line's
    /// `restore`, a server's body), naming what does not decode in words. Keys it does not know
    /// are ignored, as `JSONDecoder` ignores them.
    ///
    /// ```swift
    /// try FormSnapshot(json: JSONParser().parse(#"{"form": "f", "fields": {"name": {"value": "Ann"}}, "items": {}}"#))
    /// // throws: fields.name: missing 'source'
    /// ```
    ///
    /// - Throws: ``FormError`` with ``FormError/Code/typeMismatch`` whose message names the entry
    ///   (`fields.name.source: must be text`, `items.drivers: must be a whole number`).
    public init(json: JSONValue) throws(FormError) {
        guard case .object(let root) = json else { throw Self.mismatch("", "an object", json) }
        // The counts first, then the keys in the order of the type's declaration.
        var items: [String: Int] = [:]
        if case .object(let counts)? = root["items"] {
            for (list, count) in counts.sorted(by: { $0.key < $1.key }) {
                guard case .number(let number) = count, number == number.rounded(), abs(number) < 1e15 else {
                    throw FormError(.typeMismatch, "items.\(list): must be a whole number")
                }
                items[list] = Int(number)
            }
        }
        let form = try Self.text(root, "form", in: "")
        guard let fieldsJSON = root["fields"] else { throw FormError(.typeMismatch, "missing 'fields'") }
        guard case .object(let members) = fieldsJSON else { throw Self.mismatch("fields", "an object", fieldsJSON) }
        var fields: [String: Entry] = [:]
        for (path, entry) in members.sorted(by: { $0.key < $1.key }) {
            fields[path] = try Entry(json: entry, at: "fields." + path)
        }
        guard let itemsJSON = root["items"] else { throw FormError(.typeMismatch, "missing 'items'") }
        guard case .object = itemsJSON else { throw Self.mismatch("items", "an object", itemsJSON) }
        self.init(form: form, fields: fields, items: items)
    }

    /// The snapshot as JSON, as `JSONEncoder` writes it (absent optionals left out): what
    /// ``init(json:)`` reads back.
    public var json: JSONValue {
        .object([
            "form": .string(form),
            "fields": .object(JSONObject(fields.mapValues(\.json))),
            "items": .object(JSONObject(items.mapValues { .number(Double($0)) })),
        ])
    }

    /// `key` of `object`, which must be text; `place` is where `object` is (`fields.name`).
    fileprivate static func text(_ object: JSONObject, _ key: String, in place: String) throws(FormError) -> String {
        let at = place.isEmpty ? key : place + "." + key
        guard let value = object[key] else { throw FormError(.typeMismatch, (place.isEmpty ? "" : place + ": ") + "missing '\(key)'") }
        guard case .string(let text) = value else { throw mismatch(at, "text", value) }
        return text
    }

    /// `key` of `object`: nil when absent or null, else text.
    fileprivate static func optionalText(_ object: JSONObject, _ key: String, in place: String) throws(FormError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw mismatch(place + "." + key, "text", value) }
        return text
    }

    /// `place: must be <expected>`, and `, not null` when the JSON there is null.
    fileprivate static func mismatch(_ place: String, _ expected: String, _ found: JSONValue) -> FormError {
        FormError(.typeMismatch, (place.isEmpty ? "" : place + ": ") + "must be \(expected)" + (found == .null ? ", not null" : ""))
    }
}

extension FormSnapshot.Entry {
    fileprivate init(json: JSONValue, at place: String) throws(FormError) {
        guard case .object(let entry) = json else { throw FormSnapshot.mismatch(place, "an object", json) }
        var value: SnapshotValue?
        if let written = entry["value"], written != .null { value = try SnapshotValue(json: written, at: place + ".value") }
        self.init(
            value: value, source: try FormSnapshot.text(entry, "source", in: place),
            cause: try FormSnapshot.optionalText(entry, "cause", in: place),
            parent: try FormSnapshot.optionalText(entry, "parent", in: place),
            edit: try FormSnapshot.optionalText(entry, "edit", in: place))
    }

    fileprivate var json: JSONValue {
        var object: JSONObject = ["source": .string(source)]
        if let value { object["value"] = value.json }
        if let cause { object["cause"] = .string(cause) }
        if let parent { object["parent"] = .string(parent) }
        if let edit { object["edit"] = .string(edit) }
        return .object(object)
    }
}

extension SnapshotValue {
    /// A value read from JSON, where null is not one (an entry's `value: null` is no value, read
    /// before this). A number with more digits than a `Double` holds keeps them, as text.
    fileprivate init(json: JSONValue, at place: String) throws(FormError) {
        switch json {
        case .null:
            throw FormSnapshot.mismatch(place, "a value (text, a number, true or false, a list, or an object)", json)
        case .array(let elements):
            var values: [SnapshotValue] = []
            values.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                values.append(try SnapshotValue(json: element, at: place + "[\(index)]"))
            }
            self = .array(values)
        case .object(let members):
            var values: [String: SnapshotValue] = [:]
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                values[key] = try SnapshotValue(json: member, at: place + "." + key)
            }
            self = .object(values)
        case .string, .number, .decimal, .bool:
            self.init(json)
        }
    }
}
