/// Which keywords each dialect knows, which vocabulary each belongs to, and where each holds
/// subschemas: the one table the registry's walk and the compiler both read.
///
/// ```swift
/// SchemaKeywordTable.subschemas("items", in: .draft7)          // .schemaOrArray
/// SchemaKeywordTable.subschemas("items", in: .draft2020_12)    // .schema
/// SchemaKeywordTable.vocabulary("minimum", in: .draft2020_12)  // .validation
/// ```
enum SchemaKeywordTable {
    /// How a keyword's value holds subschemas.
    enum Subschemas: Hashable, Sendable {
        /// One schema.
        case schema
        /// An array of schemas.
        case schemaArray
        /// An object whose values are schemas.
        case schemaMap
        /// One schema or an array of them (`items` before 2020-12).
        case schemaOrArray
        /// An object whose values are schemas or arrays of names (`dependencies`).
        case dependencies
    }

    /// Where `keyword` holds subschemas in `dialect`; nil for a keyword that holds none there.
    static func subschemas(_ keyword: String, in dialect: SchemaDialect) -> Subschemas? {
        switch keyword {
        case "additionalProperties", "not": return .schema
        case "allOf", "anyOf", "oneOf": return .schemaArray
        case "properties", "patternProperties", "definitions": return .schemaMap
        case "items": return dialect == .draft2020_12 ? .schema : .schemaOrArray
        case "additionalItems": return dialect <= .draft2019_09 ? .schema : nil
        case "dependencies": return dialect <= .draft7 ? .dependencies : nil
        case "contains", "propertyNames": return dialect >= .draft6 ? .schema : nil
        case "if", "then", "else": return dialect >= .draft7 ? .schema : nil
        case "unevaluatedItems", "unevaluatedProperties": return dialect >= .draft2019_09 ? .schema : nil
        case "$defs", "dependentSchemas": return dialect >= .draft2019_09 ? .schemaMap : nil
        case "prefixItems": return dialect == .draft2020_12 ? .schemaArray : nil
        default: return nil
        }
    }

    /// The vocabulary `keyword` belongs to in a dialect with vocabularies (2019-09, 2020-12);
    /// nil for a keyword of none (an unknown keyword, an annotation).
    static func vocabulary(_ keyword: String, in dialect: SchemaDialect) -> SchemaVocabularies? {
        switch keyword {
        case "$id", "$schema", "$ref", "$anchor", "$defs", "$comment", "$vocabulary": .core
        case "$recursiveRef", "$recursiveAnchor": dialect == .draft2019_09 ? .core : nil
        case "$dynamicRef", "$dynamicAnchor": dialect == .draft2020_12 ? .core : nil
        case "items", "contains", "additionalProperties", "properties", "patternProperties", "dependentSchemas",
            "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not":
            .applicator
        case "additionalItems": dialect == .draft2019_09 ? .applicator : nil
        case "prefixItems": dialect == .draft2020_12 ? .applicator : nil
        case "unevaluatedItems", "unevaluatedProperties": dialect == .draft2019_09 ? .applicator : .unevaluated
        case "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
            "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
            "maxProperties", "minProperties", "required", "dependentRequired":
            .validation
        case "format": .formatAnnotation
        default: nil
        }
    }

    /// Whether `keyword` is one `dialect` checks (or, for the applicators, applies), given the
    /// vocabularies in force.
    static func isActive(_ keyword: String, in context: SchemaContext) -> Bool {
        let dialect = context.dialect
        switch keyword {
        case "type", "enum", "multipleOf", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "maxLength",
            "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required",
            "format", "$ref", "items", "additionalProperties", "properties", "patternProperties", "allOf", "anyOf",
            "oneOf", "not":
            break
        case "additionalItems": guard dialect <= .draft2019_09 else { return false }
        case "dependencies": return dialect <= .draft7
        case "const", "contains", "propertyNames": guard dialect >= .draft6 else { return false }
        case "if", "then", "else": guard dialect >= .draft7 else { return false }
        case "dependentRequired", "dependentSchemas", "unevaluatedItems", "unevaluatedProperties", "minContains",
            "maxContains":
            guard dialect >= .draft2019_09 else { return false }
        case "$recursiveRef": guard dialect == .draft2019_09 else { return false }
        case "prefixItems", "$dynamicRef": guard dialect == .draft2020_12 else { return false }
        default: return false
        }
        guard dialect.hasVocabularies, let vocabulary = vocabulary(keyword, in: dialect) else { return true }
        if keyword == "format" {
            return context.vocabularies.contains(.formatAnnotation) || context.vocabularies.contains(.formatAssertion)
        }
        return context.vocabularies.contains(vocabulary)
    }
}

/// The dialect and vocabularies in force at a place in a schema.
struct SchemaContext: Hashable, Sendable {
    var dialect: SchemaDialect
    var vocabularies: SchemaVocabularies

    /// A dialect with its own meta-schema's vocabularies.
    init(_ dialect: SchemaDialect, vocabularies: SchemaVocabularies = .all) {
        self.dialect = dialect
        self.vocabularies = vocabularies.union(.core)
    }
}
