/// A JSON Schema (draft-04, -06, -07, 2019-09 or 2020-12) compiled once, which then tells
/// whether instances conform and, when they do not, where and why.
///
/// ```swift
/// let schema = try JSONParser().parse(#"{"type": "object", "required": ["name"], "properties": {"name": {"minLength": 1}}}"#)
/// let evaluator = try JSONSchemaEvaluator(root: schema)
/// evaluator.isValid(["name": "Ann"])                 // true
/// let failures = evaluator.failures(["name": ""], limit: 10)
/// failures[0].instanceLocation.pointer               // "/name"
/// failures[0].keywordLocation                        // "/properties/name/minLength"
/// failures[0].message                                // must be at least 1 character long, not 0
/// ```
///
/// References are resolved against the documents it is given (the root, `documents`, and the
/// embedded meta-schemas of the five drafts): it never reads a file or the network. The
/// evaluator is immutable once made: share one between threads freely.
///
/// - ``isValid(_:)`` stops at the first failure and keeps nothing it does not need.
/// - ``failures(_:limit:cancellation:)`` reports leaf failures in a fixed order (keywords in a
///   fixed order, object members by the UTF-8 of their keys), up to `limit`.
package final class JSONSchemaEvaluator: Sendable {
    let program: SchemaProgram

    /// References to documents the registry did not hold, when
    /// ``SchemaEvaluationOptions/allowUnresolvedReferences`` let the schema compile with them;
    /// every instance that reaches one fails with ``SchemaFailure/Kind/unresolvedReference(_:)``.
    package let unresolvedReferences: [UnresolvedSchemaReference]

    /// The dialect of the root schema (from its `$schema`, else the options' default).
    package let dialect: SchemaDialect

    /// Compiles a schema.
    ///
    /// ```swift
    /// let evaluator = try JSONSchemaEvaluator(
    ///     root: schema, baseURI: "https://example.com/order.json",
    ///     documents: ["https://example.com/address.json": address])
    /// ```
    ///
    /// - Parameters:
    ///   - root: the schema.
    ///   - baseURI: the root's URI, which its `$id` and relative references resolve against
    ///     (`urn:rulecheck:root` when nil).
    ///   - documents: other schemas by URI, which references may name.
    ///   - options: dialect, formats, unresolved references, bounds.
    /// - Throws: ``SchemaCompileError`` with every problem found: each keyword whose value has
    ///   the wrong shape, each pattern ECMA-262 refuses, each reference that finds nothing.
    package init(
        root: JSONValue, baseURI: String? = nil, documents: JSONObject = [:],
        options: SchemaEvaluationOptions = SchemaEvaluationOptions()
    ) throws(SchemaCompileError) {
        let compiled = try SchemaCompiler.compile(root: root, baseURI: baseURI, documents: documents, options: options)
        program = compiled.program
        unresolvedReferences = compiled.unresolved
        dialect = compiled.dialect
    }

    /// Whether `instance` conforms (an instance that could not be fully checked does not).
    ///
    /// ```swift
    /// evaluator.isValid(["name": "Ann"])   // true
    /// ```
    ///
    /// - Complexity: stops at the first failure; allocates nothing for a valid instance of a
    ///   schema without `$dynamicRef`, `$recursiveRef`, `unevaluated*` or self-reference loops,
    ///   but what formats and `uniqueItems` need.
    package func isValid(_ instance: JSONValue) -> Bool {
        var evaluation = SchemaEvaluation(program: program, reporting: false, limit: 1, cancellation: nil)
        return evaluation.run(instance)
    }

    /// Why `instance` does not conform: empty when it does.
    ///
    /// ```swift
    /// for failure in evaluator.failures(record, limit: 100) {
    ///     print(failure.instanceLocation.pointer, failure.message)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - instance: the value to check.
    ///   - limit: the most failures to return (at least 1); evaluation stops when reached.
    ///   - cancellation: looked at before each array item and object member; once set, what
    ///     was found so far is returned with a ``SchemaFailure/Kind/cancelled`` failure last.
    /// - Returns: leaf failures in a deterministic order; `anyOf`, `oneOf`, `not`, `contains`
    ///   and `propertyNames` report one failure of their own, `then`/`else` their branch's.
    package func failures(_ instance: JSONValue, limit: Int = 100, cancellation: CancellationFlag? = nil) -> [SchemaFailure] {
        var evaluation = SchemaEvaluation(program: program, reporting: true, limit: limit, cancellation: cancellation)
        _ = evaluation.run(instance)
        return evaluation.failures
    }
}
