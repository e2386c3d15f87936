import Foundation

/// Properties of several JSON types (`type: [string, number]`), of none, or whose `const` or
/// `enum` holds arrays and objects: `json` fields. A JSON Schema keyword applies to the values of
/// its type (`minLength` to a string, `minimum` to a number, `minItems` to an array) and lets
/// the others through, which is what a `json` field's value rules do; what has no key is a
/// check whose expressions test the value's JSON type first.
extension SchemaImporter {
    /// The keywords a `json` field reads.
    static let anyJSONKeywords: Set<String> = [
        "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf", "minItems", "maxItems", "uniqueItems", "const", "enum",
    ]

    mutating func anyJSONKeywords(_ spec: inout FieldSpec, _ node: SchemaNode, path: String, _ x: RuleCheckKeywords) {
        // Strings: lengths, patterns and formats (a searching pattern is a check's pattern, which
        // reads strings only).
        textKeywords(&spec, node, path: path, x, textField: false)
        // Numbers: inclusive bounds are min/max (which read numbers only); the rest are checks.
        bounds(&spec, node, skipMin: x.min != nil, skipMax: x.max != nil)
        if x.checks == nil {
            let keywords: Set<String> = [
                "exclusiveMinimum", "exclusiveMaximum", "minimum", "maximum", "multipleOf", "const", "enum",
            ]
            for check in constraints(node, path: path, type: .json, forCondition: false, only: keywords).items
            where !["minimum", "maximum"].contains(check.keyword) || check.expr.contains(" > ") || check.expr.contains(" < ") {
                spec.checks.append(checkSpec(check, node))
            }
        }
        // Arrays: counts and uniqueness.
        itemCounts(&spec, node)
        uniqueItems(&spec, node)
        for keyword in ["items", "prefixItems"] {
            if let (_, pointer) = node.first(keyword) {
                finding(.unsupported, "'\(keyword)' of a value of several types is not checked", at: pointer)
            }
        }
    }

    /// A JSON value as an expression literal of a `json` field: a scalar as any literal, an
    /// array or object as `json('…')`.
    static func anyLiteral(_ value: JSONValue) -> String {
        switch value {
        case .array, .object: "json(\(textLiteral(JSONWriter.string(value))))"
        case .number, .decimal: value.exactNumber.flatMap(decimal) ?? "json(\(textLiteral(JSONWriter.string(value))))"
        default: literal(value) ?? "null"
        }
    }

    /// `type` as a condition on a `json` field's value: `json_type(v) == 'string' or …`
    /// (`integer` is a number that `multiple_of(v, 1)`; `null` is `v == null`).
    static func jsonTypeCondition(_ value: JSONValue, path: String) -> String? {
        let names: [String]
        switch value {
        case .string(let name): names = [name]
        case .array(let items): names = items.compactMap(\.string)
        default: return nil
        }
        var terms: [String] = []
        for name in names {
            switch name {
            case "integer": terms.append("json_type(\(path)) == 'number' and multiple_of(\(path), 1)")
            case "null": terms.append("\(path) == null")
            case "string", "number", "boolean", "array", "object": terms.append("json_type(\(path)) == '\(name)'")
            default: return nil
            }
        }
        return balanced(terms, "or")
    }

    /// `expr` for the values of one JSON type of a `json` field, true for the others: JSON
    /// Schema's `minimum` lets a string through.
    static func onlyFor(_ jsonType: String, _ expr: String, path: String, type: FieldType?) -> String {
        type == .json ? "(json_type(\(path)) != '\(jsonType)' or \(expr))" : expr
    }
}
