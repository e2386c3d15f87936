/// Puts a JSON Schema's failure into a violation: the place as a field path and a JSON pointer,
/// a code (the field codes where one fits: `type`, `min_length`, `required`, …), a message in
/// the checker's locale — the schema's own (its `errorMessage`, as the field at that place
/// holds it) where it has one — and the keyword's schema path.
///
/// ```swift
/// words.violation(failure, at: [.key("tags"), .index(2)], record: record)
/// // tags[2]  max_length  "tags[2] must be at most 10 characters long"  pointer /tags/2
/// ```
struct SchemaFailureWords {
    let rules: RuleSet
    let messages: MessageBuilder

    typealias Token = SchemaInstanceLocation.Token

    func violation(_ failure: SchemaFailure, at place: [Token], record: JSONValue) -> Violation {
        let path = Self.fieldPath(place)
        let field = rules.field(SchemaVerdict.rulesPath(place))
        let value = Self.value(at: failure.instanceLocation.tokens, in: record)
        let (code, variant, parameters) = words(failure.kind, value: value)
        let title = field?.title(in: messages.locale) ?? (path.isEmpty ? messages.displayWord("record") : path)
        var filled = parameters
        filled["title"] = title
        filled["field"] = path
        if filled["value"] == nil { filled["value"] = value.map(Self.text) ?? "" }
        // The schema's own message for the keyword (its `errorMessage`, kept by the field there).
        let own = field.flatMap { field in
            IssueCode.fieldCodes.contains(code) ? (field.messages[code] ?? field.message)?.resolve(messages.locale) : nil
        }
        let message = own.map { messages.render($0) { filled[$0] } } ?? messages.message(code, variant: variant, filled)
        let shown: String? =
            switch failure.kind {
            case .required, .dependentRequired: nil
            default: value.map(Self.text)
            }
        return Violation(
            field: path, code: code, value: shown, message: message, rule: failure.keyword,
            pointer: SchemaInstanceLocation(tokens: place).pointer, schemaPath: failure.keywordLocation)
    }

    /// The code, the message's variant and its placeholders for a failure.
    private func words(_ kind: SchemaFailure.Kind, value: JSONValue?) -> (IssueCode, String?, [String: String]) {
        switch kind {
        case .falseSchema: return (.schema, "false", [:])
        case .type(let expected, _):
            var types: JSONTypes = []
            for name in expected { if let type = JSONTypes(name: name) { types.insert(type) } }
            return (.type, nil, ["expected": messages.jsonTypesPhrase(types, nullAllowed: true)])
        case .enumeration, .constant: return (.option, nil, [:])
        case .minimum(let limit, _, let exclusive):
            return (.min, exclusive ? "exclusive" : nil, ["min": messages.messageLocale.number(limit.description)])
        case .maximum(let limit, _, let exclusive):
            return (.max, exclusive ? "exclusive" : nil, ["max": messages.messageLocale.number(limit.description)])
        case .multipleOf(let step, _):
            return (.multipleOf, nil, ["step": messages.messageLocale.number(step.description)])
        case .minLength(let limit, _): return (.minLength, nil, ["min_length": messages.count(limit)])
        case .maxLength(let limit, _): return (.maxLength, nil, ["max_length": messages.count(limit)])
        case .pattern: return (.pattern, nil, [:])
        case .format(let format): return (.format, nil, ["format": messages.formatName(format)])
        case .minItems(let limit, _): return (.items, "min", ["min_items": messages.count(limit)])
        case .maxItems(let limit, _): return (.items, "max", ["max_items": messages.count(limit)])
        case .uniqueItems: return (.items, "unique", [:])
        case .contains(let minimum, let maximum, let matches):
            if let maximum, matches > maximum { return (.contains, "max", ["count": messages.count(maximum)]) }
            return (.contains, "min", ["count": messages.count(minimum)])
        case .minProperties(let limit, _): return (.properties, "min", ["count": messages.count(limit)])
        case .maxProperties(let limit, _): return (.properties, "max", ["count": messages.count(limit)])
        case .required: return (.required, nil, [:])
        case .dependentRequired(let property, _): return (.required, "dependent", ["trigger": property])
        case .additionalProperty, .unevaluatedProperty, .additionalItem, .unevaluatedItem: return (.additional, nil, [:])
        case .propertyName(let name): return (.propertyName, nil, ["name": name])
        case .anyOf: return (.schema, "any", [:])
        case .oneOf(let matches): return (.schema, matches == 0 ? "any" : "one", [:])
        case .not: return (.schema, "not", [:])
        case .unresolvedReference(let uri): return (.schema, "unresolved", ["uri": uri])
        case .regexLimit: return (.regexLimit, nil, [:])
        case .depthLimit, .referenceLoop, .cancelled, .undecidable: return (.schema, "limit", [:])
        }
    }

    /// A place as a field path: keys joined by `.`, indices as `[2]` (`updates[0].package-ecosystem`).
    static func fieldPath(_ place: [Token]) -> String {
        var path = ""
        for token in place {
            switch token {
            case .key(let key): path += (path.isEmpty ? "" : ".") + key
            case .index(let index): path += "[\(index)]"
            }
        }
        return path
    }

    /// The value at `tokens` in `record`.
    static func value(at tokens: [Token], in record: JSONValue) -> JSONValue? {
        var current = record
        for token in tokens {
            switch (token, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// A value as a violation shows it: a string as is, anything else as JSON.
    static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.string(value)
    }
}
