/// One evaluation of an instance against a ``SchemaProgram``: the walk over the nodes, with
/// what it needs to keep — the failures found, the paths to report them at, the dynamic scope,
/// the depth — and nothing more when it only has to answer valid or not.
///
/// ```swift
/// var evaluation = SchemaEvaluation(program: program, reporting: false, limit: 0, cancellation: nil)
/// let valid = evaluation.run(instance)
/// ```
///
/// Two modes: *quiet* (``isValid``: stop at the first failure, keep no paths) and *reporting*
/// (``failures``: every failure up to the limit, with its locations). Inside `anyOf`, `oneOf`,
/// `not`, `contains`, `if` and `propertyNames` a reporting evaluation goes quiet, since those
/// keywords report their own failure. Whatever the mode, a failure that means the instance could
/// not be checked (``SchemaFailure/isIndeterminate``) makes the verdict invalid and is always
/// reported.
struct SchemaEvaluation {
    /// One step of a keyword location: a keyword, or a key or index below one.
    enum KeywordStep {
        case keyword(String)
        case key(String)
        case index(Int)
    }

    /// What a node's keywords evaluated of an object or array, for `unevaluatedProperties` and
    /// `unevaluatedItems`. Kept only where one of those can see it.
    struct Evaluated {
        var allProperties = false
        var properties: Set<JSONKey> = []
        /// Items `0..<itemPrefix` were evaluated.
        var itemPrefix = 0
        var allItems = false
        /// Items `contains` matched (2020-12).
        var items: Set<Int> = []

        mutating func merge(_ other: Evaluated) {
            allProperties = allProperties || other.allProperties
            if !allProperties { properties.formUnion(other.properties) }
            itemPrefix = max(itemPrefix, other.itemPrefix)
            allItems = allItems || other.allItems
            if !allItems { items.formUnion(other.items) }
        }
    }

    let program: SchemaProgram
    /// Whether failures are kept, with their locations (else only the verdict counts).
    let reporting: Bool
    /// Whether ordinary failures are kept right now (false inside quiet applicators).
    var collecting: Bool
    let limit: Int
    let cancellation: CancellationFlag?
    private(set) var failures: [SchemaFailure] = []
    /// The limit was reached or the evaluation cancelled: everything unwinds.
    private(set) var stopped = false
    /// Something could not be checked: the instance is not valid, whatever else says.
    private(set) var indeterminate = false
    private var depth = 0
    private var instancePath: [SchemaInstanceLocation.Token] = []
    private var keywordPath: [KeywordStep] = []
    /// The resources entered, outermost first (kept when the program has dynamic references).
    private var dynamicScope: [Int] = []
    /// The nodes entered (kept when the program has an in-place cycle), and where the ones
    /// entered since the last step into the instance begin.
    private var visiting: [Int] = []
    private var levelStart = 0

    init(program: SchemaProgram, reporting: Bool, limit: Int, cancellation: CancellationFlag?) {
        self.program = program
        self.reporting = reporting
        self.collecting = reporting
        self.limit = max(1, limit)
        self.cancellation = cancellation
    }

    /// Evaluates `instance` from the root: whether it is valid.
    mutating func run(_ instance: JSONValue) -> Bool {
        var none: Evaluated?
        let valid = validate(program.root, instance, &none)
        if !valid, reporting, failures.isEmpty, !stopped {
            // Every path to `false` records a failure; this keeps the promise if one did not.
            record(.falseSchema, keyword: "", node: program.root, addKeyword: false)
        }
        return valid && !indeterminate
    }

    // MARK: - Nodes

    /// Whether `instance` conforms to node `index`; on success, what the node evaluated is merged
    /// into `evaluated` when the caller keeps that.
    mutating func validate(_ index: Int, _ instance: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        if stopped { return false }
        let node = program.nodes[index]
        if node.isFalse {
            record(.falseSchema, keyword: currentKeyword, node: index, addKeyword: false)
            return false
        }
        if node.isTrivial { return true }
        depth += 1
        defer { depth -= 1 }
        if depth > program.maxDepth {
            recordIndeterminate(.depthLimit(program.maxDepth), keyword: currentKeyword, node: index, addKeyword: false)
            return false
        }
        if program.hasInPlaceCycle {
            if visiting[levelStart...].contains(index) {
                recordIndeterminate(.referenceLoop, keyword: currentKeyword, node: index, addKeyword: false)
                return false
            }
            visiting.append(index)
        }
        defer { if program.hasInPlaceCycle { visiting.removeLast() } }
        let entersResource = program.usesDynamicScope && dynamicScope.last != node.resource
        if entersResource { dynamicScope.append(node.resource) }
        defer { if entersResource { dynamicScope.removeLast() } }

        var local: Evaluated?
        if evaluated != nil || node.tracksUnevaluated {
            switch instance {
            case .object, .array: local = Evaluated()
            default: break
            }
        }
        var valid = true
        if !runChecks(node.leading, index, instance, &local, &valid) { return false }
        let typed: [SchemaCheck]
        switch instance {
        case .number, .decimal: typed = node.numberChecks
        case .string: typed = node.stringChecks
        case .array: typed = node.arrayChecks
        case .object: typed = node.objectChecks
        default: typed = []
        }
        if !runChecks(typed, index, instance, &local, &valid) { return false }
        if !runChecks(node.trailing, index, instance, &local, &valid) { return false }
        // A subschema that fails leaves no annotations, except while failures are collected:
        // then only unconditional applicators (`allOf`, references, `dependentSchemas`, the
        // branch taken) ask, the instance is invalid already, and what the failing subschema
        // evaluated keeps `unevaluated*` from reporting the same members again.
        if valid || collecting, evaluated != nil, let local { evaluated?.merge(local) }
        return valid
    }

    /// Runs checks in order; false when the evaluation of this node should stop (a failure in
    /// quiet mode, or the limit).
    private mutating func runChecks(
        _ checks: [SchemaCheck], _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ valid: inout Bool
    ) -> Bool {
        // By index, so that each check is read in place rather than copied out of the array.
        for position in checks.indices where !apply(checks[position], node, instance, &local) {
            valid = false
            if !collecting || stopped { return false }
        }
        return true
    }

    // MARK: - Paths

    /// The keyword the evaluation last stepped through (what a `false` subschema reports as).
    private var currentKeyword: String {
        for step in keywordPath.reversed() {
            if case .keyword(let keyword) = step { return keyword }
        }
        return "false"
    }

    mutating func enter(_ step: KeywordStep) {
        if reporting { keywordPath.append(step) }
    }

    mutating func leave(_ count: Int = 1) {
        if reporting { keywordPath.removeLast(count) }
    }

    /// Validates `value`, the member or item at `step` of the current instance, against `node`.
    mutating func validateChild(_ node: Int, _ value: JSONValue, at step: SchemaInstanceLocation.Token) -> Bool {
        if reporting { instancePath.append(step) }
        let level = levelStart
        levelStart = visiting.count
        var none: Evaluated?
        let valid = validate(node, value, &none)
        levelStart = level
        if reporting { instancePath.removeLast() }
        return valid
    }

    /// Validates `value` (not part of the instance: a property name) against `node`, quietly.
    mutating func validateDetached(_ node: Int, _ value: JSONValue) -> Bool {
        let level = levelStart
        levelStart = visiting.count
        var none: Evaluated?
        let valid = quietly { $0.validate(node, value, &none) }
        levelStart = level
        return valid
    }

    /// Runs `body` with ordinary failures not kept.
    mutating func quietly(_ body: (inout SchemaEvaluation) -> Bool) -> Bool {
        let saved = collecting
        collecting = false
        let result = body(&self)
        collecting = saved
        return result
    }

    // MARK: - Failures

    /// Records a failure of `keyword` of node `node` (at the current instance location, or at
    /// `step` below it), when failures are kept right now; `kind` is only made then.
    mutating func record(
        _ kind: @autoclosure () -> SchemaFailure.Kind, keyword: String, node: Int, at step: SchemaInstanceLocation.Token? = nil,
        addKeyword: Bool = true
    ) {
        guard reporting, collecting, !stopped else { return }
        append(kind(), keyword: keyword, node: node, at: step, addKeyword: addKeyword)
    }

    /// Records that the instance could not be checked here: kept even in quiet mode, and the
    /// verdict is invalid whatever else says.
    mutating func recordIndeterminate(
        _ kind: SchemaFailure.Kind, keyword: String, node: Int, addKeyword: Bool = true
    ) {
        indeterminate = true
        guard reporting, !stopped else { return }
        append(kind, keyword: keyword, node: node, at: nil, addKeyword: addKeyword)
    }

    private mutating func append(
        _ kind: SchemaFailure.Kind, keyword: String, node: Int, at step: SchemaInstanceLocation.Token?, addKeyword: Bool
    ) {
        var tokens = instancePath
        if let step { tokens.append(step) }
        var keywordLocation = ""
        for step in keywordPath {
            keywordLocation += "/"
            switch step {
            case .keyword(let name), .key(let name): keywordLocation += SchemaPointer.escape(name)
            case .index(let index): keywordLocation += String(index)
            }
        }
        let compiled = program.nodes[node]
        var schemaPointer = compiled.pointer
        if addKeyword {
            keywordLocation += "/" + SchemaPointer.escape(keyword)
            schemaPointer += "/" + SchemaPointer.escape(keyword)
        }
        failures.append(
            SchemaFailure(
                instanceLocation: SchemaInstanceLocation(tokens: tokens), keywordLocation: keywordLocation,
                absoluteKeywordLocation: program.documentURIs[compiled.document] + "#" + schemaPointer,
                rootSchemaPointer: compiled.document == program.rootDocument ? schemaPointer : nil, keyword: keyword,
                kind: kind))
        if failures.count >= limit { stopped = true }
    }

    /// Whether to stop: the limit was reached, or the cancellation flag is set (which is
    /// recorded once). Looked at before each item and member.
    mutating func shouldStop(node: Int, keyword: String) -> Bool {
        if stopped { return true }
        guard let cancellation, cancellation.isCancelled else { return false }
        recordIndeterminate(.cancelled, keyword: keyword, node: node)
        stopped = true
        return true
    }

    /// The node a `$dynamicRef` leads to: the outermost resource in the dynamic scope with the
    /// anchor, else the static target.
    func dynamicTarget(_ initial: Int, anchor: String?) -> Int {
        guard let anchor else { return initial }
        for resource in dynamicScope {
            if let node = program.resources[resource].dynamicAnchors[anchor] { return node }
        }
        return initial
    }

    /// The node a `$recursiveRef` leads to: when the static target says `$recursiveAnchor:
    /// true`, the outermost resource in the dynamic scope that says so too.
    func recursiveTarget(_ initial: Int) -> Int {
        guard program.resources[program.nodes[initial].resource].recursiveRoot == initial else { return initial }
        for resource in dynamicScope {
            if let root = program.resources[resource].recursiveRoot { return root }
        }
        return initial
    }
}
