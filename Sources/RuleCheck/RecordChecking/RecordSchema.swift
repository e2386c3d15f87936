/// A rule set's JSON Schema, compiled (`json_schema:`, or the schema the rules were imported
/// from): it decides which records are valid, exactly as the schema says, while the form's
/// fields say what they can about each failure (titles, the schema's own messages).
///
/// ```swift
/// let rules = try RuleSet(jsonSchema: schema)          // a server's schema
/// let checker = RecordChecker(rules)
/// checker.check(json: ["a": .null]).violations         // `null` is not a string: the schema's answer
/// ```
///
/// How a record's violations are made (``SchemaVerdict``): the fields' violations and the
/// schema's failures are both found; when the schema finds the record valid, the fields' errors
/// are dropped (the schema is the judge); otherwise a field's error stays where the schema
/// failed too (at its place in the record or above it), and each failure of the schema that no
/// field's error already says is a violation of its own, with the value's JSON pointer and the
/// keyword's schema path.
final class RecordSchema: Sendable {
    let evaluator: JSONSchemaEvaluator
    /// The schema's JSON text as written (what ``RuleSet/jsonSchema(draft:)`` exports).
    let text: String

    /// The most failures one record reports (each is a violation).
    static let maxFailures = 1_000

    init(evaluator: JSONSchemaEvaluator, text: String) {
        self.evaluator = evaluator
        self.text = text
    }

    /// The schema's failures on `record`; none when it is valid.
    func failures(_ record: JSONValue, cancellation: CancellationFlag? = nil) -> [SchemaFailure] {
        if evaluator.isValid(record) { return [] }
        return evaluator.failures(record, limit: Self.maxFailures, cancellation: cancellation)
    }
}
