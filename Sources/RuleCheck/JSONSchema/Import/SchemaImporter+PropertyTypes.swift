/// What the importer knows of an object's properties while it writes the conditions that read
/// them: which are declared, which are `json` fields (whose conditions test the value's JSON
/// type first), and which names a condition or dependency reads without the object declaring
/// them (each becomes a `json` field: JSON Schema lets an undeclared property be any value).
extension SchemaImporter {
    /// Notes the declared properties of the object at `prefix` and which of them are `json` fields.
    mutating func registerProperties(
        prefix: String, schemas: [String: [(value: JSONValue, pointer: String)]], ancestors: Set<String>
    ) {
        knownObjects.insert(prefix)
        for (name, written) in schemas {
            let path = prefix + name
            declaredPaths.insert(path)
            var merged = SchemaNode()
            for (value, pointer) in written { merged.parts += node(value, at: pointer, refChain: ancestors.sorted()).parts }
            if anyJSONTypes(merged, types: declaredTypes(merged)) != nil { anyJSONPaths.insert(path) }
        }
    }

    /// The field type that expressions about the property at `path` must reckon with: `.json`
    /// for a `json` field (declared as one, or not declared by an object whose properties are
    /// known); nil when the property has a type of its own, or is not known yet.
    func fieldType(at path: String) -> FieldType? {
        if declaredPaths.contains(path) { return anyJSONPaths.contains(path) ? .json : nil }
        let parent = path.lastIndex(of: ".").map { String(path[...$0]) } ?? ""
        return knownObjects.contains(parent) ? .json : nil
    }

    /// Notes that a condition or dependency reads the property at `path`, first named at `pointer`.
    mutating func mention(_ path: String, at pointer: String) {
        guard !declaredPaths.contains(path), !mentions.contains(where: { $0.path == path }) else { return }
        mentions.append((path, pointer))
    }
}
