/// Which field type a schema becomes.
extension SchemaImporter {
    struct Types {
        /// The non-null type names written (empty when `type` is not written).
        var names: [String] = []
        /// Whether `null` is among them.
        var nullable = false
        var pointer = ""
    }

    /// The field a schema becomes, before its keywords are read.
    enum Kind {
        case scalar(FieldType)
        case choice([OptionValue], pointer: String)
        case multiChoice(items: SchemaNode, [OptionValue], pointer: String)
        case group
        case list(items: SchemaNode)
        /// An array of plain values: `items` (one schema, or a tuple of equal ones), or none.
        case values(items: SchemaNode?, FieldType)
        /// Attached files (`x-rulecheck-type: file`): an array of `{name, size, type}` objects.
        case file(items: SchemaNode?)
        /// Any JSON value (of these types; `nil`: any): several types, no type, constants of
        /// several types or structured ones, an object without properties.
        case json(JSONTypes?)
        case unsupported(String, pointer: String)
    }

    /// An option: the value (as JSON) and its label.
    struct OptionValue {
        var value: JSONValue
        var title: String?
        var pointer: String
    }

    static let typeNames: Set<String> = ["string", "integer", "number", "boolean", "object", "array", "null"]

    mutating func declaredTypes(_ node: SchemaNode) -> Types {
        var result = Types()
        var sets: [Set<String>] = []
        for (value, pointer) in node.all("type") {
            if result.pointer.isEmpty { result.pointer = pointer }
            let names: [String]
            switch value {
            case .string(let name): names = [name]
            case .array(let items): names = items.compactMap(\.string)
            default:
                error(.invalidSchema, "type must be a type name or an array of them", at: pointer)
                continue
            }
            for name in names where !Self.typeNames.contains(name) {
                error(
                    .invalidSchema, "unknown type '\(name)' (the types are string, integer, number, boolean, object, array, null)",
                    at: pointer)
            }
            sets.append(Set(names))
        }
        guard var allowed = sets.first else { return result }
        for set in sets.dropFirst() {
            // integer ∩ number is integer.
            var next = allowed.intersection(set)
            if allowed.contains("integer") && set.contains("number") || allowed.contains("number") && set.contains("integer") {
                next.insert("integer")
            }
            allowed = next
        }
        result.nullable = allowed.contains("null")
        let order = ["string", "integer", "number", "boolean", "object", "array"]
        result.names = order.filter { allowed.contains($0) }
        if result.names == ["integer", "number"] { result.names = ["number"] }
        return result
    }

    /// The options written as `enum`, `const`, or `oneOf`/`anyOf` of `{const, title}`; `nil`
    /// when none is written.
    mutating func options(_ node: SchemaNode) -> (values: [OptionValue], pointer: String)? {
        if let (value, pointer) = node.first("const") {
            return ([OptionValue(value: value, title: node.first("title")?.value.string, pointer: pointer)], pointer)
        }
        if let (value, pointer) = node.first("enum") {
            guard let items = value.array else {
                error(.invalidSchema, "enum must be an array", at: pointer)
                return nil
            }
            if node.all("enum").count > 1 {
                finding(.approximated, "several enums are merged: only the first is used", at: pointer)
            }
            return (items.enumerated().map { OptionValue(value: $1, title: nil, pointer: pointer + "/\($0)") }, pointer)
        }
        for keyword in ["oneOf", "anyOf"] {
            guard let (value, pointer) = node.first(keyword), let items = value.array else { continue }
            var result: [OptionValue] = []
            for (index, item) in items.enumerated() {
                let itemPointer = pointer + "/\(index)"
                guard let object = item.object, let constant = object["const"] ?? object["enum"]?.array?.first,
                    object.keys.allSatisfy({ ["const", "title", "description", "enum", "type"].contains($0) })
                else {
                    return nil
                }
                if object["enum"].map({ ($0.array?.count ?? 0) != 1 }) == true { return nil }
                result.append(OptionValue(value: constant, title: object["title"]?.string, pointer: itemPointer))
            }
            return (result, pointer)
        }
        return nil
    }

    /// Whether `oneOf`/`anyOf` at this node is a list of options (and so handled by ``options(_:)``).
    func combinatorIsOptions(_ node: SchemaNode, _ keyword: String) -> Bool {
        guard let (value, _) = node.first(keyword), let items = value.array, !items.isEmpty else { return false }
        return items.allSatisfy { item in
            guard let object = item.object else { return false }
            let hasValue = object["const"] != nil || object["enum"]?.array?.count == 1
            return hasValue && object.keys.allSatisfy { ["const", "title", "description", "enum", "type"].contains($0) }
        }
    }

    mutating func kind(of node: SchemaNode, types: Types) -> Kind {
        let names = types.names
        if let json = anyJSONTypes(node, types: types) { return .json(json == .all ? nil : json) }
        // A boolean with const or enum (a box that must be ticked) is a bool field with a check.
        if names.first != "array", names.first != "object", names.first != "boolean", let options = options(node) {
            return .choice(options.values, pointer: options.pointer)
        }
        let name = names.first ?? inferredType(node)
        switch name {
        case "string":
            if node.first("format")?.value.string == "date" { return .scalar(.date) }
            return .scalar(.text)
        case "integer": return .scalar(.integer)
        case "number":
            // multipleOf: 1 makes a whole number, unless it is the shadow of an exported check
            // (`multiple_of(x, 1)` on a number field, which x-rulecheck-checks then holds).
            if node.first("multipleOf")?.value.exactNumber == ExactDecimal(1) && !node.has("x-rulecheck-checks") {
                return .scalar(.integer)
            }
            return .scalar(.number)
        case "boolean": return .scalar(.bool)
        case "object": return .group
        case "array":
            return arrayKind(node)
        default:
            return .json(nil)
        }
    }

    /// The JSON types of a property that becomes a `json` field (``JSONTypes/all``: any), or nil
    /// for one that becomes a field of one type: several types (`["integer", "string"]`), no
    /// type and nothing that says one, an object without properties, `x-rulecheck-type: json`,
    /// `const`/`enum` with arrays or objects, of several types, or only `null`.
    func anyJSONTypes(_ node: SchemaNode, types: Types) -> JSONTypes? {
        let names = types.names
        let written = names.isEmpty ? JSONTypes.all : Self.jsonTypes(names)
        if node.first("x-rulecheck-type")?.value == .string("json") || names.count > 1 { return written }
        if let constants = constantValues(node) {
            let scalars = constants.filter { $0 != .null }
            if scalars.isEmpty || scalars.contains(where: { $0.array != nil || $0.object != nil })
                || (names.isEmpty && Self.commonType(scalars) == nil)
            {
                return written
            }
        }
        if names == ["object"], !Self.objectKeywords.contains(where: node.has) { return .object }
        // Options of one type (`{"enum": ["a", "b"]}`, a oneOf of consts) are a choice.
        let options = constantValues(node) != nil || combinatorIsOptions(node, "oneOf") || combinatorIsOptions(node, "anyOf")
        if names.isEmpty, !options, inferredType(node) == "json" { return .all }
        return nil
    }

    /// The JSON types of JSON Schema's type names.
    static func jsonTypes(_ names: [String]) -> JSONTypes {
        var types: JSONTypes = []
        for name in names { if let type = JSONTypes(name: name) { types.insert(type) } }
        return types
    }

    /// The values of `const` or `enum`, if one is written.
    func constantValues(_ node: SchemaNode) -> [JSONValue]? {
        if let constant = node.first("const")?.value { return [constant] }
        return node.first("enum")?.value.array
    }

    /// What a schema without `type` stands for: an object when it (or one of the schemas of its
    /// `anyOf`, `oneOf`, `if`, `then`, `else`) speaks of properties, an array when it has
    /// `items`, a date or text when it has a `format` (a form's field of that format); otherwise
    /// `json`: any JSON value, its value keywords applying to the values of their type, exactly
    /// as JSON Schema has it (`{"minimum": 2}` lets `"x"` through).
    func inferredType(_ node: SchemaNode) -> String {
        if Self.objectKeywords.contains(where: node.has) { return "object" }
        for part in node.parts {
            let schemas =
                ["anyOf", "oneOf"].flatMap { part.object[$0]?.array ?? [] } + ["if", "then", "else"].compactMap { part.object[$0] }
            if schemas.contains(where: { schema in Self.objectKeywords.contains { schema[$0] != nil } }) { return "object" }
        }
        if node.has("items") || node.has("prefixItems") { return "array" }
        if node.has("format") { return "string" }
        return "json"
    }
}
