/// The vocabularies in force in a schema resource of 2019-09 or 2020-12: the keywords of a
/// vocabulary that is not in force are unknown keywords there (annotations, never checked).
///
/// ```swift
/// let vocabularies = SchemaVocabularies.all   // what 2020-12's own meta-schema puts in force
/// vocabularies.contains(.validation)        // true
/// vocabularies.contains(.formatAssertion)   // false: `format` only annotates
/// ```
///
/// A meta-schema's `$vocabulary` says which are in force in the schemas that name it in
/// `$schema`; without one, ``all`` is. Draft-04 to draft-07 have no
/// vocabularies: all of their keywords are always in force (``all``).
struct SchemaVocabularies: OptionSet, Hashable, Sendable {
    let rawValue: UInt16

    /// `$id`, `$ref`, `$defs`, anchors: always in force.
    static let core = SchemaVocabularies(rawValue: 1 << 0)
    /// `properties`, `items`, `allOf`, `if`, … (and in 2019-09 the `unevaluated*` keywords).
    static let applicator = SchemaVocabularies(rawValue: 1 << 1)
    /// `unevaluatedProperties`, `unevaluatedItems` (2020-12).
    static let unevaluated = SchemaVocabularies(rawValue: 1 << 2)
    /// `type`, `enum`, `minimum`, `required`, …
    static let validation = SchemaVocabularies(rawValue: 1 << 3)
    /// `title`, `default`, … (annotations either way).
    static let metaData = SchemaVocabularies(rawValue: 1 << 4)
    /// `format` as an annotation (2019-09's format vocabulary, 2020-12's format-annotation).
    static let formatAnnotation = SchemaVocabularies(rawValue: 1 << 5)
    /// `format` as an assertion (2020-12's format-assertion; 2019-09's format vocabulary when
    /// a meta-schema requires it with `true`).
    static let formatAssertion = SchemaVocabularies(rawValue: 1 << 6)
    /// `contentEncoding`, `contentMediaType`, `contentSchema` (annotations either way).
    static let content = SchemaVocabularies(rawValue: 1 << 7)

    /// Every vocabulary but format assertion: draft-04 to draft-07, where every keyword counts.
    static let all: SchemaVocabularies = [.core, .applicator, .unevaluated, .validation, .metaData, .formatAnnotation, .content]

    /// The vocabulary a `$vocabulary` URI names, and whether `required` (its value) turns
    /// format into an assertion; nil for a URI this evaluator does not know.
    static func named(_ uri: String, required: Bool) -> SchemaVocabularies? {
        switch uri {
        case "https://json-schema.org/draft/2019-09/vocab/core", "https://json-schema.org/draft/2020-12/vocab/core": .core
        case "https://json-schema.org/draft/2019-09/vocab/applicator": [.applicator, .unevaluated]
        case "https://json-schema.org/draft/2020-12/vocab/applicator": .applicator
        case "https://json-schema.org/draft/2020-12/vocab/unevaluated": .unevaluated
        case "https://json-schema.org/draft/2019-09/vocab/validation", "https://json-schema.org/draft/2020-12/vocab/validation":
            .validation
        case "https://json-schema.org/draft/2019-09/vocab/meta-data", "https://json-schema.org/draft/2020-12/vocab/meta-data":
            .metaData
        case "https://json-schema.org/draft/2019-09/vocab/format": required ? [.formatAnnotation, .formatAssertion] : .formatAnnotation
        case "https://json-schema.org/draft/2020-12/vocab/format-annotation": .formatAnnotation
        case "https://json-schema.org/draft/2020-12/vocab/format-assertion": .formatAssertion
        case "https://json-schema.org/draft/2019-09/vocab/content", "https://json-schema.org/draft/2020-12/vocab/content":
            .content
        default: nil
        }
    }
}
