/// Arrays: of options (`multi_choice`), of objects (`list`), of plain values (`values`), in the
/// one-schema and the tuple form of `items`.
extension SchemaImporter {
    static let itemTypeNames: [String: FieldType] = ["string": .text, "integer": .integer, "number": .number, "boolean": .bool]

    mutating func arrayKind(_ node: SchemaNode) -> Kind {
        // No `items`: elements of any JSON type.
        guard let items = itemsNode(node) else { return .values(items: nil, .json) }
        if let itemOptions = options(items) {
            return .multiChoice(items: items, itemOptions.values, pointer: itemOptions.pointer)
        }
        let itemTypes = declaredTypes(items)
        if itemTypes.names.first == "object" || itemTypes.names.isEmpty, items.has("properties") {
            return .list(items: items)
        }
        if items.first("x-rulecheck-type")?.value == .string("date") { return .values(items: items, .date) }
        if itemTypes.names.count > 1 || anyJSONTypes(items, types: itemTypes) != nil { return .values(items: items, .json) }
        let name = itemTypes.names.first ?? inferredType(items)
        if name == "string", items.first("format")?.value.string == "date" { return .values(items: items, .date) }
        if name == "number", items.first("multipleOf")?.value.exactNumber == ExactDecimal(1) { return .values(items: items, .integer) }
        // Arrays of arrays or of objects without properties: values of any JSON, each of its type.
        return .values(items: items, Self.itemTypeNames[name] ?? .json)
    }

    /// The schema every element follows: `items` as one schema, or a tuple (`items` as an array
    /// in draft-07, `prefixItems` in 2020-12) whose schemas are all the same; nil for none, or
    /// for a tuple of different schemas (whose elements are then any JSON values).
    private mutating func itemsNode(_ node: SchemaNode) -> SchemaNode? {
        let tuple = node.first("prefixItems") ?? node.first("items").flatMap { $0.value.array != nil ? $0 : nil }
        guard let (value, pointer) = tuple, let schemas = value.array else { return child(node, "items") }
        guard let first = schemas.first else { return child(node, "items") }
        if schemas.contains(where: { $0 != first }) {
            finding(
                .unsupported,
                "a tuple whose positions have different schemas: each element is read as any JSON value, the positions' schemas are not checked",
                at: pointer)
            return nil
        }
        let additional = node.first(node.first("prefixItems") != nil ? "items" : "additionalItems")
        if let additional {
            if additional.value != .bool(false) && additional.value != first {
                finding(.approximated, "elements after the tuple are held to the tuple's schema, not to this one", at: additional.pointer)
            }
        } else {
            finding(
                .approximated, "elements after the tuple are held to the tuple's schema (the schema lets them be anything)", at: pointer)
        }
        return self.node(first, at: pointer + "/0", refChain: node.refTargets.sorted())
    }

    /// The number of positions of a tuple closed by `additionalItems: false` (or 2020-12's `items: false`).
    func closedTupleLength(_ node: SchemaNode) -> (count: Int, pointer: String)? {
        if let (value, pointer) = node.first("prefixItems"), let schemas = value.array, node.first("items")?.value == .bool(false) {
            return (schemas.count, pointer)
        }
        if let (value, pointer) = node.first("items"), let schemas = value.array, node.first("additionalItems")?.value == .bool(false) {
            return (schemas.count, pointer)
        }
        return nil
    }

    /// The field type every value has, if they share one.
    static func commonType(_ values: [JSONValue]) -> FieldType? {
        var types = Set<FieldType>()
        for value in values {
            switch value {
            case .string: types.insert(.text)
            case .number, .decimal: types.insert(value.exactNumber?.isWhole == true ? .integer : .number)
            case .bool: types.insert(.bool)
            default: return nil
            }
        }
        if types == [.integer, .number] { return .number }
        return types.count == 1 ? types.first : (types.isEmpty ? .text : nil)
    }

    /// A file field's rules: `max_size` is the `maximum` of each file's `size`, the media types
    /// are `x-rulecheck-media-types` (the pattern of each file's `type` is their shadow).
    mutating func fileKeywords(_ spec: inout FieldSpec, _ items: SchemaNode?, _ x: RuleCheckKeywords) {
        if let size = items.flatMap({ $0.first("properties")?.value["size"]?["maximum"] }) {
            let pointer = (items?.first("properties")?.pointer ?? "") + "/size/maximum"
            if let bytes = size.integer, bytes >= 0 {
                spec.maxSize = located(bytes, at: pointer)
                spec.keys["max_size"] = source.location(of: pointer)
            } else {
                error(.invalidSchema, "the maximum size of a file must be a whole number of bytes", at: pointer)
            }
        }
        if let mediaTypes = x.mediaTypes {
            spec.mediaTypes = mediaTypes
            spec.keys["media_types"] = mediaTypes.first?.location ?? spec.location
        }
    }
}
