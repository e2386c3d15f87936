package import Patterns

/// How a ``JSONSchemaEvaluator`` reads a schema: the dialect of a schema without `$schema`,
/// whether `format` asserts, what to do with references to documents it was not given, and
/// the bounds of one evaluation.
///
/// ```swift
/// var options = SchemaEvaluationOptions()
/// options.defaultDialect = .draft7
/// options.formats = .assert
/// options.allowUnresolvedReferences = true   // remote $refs become findings, and fail closed
/// let evaluator = try JSONSchemaEvaluator(root: schema, options: options)
/// ```
package struct SchemaEvaluationOptions: Hashable, Sendable {
    /// Whether `format` is checked.
    package enum FormatMode: Hashable, Sendable {
        /// As the dialect says: draft-04, -06 and -07 assert; 2019-09 and 2020-12 only annotate
        /// unless the schema's meta-schema puts a format-assertion vocabulary in force.
        case dialectDefault
        /// `format` never fails.
        case annotate
        /// Every known format is checked in every dialect; unknown formats pass.
        case assert
    }

    /// The dialect of a root schema without a `$schema` this evaluator knows (2020-12 unless
    /// told). Other documents without `$schema` take the root's dialect.
    package var defaultDialect: SchemaDialect = .draft2020_12
    /// Whether `format` is checked (``FormatMode/dialectDefault`` unless told).
    package var formats: FormatMode = .dialectDefault
    /// Whether a `$ref` to a document the registry does not hold compiles: it is then listed in
    /// ``JSONSchemaEvaluator/unresolvedReferences`` and every instance that reaches it fails
    /// (``SchemaFailure/Kind/unresolvedReference(_:)``). A reference into a document the registry
    /// holds that finds nothing is a compile error either way.
    package var allowUnresolvedReferences = false
    /// How many schemas one evaluation may nest (each `$ref` and each subschema that checks
    /// something counts one): deeper is a ``SchemaFailure/Kind/depthLimit(_:)`` failure instead
    /// of a stack overflow. Each level takes about 1.5 KB of stack in an optimized build and up
    /// to 7 KB in a debug build, so the default, 200, fits a thread of 512 KB optimized (and
    /// takes an instance about 100 levels deep through a schema that refers to itself at each);
    /// raise it together with the stack of the thread that evaluates.
    package var maxDepth = 200
    /// The bounds of every `pattern`, `patternProperties` and `format: regex` match.
    package var patternLimits: Pattern.Limits = .default

    /// Options with every default.
    package init() {}
}
