/// A schema compiled for evaluation: a flat array of nodes addressed by index, each a list of
/// pre-decoded keyword checks, with every static reference already an index. Immutable, so one
/// program serves any number of threads at once.
///
/// ```swift
/// let program = try SchemaCompiler.compile(root: schema, baseURI: nil, documents: [:], options: options).program
/// program.nodes[program.root].checks.count
/// ```
struct SchemaProgram: Sendable {
    /// A subschema while it is compiled (the compiler fills it in), made a ``Node`` after.
    struct NodeDraft: Sendable {
        /// `$ref`s, `type`, `enum`, `const`: checked on any instance, first.
        var leading: [SchemaCheck] = []
        /// Checks of numbers, strings, arrays and objects, each run only on its type.
        var numberChecks: [SchemaCheck] = []
        var stringChecks: [SchemaCheck] = []
        var arrayChecks: [SchemaCheck] = []
        var objectChecks: [SchemaCheck] = []
        /// In-place applicators (`allOf`, `anyOf`, `oneOf`, `not`, `if`), then `unevaluated*`.
        var trailing: [SchemaCheck] = []
        /// The schema is `false`.
        var isFalse = false
        /// The node has `unevaluatedProperties` or `unevaluatedItems`: it collects what its
        /// other keywords evaluate.
        var tracksUnevaluated = false
        /// The resource the subschema is in (for the dynamic scope).
        var resource = 0
        /// Where it is written.
        var document = 0
        var pointer = ""
        /// Whether it checks nothing at all (`{}`, `true`, a schema of annotations only).
        var isTrivial: Bool {
            !isFalse && leading.isEmpty && numberChecks.isEmpty && stringChecks.isEmpty && arrayChecks.isEmpty
                && objectChecks.isEmpty && trailing.isEmpty
        }
    }

    /// One compiled subschema: a class, so that evaluation takes one reference to it, not a
    /// copy of each of its arrays.
    final class Node: Sendable {
        let leading: [SchemaCheck]
        let numberChecks: [SchemaCheck]
        let stringChecks: [SchemaCheck]
        let arrayChecks: [SchemaCheck]
        let objectChecks: [SchemaCheck]
        let trailing: [SchemaCheck]
        let isFalse: Bool
        let tracksUnevaluated: Bool
        /// It checks nothing at all (`{}`, `true`, a schema of annotations only).
        let isTrivial: Bool
        let resource: Int
        let document: Int
        let pointer: String

        init(_ draft: NodeDraft) {
            leading = draft.leading
            numberChecks = draft.numberChecks
            stringChecks = draft.stringChecks
            arrayChecks = draft.arrayChecks
            objectChecks = draft.objectChecks
            trailing = draft.trailing
            isFalse = draft.isFalse
            tracksUnevaluated = draft.tracksUnevaluated
            isTrivial = draft.isTrivial
            resource = draft.resource
            document = draft.document
            pointer = draft.pointer
        }
    }

    /// A schema resource, as far as `$dynamicRef` and `$recursiveRef` need it.
    struct Resource: Sendable {
        /// `$dynamicAnchor` name → node, for the anchors compiled.
        var dynamicAnchors: [String: Int] = [:]
        /// The node of its top, when its top says `$recursiveAnchor: true`.
        var recursiveRoot: Int?
    }

    var nodes: [Node]
    var resources: [Resource]
    /// The URI of each document, by index (absolute locations).
    var documentURIs: [String]
    /// The index of the root document (0).
    var rootDocument = 0
    /// The node evaluation starts at.
    var root: Int
    /// Whether some `$dynamicRef` or `$recursiveRef` needs the dynamic scope kept.
    var usesDynamicScope: Bool
    /// Whether some subschema can reach itself without going into the instance (`{"$ref": "#"}`):
    /// evaluation then watches for loops.
    var hasInPlaceCycle: Bool
    /// ``SchemaEvaluationOptions/maxDepth``.
    var maxDepth: Int
}
