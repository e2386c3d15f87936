import Yams

/// A field's `ui:` mapping: free-form presentation hints (widget, placeholder, help, …) that the
/// rules do not read but an app (and a UI schema export) does. Values are kept as JSON: plain
/// `true`/`false`, `null` and decimal numbers as such, other scalars as text, lists and mappings
/// as arrays and objects.
extension RulesFileParser {
    /// Hints nest at most this deep (a hint is presentation, not a document).
    static let maxHintDepth = 16

    mutating func uiHints(_ node: Node) -> [(name: Located<String>, value: JSONValue)] {
        guard case .mapping(let mapping) = node else {
            error("'ui' must be a mapping of hint names to values, such as {widget: textarea}", at: location(of: node))
            return []
        }
        var result: [(name: Located<String>, value: JSONValue)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                error("'ui' hint names must be plain names", at: location(of: key))
                continue
            }
            let name = Located(value: scalar.string, location: location(of: key))
            if result.contains(where: { $0.name.value == name.value }) {
                error("ui hint '\(name.value)' is written twice", at: name.location)
                continue
            }
            if let json = hintValue(value, depth: 0) { result.append((name, json)) }
        }
        return result
    }

    private mutating func hintValue(_ node: Node, depth: Int) -> JSONValue? {
        guard depth < Self.maxHintDepth else {
            error("a 'ui' hint nests more than \(Self.maxHintDepth) levels deep", at: location(of: node))
            return nil
        }
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
            switch scalar.string {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null", "~", "": return .null
            default: return NumberText.parse(scalar.string).map(JSONValue.number) ?? .string(scalar.string)
            }
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for item in sequence {
                guard let value = hintValue(item, depth: depth + 1) else { return nil }
                items.append(value)
            }
            return .array(items)
        case .mapping(let mapping):
            var members: [String: JSONValue] = [:]
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key, let member = hintValue(value, depth: depth + 1) else { return nil }
                members[scalar.string] = member
            }
            return .object(members)
        case .alias:
            error("a 'ui' hint cannot be an alias", at: location(of: node))
            return nil
        }
    }
}
