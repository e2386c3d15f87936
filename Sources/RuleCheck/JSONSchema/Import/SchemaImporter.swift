/// Translates a JSON Schema into the ``RulesDocument`` a rules file would parse into, so that the
/// normal ``RuleSetCompiler`` compiles it: forms, record checks and batch checks then treat an
/// imported schema exactly as a hand-written rules file. What the rules cannot say is reported
/// as an ``ImportFinding`` with its JSON pointer; a schema that cannot become a form at all (a
/// `$ref` cycle, a root that is not an object) is an error.
struct SchemaImporter {
    let source: SchemaSource
    var findings: [ImportFinding] = []
    var errors: [Diagnostic] = []
    /// Fields made so far (a schema that reuses definitions can multiply them).
    var fieldCount = 0
    /// For each field path whose `pattern:` came from the schema: the keyword it came from
    /// (`pattern` or `format`), so that ajv-errors' message for that keyword is the field's.
    var patternKeywords: [String: String] = [:]
    /// Paths of fields whose `visible_if` / `enabled_if` an `x-rulecheck-*` keyword gives exactly
    /// (a UI schema's rules for them are then the export's shadow).
    /// The schema is a RuleCheck export (its root has `x-rulecheck-form`): its keywords mean what
    /// the rules mean, so the differences between JSON Schema's reading and the rules' (an empty
    /// array is an empty field, null is empty) are not reported.
    var isExport = false
    /// Whether the schema's own evaluation decides which records are valid (``RecordSchema``):
    /// so for every schema but a RuleCheck export, whose keywords mean what its rules mean. The
    /// fields are then the form's presentation: what cannot become a field, or not exactly, is
    /// left to the schema, with no finding; a part of the schema the form cannot show (a
    /// recursive definition, objects nested too deep) is left out of the form, not an error.
    var schemaDecides = true
    /// What the form could not show, when ``schemaDecides`` (for tests and `--verbose`).
    var formNotes: [(message: String, pointer: String)] = []
    /// Pointers of RuleCheck's own keywords read (see ``ownError(_:at:)``).
    var ownPointers: Set<String> = []
    var exactVisible: Set<String> = []
    var exactEnabled: Set<String> = []
    /// Whether an empty string or array given is a value (`empty_values: present`): so for a
    /// server's schema, and for an export whose root says `x-rulecheck-empty-values`.
    var emptyValuesPresent = true
    /// What the importer knows of properties while it reads their objects (see ``fieldType(at:)``):
    /// the objects (by path prefix) whose properties are known, those properties, which of them
    /// are `json` fields, and the names that conditions and dependencies read without the object
    /// declaring them (each becomes a `json` field), with where each is first named.
    var knownObjects: Set<String> = []
    var declaredPaths: Set<String> = []
    var anyJSONPaths: Set<String> = []
    var mentions: [(path: String, pointer: String)] = []
    /// Checks of optional objects (by path prefix) from their `anyOf`/`oneOf`/`not`: the group's.
    var groupChecks: [String: [CheckSpec]] = [:]

    /// How deep objects may nest before the importer stops (the compiler and forms recurse on groups).
    static let maxNesting = 32
    /// How many schema objects one node may merge (`allOf`, `$ref`) before the importer stops.
    static let maxParts = 256
    /// How many fields one schema may become.
    static let maxFields = 10_000

    init(source: SchemaSource) {
        self.source = source
    }

    // MARK: - The document

    mutating func document(options: JSONSchemaImportOptions) -> RulesDocument {
        let start = FileLocation(file: source.name, line: 1, column: 1)
        var document = RulesDocument(location: start)
        if let form = options.form { document.form = Located(value: form, location: start) }
        isExport = source.root.object?["x-rulecheck-form"] != nil
        schemaDecides = !isExport
        let root = node(source.root, at: "", refChain: [])
        emptyValuesPresent = !isExport || root.first("x-rulecheck-empty-values")?.value == .string("present")
        if let title = root.first("title")?.value.string { document.title = title }
        let types = declaredTypes(root)
        if !types.names.isEmpty, !types.names.contains("object") {
            // Records of another type: the schema checks them; a form has no fields for them.
            error(
                .schemaNotAForm,
                "the schema's root must be an object schema (\"type\": \"object\"), not \(types.names.joined(separator: ", "))",
                at: types.pointer)
            return document
        }
        reportKeywords(root, context: .object, isRoot: true)
        let fields = objectFields(root, prefix: "", presence: nil, ancestors: root.refTargets, depth: 0)
        if fields.isEmpty && errors.isEmpty && !schemaDecides {
            // As in a rules file: a form with nothing to fill in is a mistake, not an empty form.
            error(
                .schemaNotAForm,
                "the schema has no properties that can be fields, and a form needs at least one",
                at: root.first("properties")?.pointer ?? "")
        }
        document.sections = [
            SectionSpec(
                id: Located(value: "main", location: start), title: document.title,
                fields: fields, isImplicit: true)
        ]
        formKeywords(root, into: &document)
        return document
    }

    // MARK: - Nodes

    /// The node for `value` at `pointer`: `$ref`s followed and `allOf` members merged, without
    /// recursion. A `$ref` that leads back to one being followed is an error.
    mutating func node(_ value: JSONValue, at pointer: String, refChain: [String]) -> SchemaNode {
        var result = SchemaNode()
        var pending: [(value: JSONValue, pointer: String, chain: [String])] = [(value, pointer, refChain)]
        while let (value, pointer, chain) = pending.popLast() {
            guard result.parts.count < Self.maxParts else {
                error(.schemaTooLarge, "this schema merges more than \(Self.maxParts) schemas through allOf and $ref", at: pointer)
                break
            }
            switch value {
            case .bool(true): continue
            case .bool(false):
                result.isFalse = true
                finding(.unsupported, "a false schema (nothing is valid) cannot become a field", at: pointer)
                continue
            case .object(let members):
                result.parts.append(SchemaNode.Part(object: members, pointer: pointer))
                var children: [(JSONValue, String, [String])] = []
                if let ref = members["$ref"] {
                    let refPointer = pointer + "/$ref"
                    if let text = ref.string {
                        switch SchemaRef.resolve(text, in: source.root) {
                        case .success(let target):
                            if chain.contains(target.pointer) {
                                let cycle = (chain + [target.pointer]).map { "#" + $0 }.joined(separator: " → ")
                                error(
                                    .schemaReferenceCycle, "$ref cycle: \(cycle); a schema that refers to itself cannot become a form",
                                    at: refPointer)
                            } else {
                                result.refTargets.insert(target.pointer)
                                children.append((target.value, target.pointer, chain + [target.pointer]))
                            }
                        case .failure(.notLocal):
                            finding(.unsupported, "$ref '\(text)' is not local (only '#/…' references are followed)", at: refPointer)
                        case .failure(.notFound):
                            error(.unresolvedSchemaReference, "$ref '\(text)' points at nothing in this schema", at: refPointer)
                        }
                    } else {
                        error(.invalidSchema, "$ref must be a string", at: refPointer)
                    }
                }
                if let allOf = members["allOf"] {
                    if let items = allOf.array {
                        for (index, item) in items.enumerated() {
                            children.append((item, pointer + "/allOf/\(index)", chain))
                        }
                    } else {
                        error(.invalidSchema, "allOf must be an array of schemas", at: pointer + "/allOf")
                    }
                }
                // Reversed so that popLast takes them in written order.
                pending.append(contentsOf: children.reversed().map { (value: $0.0, pointer: $0.1, chain: $0.2) })
            default:
                error(.invalidSchema, "a schema must be an object or a boolean, not \(value.kindDescription)", at: pointer)
            }
        }
        return result
    }

    /// The node of a subschema written under `keyword` of `parent`'s parts (e.g. `items`).
    mutating func child(_ parent: SchemaNode, _ keyword: String) -> SchemaNode? {
        let occurrences = parent.all(keyword)
        guard !occurrences.isEmpty else { return nil }
        var merged = SchemaNode()
        for occurrence in occurrences {
            let part = node(occurrence.value, at: occurrence.pointer, refChain: parent.refTargets.sorted())
            merged.parts += part.parts
            merged.refTargets.formUnion(part.refTargets)
            merged.isFalse = merged.isFalse || part.isFalse
        }
        return merged
    }

    // MARK: - Findings and errors

    mutating func finding(_ kind: ImportFinding.Kind, _ message: String, at pointer: String) {
        // What the form does not say exactly, the schema's own evaluation checks.
        if schemaDecides, kind != .ignored {
            formNotes.append((message, pointer))
            return
        }
        let finding = ImportFinding(kind, message, pointer: pointer, location: source.location(of: pointer))
        if !findings.contains(finding) { findings.append(finding) }
    }

    /// A finding about RuleCheck's own vocabulary (`x-rulecheck-*`, Divar's `errors` and `pages`,
    /// ajv-errors' `errorMessage`): the author wrote it for this tool, and a JSON Schema validator
    /// ignores it, so it is reported whoever decides validity.
    mutating func ownFinding(_ kind: ImportFinding.Kind, _ message: String, at pointer: String) {
        ownPointers.insert(pointer)
        let finding = ImportFinding(kind, message, pointer: pointer, location: source.location(of: pointer))
        if !findings.contains(finding) { findings.append(finding) }
    }

    /// An error in RuleCheck's own vocabulary (see ``ownFinding(_:_:at:)``): always an error at
    /// its place, for the author to fix; the schema's own keywords never make one.
    mutating func ownError(_ message: String, at pointer: String) {
        ownPointers.insert(pointer)
        var diagnostic = Diagnostic(
            .error, .invalidRuleCheckKeyword, "\(pointer.isEmpty ? "/" : pointer): \(message)",
            at: source.location(of: pointer))
        diagnostic.attachSnippet(from: source.text)
        if !errors.contains(diagnostic) { errors.append(diagnostic) }
    }

    /// Records that the keyword at `pointer` is RuleCheck's own vocabulary: a compile error
    /// inside it is the author's to fix, not a reason to simplify the form.
    mutating func own(_ pointer: String) {
        ownPointers.insert(pointer)
    }

    /// Records every `x-rulecheck-*` keyword of `node` (and `also`) as RuleCheck's own.
    mutating func ownKeywords(of node: SchemaNode, also: [String] = []) {
        for part in node.parts {
            for key in part.object.keys where key.hasPrefix("x-rulecheck-") || also.contains(key) {
                own(part.pointer + "/" + SchemaPointer.escape(key))
            }
        }
    }

    /// The places of RuleCheck's own keywords and of everything written inside them.
    var ownLocations: Set<FileLocation> {
        var result: Set<FileLocation> = []
        for (pointer, location) in source.locations
        where ownPointers.contains(where: { pointer == $0 || pointer.hasPrefix($0 + "/") }) {
            result.insert(location)
        }
        return result
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at pointer: String) {
        // The schema's evaluation reports what makes a schema invalid; here, only the form stops
        // (a finding, with its pointer): what the form leaves out, the schema still checks.
        if schemaDecides {
            formNotes.append((message, pointer))
            let finding = ImportFinding(
                .ignored, message + "; the form leaves it out, and records are checked against the schema all the same",
                pointer: pointer, location: source.location(of: pointer))
            if !findings.contains(finding) { findings.append(finding) }
            return
        }
        var diagnostic = Diagnostic(
            .error, code, "\(pointer.isEmpty ? "/" : pointer): \(message)", at: source.location(of: pointer))
        diagnostic.attachSnippet(from: source.text)
        if !errors.contains(diagnostic) { errors.append(diagnostic) }
    }

    /// A generated expression or value whose every position is the keyword's location, so a
    /// compile error in it points at the schema keyword that produced it.
    func text(_ value: String, at pointer: String, quoted: Bool = false) -> ScalarText {
        ScalarText(text: value, isQuoted: quoted, locator: Self.locator(at: source.location(of: pointer)))
    }

    /// A locator that maps every offset to `location` (a block scalar with no lines after it).
    static func locator(at location: FileLocation) -> ScalarLocator {
        ScalarLocator(start: location, style: .block, source: SourceText(name: location.file, text: ""))
    }

    func located<T>(_ value: T, at pointer: String) -> Located<T> {
        Located(value: value, location: source.location(of: pointer))
    }
}
