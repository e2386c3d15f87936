/// One reason an instance does not conform to a schema, where it is in the instance and which
/// keyword of the schema says so: what ``JSONSchemaEvaluator/failures(_:limit:cancellation:)``
/// returns.
///
/// ```swift
/// let failure = evaluator.failures(["updates": [["interval": "daily"]]], limit: 10)[0]
/// failure.instanceLocation.pointer    // "/updates/0"
/// failure.keywordLocation             // "/properties/updates/items/required"
/// failure.keyword                     // "required"
/// failure.kind                        // .required("package-ecosystem")
/// failure.message                     // is missing the required property "package-ecosystem"
/// ```
///
/// Locations follow the JSON Schema output formats: ``keywordLocation`` is the path the
/// evaluation took (through each `$ref`), ``absoluteKeywordLocation`` where the keyword is
/// written.
package struct SchemaFailure: Hashable, Sendable, CustomStringConvertible {
    /// Where in the instance: for `required`, `propertyNames` and the array and object
    /// applicators' own failures the object or array; for `additionalProperties: false` and
    /// `unevaluatedProperties: false` the offending member.
    package var instanceLocation: SchemaInstanceLocation
    /// The JSON pointer of the keyword along the evaluation path, `$ref`s included:
    /// `/properties/a/$ref/minLength`.
    package var keywordLocation: String
    /// The URI of the document the keyword is written in, `#`, and its JSON pointer there:
    /// `urn:rulecheck:root#/$defs/name/minLength`.
    package var absoluteKeywordLocation: String
    /// The keyword's JSON pointer in the root schema, when it is written there (to map to a
    /// line and column); nil when it is in another document.
    package var rootSchemaPointer: String?
    /// The keyword that failed: `minLength`, `required`, `anyOf`, `$ref` (unresolved), …
    package var keyword: String
    /// What failed, with what a message needs.
    package var kind: Kind

    /// The failure in English, about the value at ``instanceLocation``: `must be at least 3
    /// characters long, not 2`.
    package var message: String { kind.message }

    /// Whether the failure says the instance could not be checked (an unresolved reference, a
    /// pattern's match limit, the depth limit, a loop, cancellation) rather than that it breaks
    /// a rule.
    package var isIndeterminate: Bool { kind.isIndeterminate }

    /// `/updates/0: is missing the required property "package-ecosystem" [/properties/updates/items/required]`.
    package var description: String {
        "\(instanceLocation.pointer.isEmpty ? "(root)" : instanceLocation.pointer): \(message) [\(keywordLocation)]"
    }
}
