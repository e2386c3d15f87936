import RuleCheck

/// A JSON object from a request, read strictly: a key the endpoint does not know, or a value of
/// the wrong type (`null` included: leave a key out to leave it unset), is a 400 that names the
/// key — never silently ignored.
///
/// ```swift
/// let body = try StrictObject(json, in: "the body", keys: ["rules", "today"])
/// let today = try body.string("today")      // nil when absent; a 400 when not a string
/// ```
struct StrictObject: Sendable {
    let members: JSONObject
    /// What the object is, for messages: `the body`, `edit 2`.
    let place: String

    init(_ value: JSONValue, in place: String, keys: Set<String>) throws(APIError) {
        guard case .object(let members) = value else {
            throw .badRequest("\(place) must be a JSON object, not \(value.kindDescription)")
        }
        if let unknown = members.keys.filter({ !keys.contains($0) }).sorted().first {
            throw .badRequest("\(place) has an unknown key '\(unknown)'; known keys: \(keys.sorted().joined(separator: ", "))")
        }
        self.members = members
        self.place = place
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    func string(_ key: String) throws(APIError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, "a string", value) }
        return text
    }

    func requiredString(_ key: String) throws(APIError) -> String {
        guard let text = try string(key) else { throw .badRequest("\(place) needs '\(key)' (a string)") }
        return text
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, "true or false", value) }
        return flag
    }

    /// A whole number in 0…1,000,000,000.
    func index(_ key: String) throws(APIError) -> Int? {
        guard let value = members[key] else { return nil }
        guard case .number(let number) = value, number == number.rounded(), number >= 0, number <= 1e9 else {
            throw wrongType(key, "a whole number from 0", value)
        }
        return Int(number)
    }

    func object(_ key: String) throws(APIError) -> JSONObject? {
        guard let value = members[key] else { return nil }
        guard case .object(let object) = value else { throw wrongType(key, "an object", value) }
        return object
    }

    func array(_ key: String) throws(APIError) -> [JSONValue]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else { throw wrongType(key, "an array", value) }
        return items
    }

    func strings(_ key: String) throws(APIError) -> [String]? {
        guard let items = try array(key) else { return nil }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw wrongType(key, "an array of strings", .array(items)) }
            texts.append(text)
        }
        return texts
    }

    private func wrongType(_ key: String, _ expected: String, _ value: JSONValue) -> APIError {
        .badRequest("'\(key)' in \(place) must be \(expected), not \(value.kindDescription)")
    }
}
