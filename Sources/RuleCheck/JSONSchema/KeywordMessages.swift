/// Which failure code a JSON Schema keyword's message belongs to, for the messages a schema
/// writes per keyword — ajv-errors' `errorMessage` and a Divar-style `errors` — on import, and
/// for writing a field's messages back on export.
enum KeywordMessages {
    /// The failure code of each keyword that is a rule of the field itself.
    static let codeOfKeyword: [String: String] = [
        "required": "required", "type": "type", "minimum": "min", "maximum": "max", "minLength": "min_length",
        "maxLength": "max_length", "enum": "option", "const": "option", "minItems": "items.min", "maxItems": "items.max",
        "uniqueItems": "items.unique",
    ]

    /// Keywords that become checks (or the field's pattern): their message is the check's.
    static let checkKeywords: Set<String> = [
        "pattern", "format", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "not", "anyOf", "oneOf",
    ]

    /// Every keyword a message may be written for (a Divar-style `errors` naming another is
    /// reported, with a near miss).
    static let keywords: Set<String> = Set(codeOfKeyword.keys).union(checkKeywords)

    /// The keyword an export writes a code's message under.
    static let keywordOfCode: [IssueCode: String] = [
        .required: "required", .type: "type", .min: "minimum", .max: "maximum", .minLength: "minLength",
        .maxLength: "maxLength", .option: "enum", .items: "minItems", .pattern: "pattern",
        IssueCode(rawValue: "items.min"): "minItems", IssueCode(rawValue: "items.max"): "maxItems",
        IssueCode(rawValue: "items.unique"): "uniqueItems",
    ]
}
