/// The dialect of a schema that does not say (no `$schema`, or one this evaluator does not know): read from the keywords it
/// uses, as the schemas published without `$schema` were written for the validators of their
/// day.
///
/// ```swift
/// SchemaDialect.guessed(for: schema)   // `exclusiveMinimum: true` → .draft4
/// ```
///
/// The rules, first match wins:
/// * a keyword only 2019-09 and later have (`$defs`, `prefixItems`, `dependentRequired`,
///   `dependentSchemas`, `unevaluatedProperties`, `unevaluatedItems`, `$anchor`, `$dynamicRef`,
///   `$dynamicAnchor`, `$recursiveRef`): 2020-12;
/// * a boolean `exclusiveMinimum`/`exclusiveMaximum`, or a root `id` without `$id`: draft-04;
/// * `dependencies`, `additionalItems` or an array `items`: draft-07;
/// * otherwise 2020-12.
///
/// Only keyword positions count: a property named `dependencies` (under `properties`) or a
/// value inside `enum`, `const`, `default` or `examples` is data, not a keyword.
extension SchemaDialect {
    /// The most schema objects the guess reads (a larger schema is judged by its first ones).
    static let guessLimit = 100_000

    package static func guessed(for root: JSONValue) -> SchemaDialect {
        var draft4 = false
        var draft7 = false
        if case .object(let object) = root, case .string = object["id"], object["$id"] == nil { draft4 = true }
        // (value, whether its keys are names rather than keywords)
        var stack: [(JSONValue, Bool)] = [(root, false)]
        var seen = 0
        while let (value, isNameMap) = stack.popLast(), seen < guessLimit {
            seen += 1
            switch value {
            case .array(let items):
                for item in items { stack.append((item, false)) }
            case .object(let object):
                if isNameMap {
                    for member in object.values { stack.append((member, false)) }
                    continue
                }
                for (key, member) in object {
                    if laterKeywords.contains(key) { return .draft2020_12 }
                    switch key {
                    case "exclusiveMinimum", "exclusiveMaximum":
                        if case .bool = member { draft4 = true }
                    case "dependencies", "additionalItems":
                        draft7 = true
                    case "items":
                        if case .array = member { draft7 = true }
                    default:
                        break
                    }
                    if dataKeywords.contains(key) { continue }
                    stack.append((member, nameMapKeywords.contains(key)))
                }
            default:
                break
            }
        }
        if draft4 { return .draft4 }
        if draft7 { return .draft7 }
        return .draft2020_12
    }

    private static let laterKeywords: Set<String> = [
        "$defs", "prefixItems", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
        "unevaluatedItems", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
    ]
    private static let dataKeywords: Set<String> = ["enum", "const", "default", "examples"]
    private static let nameMapKeywords: Set<String> = ["properties", "patternProperties", "definitions", "dependencies"]
}
