import Patterns

/// Compiles a schema and the documents it refers to into a ``SchemaProgram``: each subschema
/// reached (and every subschema of the root document) becomes a node once, each `$ref` an index,
/// each pattern a compiled ``Pattern``; every problem is collected with its location.
///
/// ```swift
/// let compiled = try SchemaCompiler.compile(root: schema, baseURI: nil, documents: [:], options: options)
/// compiled.program.nodes.count
/// compiled.unresolved   // remote references left open (allowUnresolvedReferences)
/// ```
///
/// Subschemas are compiled from a work list, never by recursion on the document.
final class SchemaCompiler {
    /// The base URI of a root schema the caller gives none for.
    static let defaultBaseURI = "urn:rulecheck:root"

    let registry: SchemaRegistry
    let options: SchemaEvaluationOptions
    var nodes: [SchemaProgram.NodeDraft] = []
    private var locations: [SchemaRegistry.Location] = []
    private var nodeByLocation: [SchemaRegistry.Location: Int] = [:]
    private var worklist: [Int] = []
    var problems: [SchemaCompileError.Problem] = []
    var unresolved: [UnresolvedSchemaReference] = []
    /// Compiled patterns by source (each distinct pattern compiled once).
    private var patterns: [String: SchemaPattern?] = [:]
    /// Resources whose dynamic anchors and recursive root have been compiled.
    private var resourcesCompiled: Set<Int> = []
    var usesDynamicScope = false

    private init(registry: SchemaRegistry, options: SchemaEvaluationOptions) {
        self.registry = registry
        self.options = options
    }

    /// Compiles `root` and what it refers to.
    ///
    /// - Throws: ``SchemaCompileError`` with every problem found.
    static func compile(
        root: JSONValue, baseURI: String?, documents: JSONObject, options: SchemaEvaluationOptions
    ) throws(SchemaCompileError) -> (program: SchemaProgram, unresolved: [UnresolvedSchemaReference], dialect: SchemaDialect) {
        let registry = SchemaRegistry(
            root: root, baseURI: baseURI ?? defaultBaseURI, documents: documents, defaultDialect: options.defaultDialect)
        let compiler = SchemaCompiler(registry: registry, options: options)
        let rootNode = compiler.node(for: SchemaRegistry.Location(document: 0, pointer: ""))
        for location in registry.eagerLocations(in: 0) { _ = compiler.node(for: location) }
        compiler.drain()
        guard registry.problems.isEmpty && compiler.problems.isEmpty else {
            throw SchemaCompileError(problems: Self.ordered(registry.problems + compiler.problems))
        }
        var resources = [SchemaProgram.Resource](repeating: SchemaProgram.Resource(), count: registry.resources.count)
        for resource in compiler.resourcesCompiled {
            for (name, pointer) in registry.resources[resource].dynamicAnchors {
                let location = SchemaRegistry.Location(document: registry.resources[resource].location.document, pointer: pointer)
                if let node = compiler.nodeByLocation[location] { resources[resource].dynamicAnchors[name] = node }
            }
            if registry.resources[resource].recursiveAnchor {
                resources[resource].recursiveRoot = compiler.nodeByLocation[registry.resources[resource].location]
            }
        }
        let program = SchemaProgram(
            nodes: compiler.nodes.map(SchemaProgram.Node.init), resources: resources, documentURIs: registry.documents.map(\.uri),
            root: rootNode,
            usesDynamicScope: compiler.usesDynamicScope,
            hasInPlaceCycle: Self.hasInPlaceCycle(compiler.nodes, resources: resources),
            maxDepth: max(1, options.maxDepth))
        let dialect = registry.scope(at: SchemaRegistry.Location(document: 0, pointer: "")).context.dialect
        return (program, compiler.unresolved, dialect)
    }

    /// Problems without repeats, the root document's first, then by document and pointer.
    static func ordered(_ problems: [SchemaCompileError.Problem]) -> [SchemaCompileError.Problem] {
        var seen: Set<SchemaCompileError.Problem> = []
        let unique = problems.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.isInRootDocument != b.isInRootDocument { return a.isInRootDocument }
            if a.documentURI != b.documentURI { return a.documentURI.utf8.lexicographicallyPrecedes(b.documentURI.utf8) }
            if a.pointer != b.pointer { return a.pointer.utf8.lexicographicallyPrecedes(b.pointer.utf8) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The node of the subschema at `location`, compiled later if new.
    func node(for location: SchemaRegistry.Location) -> Int {
        if let index = nodeByLocation[location] { return index }
        let index = nodes.count
        nodes.append(SchemaProgram.NodeDraft())
        locations.append(location)
        nodeByLocation[location] = index
        worklist.append(index)
        return index
    }

    /// Compiles every node on the work list, and the dynamic anchors of every resource a
    /// compiled node is in, until nothing new comes.
    private func drain() {
        while true {
            while let index = worklist.popLast() { compileNode(index) }
            let touched = Set(nodes.map(\.resource)).subtracting(resourcesCompiled)
            guard !touched.isEmpty else { break }
            for resource in touched.sorted() {
                resourcesCompiled.insert(resource)
                let info = registry.resources[resource]
                for pointer in info.dynamicAnchors.values.sorted() {
                    _ = node(for: SchemaRegistry.Location(document: info.location.document, pointer: pointer))
                }
                if info.recursiveAnchor { _ = node(for: info.location) }
            }
        }
    }

    private func compileNode(_ index: Int) {
        let location = locations[index]
        let scope = registry.scope(at: location)
        var node = SchemaProgram.NodeDraft()
        node.resource = scope.resource
        node.document = location.document
        node.pointer = location.pointer
        guard let value = registry.value(at: location) else {
            problem("nothing is there", at: location)
            nodes[index] = node
            return
        }
        switch value {
        case .bool(let flag):
            // Draft-04 has no boolean schemas, but additionalProperties and additionalItems take booleans.
            if scope.context.dialect.allowsBooleanSchemas || location.pointer.hasSuffix("/additionalProperties")
                || location.pointer.hasSuffix("/additionalItems")
            {
                node.isFalse = !flag
            } else {
                problem("a schema must be an object in draft-04, not \(Self.shown(value))", at: location)
            }
        case .object(let members):
            compileKeywords(members, at: location, scope: scope, into: &node)
        default:
            let expected = scope.context.dialect.allowsBooleanSchemas ? "an object or a boolean" : "an object"
            problem("a schema must be \(expected), not \(Self.shown(value))", at: location)
        }
        nodes[index] = node
    }

    /// Records a problem.
    func problem(_ message: String, at location: SchemaRegistry.Location, kind: SchemaCompileError.Problem.Kind = .invalid) {
        problems.append(registry.problem(message, at: location, kind: kind))
    }

    /// A value as compact JSON for a message, cut at 60 characters.
    static func shown(_ value: JSONValue) -> String {
        let text = JSONWriter.string(value)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }

    // MARK: - References

    /// The check a reference compiles to: the node it names, or an unresolved reference (when
    /// allowed), or nil after recording a problem.
    func reference(
        _ text: String, keyword: String, at location: SchemaRegistry.Location, base: SchemaURI
    ) -> (
        node: Int?, uri: String, target: SchemaRegistry.Location?
    )? {
        let keywordLocation = SchemaRegistry.Location(
            document: location.document, pointer: location.pointer + "/" + SchemaPointer.escape(keyword))
        let (uri, resolution) = registry.resolve(text, against: base)
        switch resolution {
        case .found(let target):
            return (node(for: target), uri, target)
        case .missingDocument(let document):
            if options.allowUnresolvedReferences {
                let documentInfo = registry.documents[location.document]
                unresolved.append(
                    UnresolvedSchemaReference(
                        uri: uri, documentURI: documentInfo.uri, isInRootDocument: documentInfo.isRoot, pointer: keywordLocation.pointer))
                return (nil, uri, nil)
            }
            problem(
                "\(keyword) \(JSONWriter.string(.string(text))) refers to \(document), a document this evaluator was not given",
                at: keywordLocation)
            return nil
        case .missingTarget(let fragment):
            problem(
                "\(keyword) \(JSONWriter.string(.string(text))) names \(JSONWriter.string(.string(fragment))), which is not in \(uri.split(separator: "#").first.map(String.init) ?? uri)",
                at: keywordLocation, kind: .unresolvedReference)
            return nil
        }
    }

    // MARK: - Patterns

    /// The compiled pattern for an ECMA-262 regex, or nil after recording a problem at `location`.
    func pattern(_ source: String, at location: SchemaRegistry.Location) -> SchemaPattern? {
        if let known = patterns[source] {
            if known == nil { patternProblem(source, at: location) }
            return known
        }
        var compiled: SchemaPattern?
        switch ECMARegex.translate(source) {
        case .success(let translation):
            if let pattern = try? Pattern(translation.pcre, limits: options.patternLimits) {
                compiled = SchemaPattern(source: source, pattern: pattern)
            }
        case .failure:
            break
        }
        patterns[source] = .some(compiled)
        if compiled == nil { patternProblem(source, at: location) }
        return compiled
    }

    /// Records why `source` does not compile: ECMA-262 refuses it (a kind of its own), or the
    /// regex engine cannot run it.
    private func patternProblem(_ source: String, at location: SchemaRegistry.Location) {
        let refused = if case .failure = ECMARegex.translate(source) { true } else { false }
        problem(
            Self.patternProblem(source) ?? "the pattern does not compile", at: location, kind: refused ? .notECMARegex : .invalid)
    }

    /// Why ECMA-262 refuses `source`, as a message.
    static func patternProblem(_ source: String) -> String? {
        let shown = JSONWriter.string(.string(source))
        switch ECMARegex.translate(source) {
        case .success(let translation):
            do {
                _ = try Pattern(translation.pcre)
                return nil
            } catch {
                return "\(shown) is not a regex this evaluator can run: \(error.message)"
            }
        case .failure(let refusal):
            return "\(shown) is not an ECMA-262 regex: \(refusal.message), at character \(refusal.offset + 1)"
        }
    }

    // MARK: - Loops

    /// Whether some node reaches itself through in-place applicators and references alone (a
    /// depth-first search with an explicit stack).
    static func hasInPlaceCycle(_ nodes: [SchemaProgram.NodeDraft], resources: [SchemaProgram.Resource]) -> Bool {
        var dynamicTargets: [String: [Int]] = [:]
        var recursiveRoots: [Int] = []
        for resource in resources {
            for (name, node) in resource.dynamicAnchors { dynamicTargets[name, default: []].append(node) }
            if let root = resource.recursiveRoot { recursiveRoots.append(root) }
        }
        func successors(_ node: Int) -> [Int] {
            var result: [Int] = []
            for check in nodes[node].leading + nodes[node].objectChecks + nodes[node].trailing {
                switch check.operation {
                case .reference(let target): result.append(target)
                case .dynamicReference(let target, let anchor):
                    result.append(target)
                    if let anchor { result += dynamicTargets[anchor] ?? [] }
                case .recursiveReference(let target):
                    result.append(target)
                    result += recursiveRoots
                case .allOf(let list), .anyOf(let list), .oneOf(let list): result += list
                case .not(let target): result.append(target)
                case .conditional(let condition, let then, let otherwise):
                    result.append(condition)
                    if let then { result.append(then) }
                    if let otherwise { result.append(otherwise) }
                case .dependentSchemas(let list): result += list.map(\.node)
                default: break
                }
            }
            return result
        }
        // 0: not seen, 1: on the current path, 2: done.
        var state = [UInt8](repeating: 0, count: nodes.count)
        for start in nodes.indices where state[start] == 0 {
            var stack: [(node: Int, next: [Int])] = [(start, successors(start))]
            state[start] = 1
            while !stack.isEmpty {
                if let next = stack[stack.count - 1].next.popLast() {
                    switch state[next] {
                    case 1: return true
                    case 0:
                        state[next] = 1
                        stack.append((next, successors(next)))
                    default: break
                    }
                } else {
                    state[stack.removeLast().node] = 2
                }
            }
        }
        return false
    }
}
