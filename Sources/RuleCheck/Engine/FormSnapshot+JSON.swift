import Foundation

extension FormSnapshot {
    /// Reads a snapshot from JSON, as `JSONEncoder` writes one (a saved draft, an edit line's
    /// `restore`, a server's body), naming what does not decode in words.
    ///
    /// ```swift
    /// try FormSnapshot(json: JSONParser().parse(#"{"form": "f", "fields": {"name": {"value": "Ann"}}, "items": {}}"#))
    /// // throws: fields.name: missing 'source'
    /// ```
    ///
    /// - Throws: ``FormError`` with ``FormError/Code/typeMismatch`` whose message names the entry
    ///   (`fields.name.source: must be text`, `items.drivers: must be a whole number`).
    public init(json: JSONValue) throws(FormError) {
        // Counts first: Foundation's decoder reports a count such as 1.5 as JSON that is not valid.
        if case .object(let items)? = json["items"] {
            for (list, count) in items.sorted(by: { $0.key < $1.key }) {
                guard case .number(let number) = count, number == number.rounded(), abs(number) < 1e15 else {
                    throw FormError(.typeMismatch, "items.\(list): must be a whole number")
                }
            }
        }
        do {
            self = try JSONDecoder().decode(FormSnapshot.self, from: Data(JSONWriter.string(json).utf8))
        } catch let error as DecodingError {
            throw FormError(.typeMismatch, Self.message(error))
        } catch {
            throw FormError(.typeMismatch, "not a snapshot: \(error.localizedDescription)")
        }
    }

    /// What a `DecodingError` means for a snapshot, at the entry's path (`fields.name`).
    private static func message(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return place(context.codingPath) + "missing '\(key.stringValue)'"
        case .valueNotFound(let type, let context):
            return place(context.codingPath) + "must be \(expected(type, at: context.codingPath)), not null"
        case .typeMismatch(let type, let context):
            return place(context.codingPath) + "must be \(expected(type, at: context.codingPath))"
        case .dataCorrupted(let context):
            return place(context.codingPath) + "is not valid: \(context.debugDescription)"
        @unknown default:
            return "not a snapshot: \(error.localizedDescription)"
        }
    }

    /// `fields.name.value[1]: `, or nothing for the snapshot itself.
    private static func place(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "" : text + ": "
    }

    /// What belongs where a value of `type` was expected.
    private static func expected(_ type: Any.Type, at path: [any CodingKey]) -> String {
        // fields.<path>.value, and what is inside it
        if path.count >= 3, path[0].stringValue == "fields", path[2].stringValue == "value" {
            return "a value (text, a number, true or false, a list, or an object)"
        }
        let name = String(describing: type)
        if type == String.self { return "text" }
        if type == Int.self { return "a whole number" }
        if name.hasPrefix("Dictionary<") || type == FormSnapshot.Entry.self || type == FormSnapshot.self { return "an object" }
        if name.hasPrefix("Array<") { return "a list" }
        return name
    }
}
