/// The JSON Schema draft a schema resource is written in, which decides what its keywords mean.
///
/// ```swift
/// SchemaDialect(schemaURI: "http://json-schema.org/draft-07/schema#")        // .draft7
/// SchemaDialect(schemaURI: "https://json-schema.org/draft/2020-12/schema")   // .draft2020_12
/// SchemaDialect(schemaURI: "https://example.com/my-meta")                    // nil
/// ```
///
/// A resource's dialect comes from its `$schema` (or the `$schema` of the meta-schema that names,
/// when the registry holds that meta-schema), else from the document's, else from
/// ``SchemaEvaluationOptions/defaultDialect``.
package enum SchemaDialect: String, CaseIterable, Hashable, Sendable {
    /// Draft-04: `id`, boolean `exclusiveMinimum`/`exclusiveMaximum`, no boolean schemas.
    case draft4 = "draft-04"
    /// Draft-06: `$id`, `const`, `contains`, `propertyNames`, boolean schemas.
    case draft6 = "draft-06"
    /// Draft-07: `if`/`then`/`else`.
    case draft7 = "draft-07"
    /// 2019-09: vocabularies, `$anchor`, `$recursiveRef`, `unevaluated*`, `dependentRequired`/`dependentSchemas`.
    case draft2019_09 = "2019-09"
    /// 2020-12: `prefixItems`, `$dynamicRef`/`$dynamicAnchor`.
    case draft2020_12 = "2020-12"

    /// The dialect a `$schema` value names, in any of its usual spellings (`http` or `https`,
    /// with or without the empty fragment); nil for any other URI.
    ///
    /// ```swift
    /// SchemaDialect(schemaURI: "https://json-schema.org/draft-04/schema")   // .draft4
    /// ```
    package init?(schemaURI: String) {
        var text = Substring(schemaURI)
        if text.hasSuffix("#") { text = text.dropLast() }
        if text.hasPrefix("https://") {
            text = text.dropFirst("https://".count)
        } else if text.hasPrefix("http://") {
            text = text.dropFirst("http://".count)
        } else {
            return nil
        }
        switch text {
        case "json-schema.org/draft-04/schema": self = .draft4
        case "json-schema.org/draft-06/schema": self = .draft6
        case "json-schema.org/draft-07/schema": self = .draft7
        case "json-schema.org/draft/2019-09/schema": self = .draft2019_09
        case "json-schema.org/draft/2020-12/schema": self = .draft2020_12
        default: return nil
        }
    }

    /// The `$id` of the dialect's meta-schema, without fragment.
    var metaSchemaURI: String {
        switch self {
        case .draft4: "http://json-schema.org/draft-04/schema"
        case .draft6: "http://json-schema.org/draft-06/schema"
        case .draft7: "http://json-schema.org/draft-07/schema"
        case .draft2019_09: "https://json-schema.org/draft/2019-09/schema"
        case .draft2020_12: "https://json-schema.org/draft/2020-12/schema"
        }
    }

    /// Whether the dialect has vocabularies (2019-09 and later).
    var hasVocabularies: Bool { self >= .draft2019_09 }

    /// The keyword that gives a resource its URI: `id` in draft-04, `$id` after.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }

    /// Whether `$ref` makes the other keywords of its object ignored (draft-07 and before).
    var refOverridesSiblings: Bool { self <= .draft7 }

    /// Whether `true` and `false` are schemas (draft-06 and later).
    var allowsBooleanSchemas: Bool { self != .draft4 }
}

extension SchemaDialect: Comparable {
    package static func < (lhs: SchemaDialect, rhs: SchemaDialect) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
