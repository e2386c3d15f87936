@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Helpers for the evaluator's tests: schemas and instances written as JSON text.
enum EvaluatorTest {
    /// The value a JSON text spells.
    static func value(_ text: String) throws -> JSONValue {
        try JSONParser().parse(text)
    }

    /// A compiled schema.
    static func evaluator(
        _ schema: String, dialect: SchemaDialect = .draft2020_12, formats: SchemaEvaluationOptions.FormatMode = .dialectDefault,
        documents: [String: String] = [:], baseURI: String? = nil, allowUnresolved: Bool = false, maxDepth: Int? = nil
    ) throws -> JSONSchemaEvaluator {
        var options = SchemaEvaluationOptions()
        options.defaultDialect = dialect
        options.formats = formats
        options.allowUnresolvedReferences = allowUnresolved
        if let maxDepth { options.maxDepth = maxDepth }
        var parsed: JSONObject = [:]
        for (uri, text) in documents { parsed[uri] = try value(text) }
        return try JSONSchemaEvaluator(root: value(schema), baseURI: baseURI, documents: parsed, options: options)
    }

    /// Whether `instance` is valid; records an issue when ``JSONSchemaEvaluator/isValid(_:)`` and
    /// ``JSONSchemaEvaluator/failures(_:limit:cancellation:)`` disagree.
    static func isValid(
        _ evaluator: JSONSchemaEvaluator, _ instance: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        let value = try self.value(instance)
        let valid = evaluator.isValid(value)
        let failures = evaluator.failures(value, limit: 1_000)
        expectEqual(failures.isEmpty, valid, "isValid and failures disagree on \(instance)", sourceLocation: sourceLocation)
        return valid
    }

    /// The verdict on `instance` under `schema`.
    static func isValid(
        _ schema: String, _ instance: String, dialect: SchemaDialect = .draft2020_12,
        formats: SchemaEvaluationOptions.FormatMode = .dialectDefault, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        try isValid(evaluator(schema, dialect: dialect, formats: formats), instance, sourceLocation: sourceLocation)
    }

    /// Each failure as `instance pointer: keyword location`, in the order reported.
    static func failures(
        _ schema: String, _ instance: String, dialect: SchemaDialect = .draft2020_12, limit: Int = 1_000
    ) throws -> [String] {
        try evaluator(schema, dialect: dialect).failures(value(instance), limit: limit).map(summary)
    }

    /// `instance pointer: keyword location`.
    static func summary(_ failure: SchemaFailure) -> String {
        "\(failure.instanceLocation.pointer): \(failure.keywordLocation)"
    }

    /// The problems' descriptions of a schema that must not compile (empty when it compiles).
    static func compileProblems(
        _ schema: String, dialect: SchemaDialect = .draft2020_12, documents: [String: String] = [:]
    ) throws -> [String] {
        do {
            _ = try evaluator(schema, dialect: dialect, documents: documents)
            return []
        } catch let error as SchemaCompileError {
            return error.problems.map(\.description)
        }
    }
}
