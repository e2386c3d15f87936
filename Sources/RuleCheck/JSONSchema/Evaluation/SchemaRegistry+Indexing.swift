/// The walk over a document's subschemas that finds its resources and anchors and records each
/// subschema's scope: only where the dialect puts subschemas (an `$id` inside `enum`, `const` or
/// an unknown keyword names nothing), with an explicit stack (no recursion on the document).
extension SchemaRegistry {
    /// One subschema waiting to be walked.
    private struct Pending {
        var value: JSONValue
        var pointer: String
        /// The scope of the subschema it is in; nil for the document's top.
        var parent: Scope?
        var eager: Bool
    }

    /// Indexes document `document`.
    func index(_ document: Int) {
        documents[document].isIndexed = true
        let documentURI = SchemaURI(documents[document].uri)
        let isRoot = documents[document].isRoot
        var stack = [Pending(value: documents[document].value, pointer: "", parent: nil, eager: isRoot)]
        while let item = stack.popLast() {
            let location = Location(document: document, pointer: item.pointer)
            var scope =
                item.parent
                ?? Scope(base: documentURI, context: defaultContext, resource: -1, eager: item.eager)
            scope.eager = item.eager
            guard case .object(let members) = item.value else {
                if item.parent == nil { scope.resource = addResource(uri: documentURI.text, at: location) }
                scopes[document][item.pointer] = scope
                continue
            }
            // `$schema` counts at a document's top and at an embedded resource's.
            if let schema = members["$schema"]?.string,
                item.parent == nil || members["$id"] != nil || (members["id"] != nil && scope.context.dialect == .draft4),
                let context = context(forMetaSchema: schema, at: Location(document: document, pointer: item.pointer + "/$schema"), depth: 0)
            {
                scope.context = context
            }
            let dialect = scope.context.dialect
            if item.parent == nil { scope.resource = addResource(uri: documentURI.text, at: location) }
            let ignoresSiblings = dialect.refOverridesSiblings && members["$ref"] != nil
            if !ignoresSiblings, let id = members[dialect.idKeyword]?.string {
                let resolved = scope.base.resolving(SchemaURI(id))
                if !id.hasPrefix("#") {
                    scope.base = resolved.withoutFragment
                    scope.resource = addResource(uri: scope.base.text, at: location, sameAs: item.parent == nil ? scope.resource : nil)
                }
                if let fragment = resolved.fragment, !fragment.isEmpty, !fragment.hasPrefix("/") {
                    addAnchor(fragment, at: location, in: scope.resource)
                }
            }
            if dialect >= .draft2019_09, let anchor = members["$anchor"]?.string {
                addAnchor(anchor, at: location, in: scope.resource)
            }
            if dialect == .draft2020_12, let anchor = members["$dynamicAnchor"]?.string {
                addAnchor(anchor, at: location, in: scope.resource)
                if resources[scope.resource].dynamicAnchors[anchor] == nil {
                    resources[scope.resource].dynamicAnchors[anchor] = item.pointer
                }
            }
            if dialect == .draft2019_09, members["$recursiveAnchor"]?.bool == true,
                resources[scope.resource].location == location
            {
                resources[scope.resource].recursiveAnchor = true
            }
            scopes[document][item.pointer] = scope
            // Children in reverse key order, so that the stack pops them in order.
            for key in members.keys.sorted(by: { $1.utf8.lexicographicallyPrecedes($0.utf8) }) {
                guard let shape = SchemaKeywordTable.subschemas(key, in: dialect), let value = members[key] else { continue }
                let pointer = item.pointer + "/" + SchemaPointer.escape(key)
                let eager = item.eager && !ignoresSiblings
                func push(_ value: JSONValue, _ pointer: String) {
                    stack.append(Pending(value: value, pointer: pointer, parent: scope, eager: eager))
                }
                switch (shape, value) {
                case (.schema, .object), (.schema, .bool), (.schemaOrArray, .object), (.schemaOrArray, .bool):
                    push(value, pointer)
                case (.schemaArray, .array(let items)), (.schemaOrArray, .array(let items)):
                    for (index, item) in items.enumerated().reversed() { push(item, pointer + "/" + String(index)) }
                case (.schemaMap, .object(let map)):
                    for name in map.keys.sorted(by: { $1.utf8.lexicographicallyPrecedes($0.utf8) }) {
                        if let item = map[name] { push(item, pointer + "/" + SchemaPointer.escape(name)) }
                    }
                case (.dependencies, .object(let map)):
                    for name in map.keys.sorted(by: { $1.utf8.lexicographicallyPrecedes($0.utf8) }) {
                        if let item = map[name], item.array == nil { push(item, pointer + "/" + SchemaPointer.escape(name)) }
                    }
                default:
                    continue
                }
            }
        }
    }

    /// Registers a resource at `location` under `uri` (the first claim of a URI wins), or adds
    /// `uri` as another name of resource `sameAs`; returns the resource's index.
    private func addResource(uri: String, at location: Location, sameAs existing: Int? = nil) -> Int {
        if let existing, existing >= 0 {
            if resourcesByURI[uri] == nil { resourcesByURI[uri] = existing }
            return existing
        }
        if let known = resourcesByURI[uri], resources[known].location == location { return known }
        let index = resources.count
        resources.append(Resource(location: location, uri: uri))
        if resourcesByURI[uri] == nil { resourcesByURI[uri] = index }
        return index
    }

    /// Registers a plain-name anchor (the first claim wins).
    private func addAnchor(_ name: String, at location: Location, in resource: Int) {
        let key = AnchorKey(resource: resource, name: name)
        if anchors[key] == nil { anchors[key] = location }
    }
}
