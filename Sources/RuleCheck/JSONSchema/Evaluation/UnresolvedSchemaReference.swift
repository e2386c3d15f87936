/// A `$ref` (or `$dynamicRef`, `$recursiveRef`) to a document the registry does not hold, which
/// ``SchemaEvaluationOptions/allowUnresolvedReferences`` let compile: for the caller to report.
///
/// ```swift
/// evaluator.unresolvedReferences.first?.uri       // "https://example.com/address.json"
/// evaluator.unresolvedReferences.first?.pointer   // "/properties/home/$ref"
/// ```
package struct UnresolvedSchemaReference: Hashable, Sendable {
    /// The reference resolved against its base URI (with its fragment, if any).
    package var uri: String
    /// The document the `$ref` keyword is in.
    package var documentURI: String
    /// Whether that is the root schema.
    package var isInRootDocument: Bool
    /// The JSON pointer of the `$ref` keyword in that document.
    package var pointer: String
}
