import Patterns

/// One keyword of a compiled schema, its operands decoded once: what the evaluator runs.
///
/// ```swift
/// SchemaCheck(keyword: "minLength", operation: .minLength(3))
/// SchemaCheck(keyword: "$ref", operation: .reference(12))   // node 12
/// ```
struct SchemaCheck: Sendable {
    /// The keyword as written (the last step of a failure's keyword location).
    var keyword: String
    var operation: Operation

    /// What a keyword does, with its operands.
    enum Operation: Sendable {
        case type(SchemaTypeSet, names: [String])
        case enumeration([JSONValue])
        case constant(JSONValue)
        case minimum(SchemaNumber, exclusive: Bool)
        case maximum(SchemaNumber, exclusive: Bool)
        case multipleOf(SchemaNumber)
        case minLength(Int)
        case maxLength(Int)
        case pattern(SchemaPattern)
        case format(SchemaFormat)
        case minItems(Int)
        case maxItems(Int)
        case uniqueItems
        case items(SchemaItems)
        case contains(SchemaContains)
        case minProperties(Int)
        case maxProperties(Int)
        case required([String])
        /// `dependentRequired` (`dependencies` with arrays): property → names it needs, sorted by property.
        case dependentRequired([(property: String, names: [String])])
        case members(SchemaMembers)
        case propertyNames(Int)
        /// `dependentSchemas` (`dependencies` with schemas): property → node, sorted by property.
        case dependentSchemas([(property: String, node: Int)])
        case allOf([Int])
        case anyOf([Int])
        case oneOf([Int])
        case not(Int)
        case conditional(if: Int, then: Int?, else: Int?)
        case reference(Int)
        /// 2020-12 `$dynamicRef`: the node it resolves to statically, and the anchor name to look
        /// for in the dynamic scope (nil when the target is not a `$dynamicAnchor`).
        case dynamicReference(Int, anchor: String?)
        /// 2019-09 `$recursiveRef`: the node `#` resolves to statically.
        case recursiveReference(Int)
        /// A reference to a document not in the registry: its URI.
        case unresolved(String)
        case unevaluatedProperties(Int)
        case unevaluatedItems(Int)
    }
}

/// JSON Schema's seven type names as bits.
struct SchemaTypeSet: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let null = SchemaTypeSet(rawValue: 1 << 0)
    static let boolean = SchemaTypeSet(rawValue: 1 << 1)
    static let object = SchemaTypeSet(rawValue: 1 << 2)
    static let array = SchemaTypeSet(rawValue: 1 << 3)
    static let number = SchemaTypeSet(rawValue: 1 << 4)
    static let string = SchemaTypeSet(rawValue: 1 << 5)
    static let integer = SchemaTypeSet(rawValue: 1 << 6)

    /// The type a name names (`"integer"` → `.integer`).
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "string": self = .string
        case "integer": self = .integer
        default: return nil
        }
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }
}

/// A number operand (`minimum`, `multipleOf`, …) kept both ways: as a `Double`, compared
/// directly with `.number` instances when it came from one (the shortest decimals of two doubles
/// order as the doubles do), and exactly.
struct SchemaNumber: Sendable {
    var double: Double
    var exact: ExactDecimal
    /// Whether the operand is a `.number` (so `double` is exactly what was meant).
    var isDouble: Bool
}

/// A compiled `pattern` (or `patternProperties` key): the ECMA-262 text and its PCRE2 translation.
struct SchemaPattern: Sendable {
    var source: String
    var pattern: Pattern
}

/// `items`/`prefixItems`/`additionalItems` as one check: a tuple prefix and the schema of the rest.
struct SchemaItems: Sendable {
    var prefix: [Int]
    /// `items` (array form, before 2020-12) or `prefixItems`.
    var prefixKeyword: String
    var rest: Int?
    /// `items` (one schema) or `additionalItems`.
    var restKeyword: String
}

/// `contains` with `minContains` and `maxContains`.
struct SchemaContains: Sendable {
    var node: Int
    var minimum: Int
    var maximum: Int?
    /// Whether the matching indices are annotations `unevaluatedItems` sees (2020-12).
    var annotates: Bool
    /// Whether `minContains`, `maxContains` are written (for the failing keyword's name).
    var minimumKeyword: String
}

/// `properties`, `patternProperties` and `additionalProperties` as one check.
struct SchemaMembers: Sendable {
    /// Name (code point for code point) → node.
    var properties: [JSONKey: Int]
    /// The same, sorted by the names' UTF-8 (the order failures are reported in).
    var sortedProperties: [(name: String, node: Int)]
    var patterns: [(pattern: SchemaPattern, node: Int)]
    var additional: Int?
}
