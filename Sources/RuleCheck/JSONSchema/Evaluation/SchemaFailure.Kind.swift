extension SchemaFailure {
    /// What failed, with the operands a message needs.
    ///
    /// ```swift
    /// SchemaFailure.Kind.minLength(limit: 3, actual: 2).message   // must be at least 3 characters long, not 2
    /// SchemaFailure.Kind.required("name").message                 // is missing the required property "name"
    /// ```
    package enum Kind: Hashable, Sendable {
        /// The schema is `false` (or a `false` subschema was reached): no value is allowed.
        case falseSchema
        /// `type`: the JSON Schema type names allowed (in the order written) and the value's.
        case type(expected: [String], actual: String)
        /// `enum`: the value is none of these.
        case enumeration([JSONValue])
        /// `const`: the value is not this one.
        case constant(JSONValue)
        /// `minimum` (or `exclusiveMinimum`, `exclusive` true): the bound and the number.
        case minimum(limit: ExactDecimal, actual: ExactDecimal, exclusive: Bool)
        /// `maximum` (or `exclusiveMaximum`).
        case maximum(limit: ExactDecimal, actual: ExactDecimal, exclusive: Bool)
        /// `multipleOf`.
        case multipleOf(step: ExactDecimal, actual: ExactDecimal)
        /// `minLength`, in Unicode code points.
        case minLength(limit: Int, actual: Int)
        /// `maxLength`, in Unicode code points.
        case maxLength(limit: Int, actual: Int)
        /// `pattern`: the ECMA-262 pattern the string does not match.
        case pattern(String)
        /// `format` (when it asserts): the format's name.
        case format(String)
        /// `minItems`.
        case minItems(limit: Int, actual: Int)
        /// `maxItems`.
        case maxItems(limit: Int, actual: Int)
        /// `uniqueItems`: the indices of the first two equal items.
        case uniqueItems(first: Int, second: Int)
        /// `contains` (with `minContains`, `maxContains`): how many items must match, and how many did.
        case contains(minimum: Int, maximum: Int?, matches: Int)
        /// `minProperties`.
        case minProperties(limit: Int, actual: Int)
        /// `maxProperties`.
        case maxProperties(limit: Int, actual: Int)
        /// `required`: the missing member.
        case required(String)
        /// `dependentRequired` (`dependencies` before 2019-09): a member that is there and one it needs.
        case dependentRequired(property: String, missing: String)
        /// `additionalProperties: false`: the member no other keyword admits.
        case additionalProperty(String)
        /// `unevaluatedProperties: false`: the member no keyword evaluated.
        case unevaluatedProperty(String)
        /// `additionalItems: false` (`items: false` in 2020-12): the index of an item past the tuple.
        case additionalItem(Int)
        /// `unevaluatedItems: false`: the index of an item no keyword evaluated.
        case unevaluatedItem(Int)
        /// `propertyNames`: a member's name that does not conform.
        case propertyName(String)
        /// `anyOf`: no subschema matches.
        case anyOf
        /// `oneOf`: how many subschemas match (0 or more than 1).
        case oneOf(matches: Int)
        /// `not`: the subschema matches.
        case not
        /// A reference to a document not in the registry (``SchemaEvaluationOptions/allowUnresolvedReferences``):
        /// the URI. The value could not be checked.
        case unresolvedReference(String)
        /// A pattern hit PCRE2's match limit (reported as `regex_limit`): the pattern. The value
        /// could not be checked.
        case regexLimit(pattern: String)
        /// The evaluation nested deeper than ``SchemaEvaluationOptions/maxDepth``.
        case depthLimit(Int)
        /// The schema refers back to itself without going deeper into the value (`{"$ref": "#"}`).
        case referenceLoop
        /// The ``CancellationFlag`` was set: what came before this failure is all that was checked.
        case cancelled
        /// A `multipleOf` too long to decide exactly (a step of 20 digits or more and a value of
        /// more than a thousand): the step.
        case undecidable(ExactDecimal)

        /// Whether this says the value could not be checked rather than that it breaks a rule.
        package var isIndeterminate: Bool {
            switch self {
            case .unresolvedReference, .regexLimit, .depthLimit, .referenceLoop, .cancelled, .undecidable: true
            default: false
            }
        }

        /// The failure in English.
        package var message: String {
            switch self {
            case .falseSchema: "no value is allowed here"
            case .type(let expected, let actual): "must be \(Self.typeList(expected)), not \(Self.article(actual))"
            case .enumeration(let values): "must be one of \(Self.valueList(values))"
            case .constant(let value): "must be \(Self.shown(value))"
            case .minimum(let limit, let actual, let exclusive):
                exclusive ? "must be greater than \(limit), not \(actual)" : "must be at least \(limit), not \(actual)"
            case .maximum(let limit, let actual, let exclusive):
                exclusive ? "must be less than \(limit), not \(actual)" : "must be at most \(limit), not \(actual)"
            case .multipleOf(let step, let actual): "must be a multiple of \(step), not \(actual)"
            case .minLength(let limit, let actual): "must be at least \(Self.count(limit, "character")) long, not \(actual)"
            case .maxLength(let limit, let actual): "must be at most \(Self.count(limit, "character")) long, not \(actual)"
            case .pattern(let pattern): "must match the pattern \(pattern)"
            case .format(let format): "must be a valid \(format)"
            case .minItems(let limit, let actual): "must have at least \(Self.count(limit, "item")), not \(actual)"
            case .maxItems(let limit, let actual): "must have at most \(Self.count(limit, "item")), not \(actual)"
            case .uniqueItems(let first, let second): "must not repeat an item: items \(first) and \(second) are equal"
            case .contains(let minimum, let maximum, let matches):
                if matches < minimum {
                    "must contain at least \(Self.count(minimum, "matching item")), not \(matches)"
                } else {
                    "must contain at most \(Self.count(maximum ?? 0, "matching item")), not \(matches)"
                }
            case .minProperties(let limit, let actual): "must have at least \(Self.count(limit, "property")), not \(actual)"
            case .maxProperties(let limit, let actual): "must have at most \(Self.count(limit, "property")), not \(actual)"
            case .required(let name): "is missing the required property \(Self.quoted(name))"
            case .dependentRequired(let property, let missing):
                "must have the property \(Self.quoted(missing)) when it has \(Self.quoted(property))"
            case .additionalProperty(let name): "has the property \(Self.quoted(name)), which is not allowed"
            case .unevaluatedProperty(let name): "has the property \(Self.quoted(name)), which no schema allows"
            case .additionalItem(let index): "has an item at \(index), past the items allowed"
            case .unevaluatedItem(let index): "has an item at \(index), which no schema allows"
            case .propertyName(let name): "has a property name that is not allowed: \(Self.quoted(name))"
            case .anyOf: "must match at least one of the anyOf schemas"
            case .oneOf(let matches):
                matches == 0
                    ? "must match exactly one of the oneOf schemas, not none"
                    : "must match exactly one of the oneOf schemas, not \(matches)"
            case .not: "must not match the not schema"
            case .unresolvedReference(let uri): "could not be checked: the schema refers to \(uri), which is not available"
            case .regexLimit(let pattern): "could not be checked: the pattern \(pattern) hit its match limit"
            case .depthLimit(let depth): "could not be checked: the schema nests more than \(depth) levels deep here"
            case .referenceLoop: "could not be checked: the schema refers back to itself without going into the value"
            case .cancelled: "the check was cancelled before it finished"
            case .undecidable(let step): "could not be checked: whether it is a multiple of \(step) takes too many digits to decide"
            }
        }

        /// `a string`, `an object`, `null`, `an integer`.
        private static func article(_ type: String) -> String {
            switch type {
            case "null": "null"
            case "integer", "object", "array": "an \(type)"
            default: "a \(type)"
            }
        }

        /// `a string`, `a string or null`, `a number, a string or null`.
        private static func typeList(_ types: [String]) -> String {
            let named = types.map(article)
            guard let last = named.last else { return "nothing" }
            if named.count == 1 { return last }
            return named.dropLast().joined(separator: ", ") + " or " + last
        }

        /// `3 characters`, `1 character`.
        private static func count(_ number: Int, _ noun: String) -> String {
            if number == 1 { return "1 \(noun)" }
            if noun.hasSuffix("y") { return "\(number) \(noun.dropLast())ies" }
            return "\(number) \(noun)s"
        }

        /// A JSON string literal.
        private static func quoted(_ text: String) -> String {
            JSONWriter.string(.string(text))
        }

        /// A value as compact JSON, cut at 60 characters.
        private static func shown(_ value: JSONValue) -> String {
            let text = JSONWriter.string(value)
            guard text.count > 60 else { return text }
            return String(text.prefix(57)) + "…"
        }

        /// Up to five values, then how many more.
        private static func valueList(_ values: [JSONValue]) -> String {
            let shownValues = values.prefix(5).map(shown).joined(separator: ", ")
            return values.count > 5 ? shownValues + " (or \(values.count - 5) more)" : shownValues
        }
    }
}
