/// The documents a schema may refer to, by absolute URI, and everything that identifies a place
/// in them: resources (`$id`), anchors (`$anchor`, `$dynamicAnchor`, draft-07's `"$id": "#a"`),
/// and for every subschema its base URI, dialect and vocabularies. Used while compiling only.
///
/// ```swift
/// let registry = SchemaRegistry(root: schema, baseURI: "urn:rulecheck:root", documents: [:], options: options)
/// registry.resolve("#/$defs/a", against: SchemaURI("urn:rulecheck:root"))   // .found(location)
/// ```
///
/// It holds the root document, the caller's documents and, parsed only when first named, the
/// meta-schemas of ``SchemaMetaSchemas``. It never reads a file or the network.
final class SchemaRegistry {
    /// A place in a document: which document and the JSON pointer inside it.
    struct Location: Hashable, Sendable {
        var document: Int
        var pointer: String
    }

    /// What holds at a subschema: its base URI, its dialect and vocabularies, the resource it
    /// belongs to, and whether it is compiled even if nothing refers to it.
    struct Scope {
        var base: SchemaURI
        var context: SchemaContext
        var resource: Int
        var eager: Bool
    }

    /// A schema resource: a document's top or a subschema with an `$id`.
    struct Resource {
        var location: Location
        /// Its canonical URI (the first it was known by).
        var uri: String
        /// 2019-09 `$recursiveAnchor: true` at its top.
        var recursiveAnchor = false
        /// 2020-12 `$dynamicAnchor`s in it: name → pointer in the document.
        var dynamicAnchors: [String: String] = [:]
    }

    /// An anchor's resource and name.
    struct AnchorKey: Hashable {
        var resource: Int
        var name: String
    }

    /// A document and the URI it is registered under.
    struct Document {
        var uri: String
        var value: JSONValue
        var isRoot: Bool
        /// Whether ``index(_:)`` has walked it.
        var isIndexed = false
    }

    /// What a reference leads to.
    enum Resolution {
        case found(Location)
        /// The document is not in the registry: the URI without fragment.
        case missingDocument(String)
        /// The document is there, but not what the fragment names.
        case missingTarget(String)
    }

    var documents: [Document] = []
    var resources: [Resource] = []
    var documentsByURI: [String: Int] = [:]
    var resourcesByURI: [String: Int] = [:]
    /// Plain-name anchors by the resource they are in and their name.
    var anchors: [AnchorKey: Location] = [:]
    /// Per document, the scope of every subschema the walk found, by pointer.
    var scopes: [[String: Scope]] = []
    /// Problems found while indexing (a `$schema` whose meta-schema needs a vocabulary this
    /// evaluator does not know).
    var problems: [SchemaCompileError.Problem] = []
    /// The context of documents without a `$schema`: the root's.
    private(set) var defaultContext: SchemaContext

    /// Registers and indexes the root document and the caller's documents.
    ///
    /// - Parameters:
    ///   - root: the root schema.
    ///   - baseURI: the root's retrieval URI (its `$id` resolves against it).
    ///   - documents: other documents by URI.
    ///   - defaultDialect: the dialect of a root without a `$schema` this evaluator knows.
    init(root: JSONValue, baseURI: String, documents extra: JSONObject, defaultDialect: SchemaDialect) {
        defaultContext = SchemaContext(defaultDialect)
        let rootURI = SchemaURI(baseURI).normalized.withoutFragment.text
        documents.append(Document(uri: rootURI, value: root, isRoot: true))
        scopes.append([:])
        documentsByURI[rootURI] = 0
        for uri in extra.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let key = SchemaURI(uri).normalized.withoutFragment.text
            guard documentsByURI[key] == nil, let value = extra[uri] else { continue }
            documentsByURI[key] = documents.count
            documents.append(Document(uri: key, value: value, isRoot: false))
            scopes.append([:])
        }
        // The root's dialect is every other document's default: find it first.
        if case .object(let members) = root, let schema = members["$schema"]?.string,
            let context = context(forMetaSchema: schema, at: Location(document: 0, pointer: "/$schema"), depth: 0)
        {
            defaultContext = context
        }
        for document in documents.indices where !documents[document].isIndexed { index(document) }
    }

    /// The JSON value at a location, if there is one.
    func value(at location: Location) -> JSONValue? {
        guard documents.indices.contains(location.document) else { return nil }
        guard let tokens = SchemaPointer.tokens(location.pointer) else { return nil }
        var current = documents[location.document].value
        for token in tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Self.arrayIndex(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// An RFC 6901 array index: `0` or digits without a leading zero.
    private static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, first != UInt8(ascii: "0") || token.utf8.count == 1 else { return nil }
        guard token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(token)
    }

    /// The scope at a location: the walk's, or that of its nearest ancestor the walk found (a
    /// reference may point anywhere, `#/examples/0` too).
    func scope(at location: Location) -> Scope {
        var pointer = location.pointer
        while true {
            if let scope = scopes[location.document][pointer] { return scope }
            guard let slash = pointer.lastIndex(of: "/") else { break }
            pointer = String(pointer[..<slash])
        }
        // The walk always records a document's top.
        return scopes[location.document][""]
            ?? Scope(base: SchemaURI(documents[location.document].uri), context: defaultContext, resource: 0, eager: false)
    }

    /// Every subschema of a document the walk found that is compiled whether or not something
    /// refers to it, in pointer order.
    func eagerLocations(in document: Int) -> [Location] {
        scopes[document].filter(\.value.eager).keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).map {
            Location(document: document, pointer: $0)
        }
    }

    /// Where `reference` leads from a subschema whose base URI is `base`.
    func resolve(_ reference: String, against base: SchemaURI) -> (uri: String, resolution: Resolution) {
        let absolute = base.resolving(SchemaURI(reference))
        let resourceURI = absolute.withoutFragment.text
        guard let resource = resource(forURI: resourceURI) else {
            return (absolute.text, .missingDocument(resourceURI))
        }
        let fragment = absolute.fragment.map(Self.percentDecoded) ?? ""
        if fragment.isEmpty { return (absolute.text, .found(resources[resource].location)) }
        if fragment.hasPrefix("/") {
            let start = resources[resource].location
            let location = Location(document: start.document, pointer: start.pointer + fragment)
            guard value(at: location) != nil else { return (absolute.text, .missingTarget(fragment)) }
            return (absolute.text, .found(location))
        }
        guard let location = anchors[AnchorKey(resource: resource, name: fragment)] else {
            return (absolute.text, .missingTarget(fragment))
        }
        return (absolute.text, .found(location))
    }

    /// Whether `location` is a `$dynamicAnchor` named `name` (what makes a `$dynamicRef` dynamic).
    func isDynamicAnchor(_ name: String, at location: Location) -> Bool {
        let resource = scope(at: location).resource
        return resources[resource].location.document == location.document
            && resources[resource].dynamicAnchors[name] == location.pointer
    }

    /// The resource a URI (without fragment) names, loading an embedded meta-schema if it is one.
    private func resource(forURI uri: String) -> Int? {
        if let resource = resourcesByURI[uri] { return resource }
        if let document = documentsByURI[uri] {
            if !documents[document].isIndexed { index(document) }
            return resourcesByURI[uri]
        }
        guard let text = SchemaMetaSchemas.text(for: uri), let value = try? JSONParser().parse(text) else { return nil }
        documentsByURI[uri] = documents.count
        documents.append(Document(uri: uri, value: value, isRoot: false))
        scopes.append([:])
        index(documents.count - 1)
        return resourcesByURI[uri]
    }

    /// `%22` → `"`: a fragment's percent-encodings decoded (RFC 6901 §6); invalid ones kept.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A problem at a location.
    func problem(
        _ message: String, at location: Location, kind: SchemaCompileError.Problem.Kind = .invalid
    ) -> SchemaCompileError.Problem {
        let document = documents[location.document]
        return SchemaCompileError.Problem(
            documentURI: document.uri, isInRootDocument: document.isRoot, pointer: location.pointer, message: message, kind: kind)
    }

    // MARK: - Meta-schemas

    /// The context of a schema whose `$schema` is `uri`: a dialect this evaluator knows by
    /// name, or a meta-schema the registry holds (its own `$schema` gives the dialect, its
    /// `$vocabulary` the vocabularies); nil for a URI it knows neither way.
    func context(forMetaSchema uri: String, at location: Location, depth: Int) -> SchemaContext? {
        if let dialect = SchemaDialect(schemaURI: uri) { return SchemaContext(dialect) }
        let key = SchemaURI(uri).normalized.withoutFragment.text
        guard depth < 8, let resource = resource(forURI: key),
            case .object(let members)? = value(at: resources[resource].location)
        else { return nil }
        var context = defaultContext
        if let parent = members["$schema"]?.string, SchemaURI(parent).normalized.withoutFragment.text != key,
            let parentContext = self.context(forMetaSchema: parent, at: location, depth: depth + 1)
        {
            context = parentContext
        }
        guard context.dialect.hasVocabularies, case .object(let vocabularies)? = members["$vocabulary"] else { return context }
        var inForce: SchemaVocabularies = .core
        for (name, required) in vocabularies.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let isRequired = required.bool ?? false
            if let vocabulary = SchemaVocabularies.named(name, required: isRequired) {
                inForce.formUnion(vocabulary)
            } else if isRequired {
                problems.append(
                    problem("the meta-schema \(uri) requires the vocabulary \(name), which this evaluator does not know", at: location))
            }
        }
        return SchemaContext(context.dialect, vocabularies: inForce)
    }
}
