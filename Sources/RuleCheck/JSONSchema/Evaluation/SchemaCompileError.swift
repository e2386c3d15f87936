/// Everything wrong with a schema that ``JSONSchemaEvaluator/init(root:baseURI:documents:options:)``
/// found: each problem with the document it is in and the JSON pointer of the offending keyword.
///
/// ```swift
/// do {
///     _ = try JSONSchemaEvaluator(root: ["properties": ["a": ["minLength": "a"]]])
/// } catch {
///     error.problems[0].description   // /properties/a/minLength: minLength must be a non-negative integer, not "a"
/// }
/// ```
package struct SchemaCompileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One problem.
    package struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The URI the document is registered under (the root's base URI for the root schema).
        package var documentURI: String
        /// Whether the problem is in the root schema (so that ``pointer`` maps to its text).
        package var isInRootDocument: Bool
        /// The JSON pointer of the offending keyword (or schema) inside the document.
        package var pointer: String
        /// What is wrong, in English.
        package var message: String
        /// The kind of problem, for the diagnostic code a rules file reports it with.
        package var kind: Kind = .invalid

        /// What kind of problem it is: most make the schema invalid; two have codes of their own.
        package enum Kind: Hashable, Sendable {
            /// The schema breaks its meta-schema, or cannot be evaluated.
            case invalid
            /// A `pattern` (or `patternProperties` key) that ECMA-262 does not read as a regex.
            case notECMARegex
            /// A `$ref` whose fragment names nothing in its document.
            case unresolvedReference
        }

        /// `pointer: message` for the root schema (`(root): message` for its top), else
        /// `uri#pointer: message`.
        package var description: String {
            if isInRootDocument { return "\(pointer.isEmpty ? "(root)" : pointer): \(message)" }
            return "\(documentURI)#\(pointer): \(message)"
        }
    }

    /// Every problem found: the root document's first, then by document and by pointer.
    package var problems: [Problem]

    /// The problems, one a line.
    package var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
