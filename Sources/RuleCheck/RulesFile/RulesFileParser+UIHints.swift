/// A field's `ui:` mapping: free-form presentation hints (widget, placeholder, help, …) that the
/// rules do not read but an app (and a UI schema export) does. Values are kept as JSON: plain
/// `true`/`false`, `null` and decimal numbers as such, other scalars as text, lists and mappings
/// as arrays and objects.
extension RulesFileParser {
    /// Hints nest at most this deep (a hint is presentation, not a document).
    static let maxHintDepth = 16

    mutating func uiHints(_ node: RulesNode) -> [(name: Located<String>, value: JSONValue)] {
        guard case .mapping(let entries) = node.kind else {
            error(.wrongShape, "'ui' must be a mapping of hint names to values, such as {widget: textarea}", at: node.location)
            return []
        }
        var result: [(name: Located<String>, value: JSONValue)] = []
        for entry in entries {
            guard case .scalar(let key, _) = entry.key.kind else {
                error(.wrongShape, "'ui' hint names must be plain names", at: entry.key.location)
                continue
            }
            let name = Located(value: key, location: entry.key.location)
            if result.contains(where: { $0.name.value == name.value }) {
                error(.duplicateName, "ui hint '\(name.value)' is written twice", at: name.location)
                continue
            }
            if let json = hintValue(entry.value, depth: 0) { result.append((name, json)) }
        }
        return result
    }

    private mutating func hintValue(_ node: RulesNode, depth: Int) -> JSONValue? {
        guard depth < Self.maxHintDepth else {
            error(.nestingTooDeep, "a 'ui' hint nests more than \(Self.maxHintDepth) levels deep", at: node.location)
            return nil
        }
        switch node.kind {
        case .scalar(let text, let style):
            guard style == .plain else { return .string(text) }
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null", "~", "": return .null
            default: return NumberText.parse(text)?.json ?? .string(text)
            }
        case .sequence(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let value = hintValue(item, depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .mapping(let entries):
            var members: JSONObject = [:]
            for entry in entries {
                guard case .scalar(let key, _) = entry.key.kind, let member = hintValue(entry.value, depth: depth + 1) else {
                    return nil
                }
                members[key] = member
            }
            return .object(members)
        }
    }
}
