import Patterns

/// Each kind of ``SchemaCheck`` applied to an instance: the dispatch, and the checks of any
/// instance, numbers and strings (arrays, objects and applicators have files of their own).
extension SchemaEvaluation {
    /// Whether `instance` passes `check` of node `node`, recording failures as it goes.
    ///
    /// Only a dispatch: each family of checks has a function of its own, kept out of line, so
    /// that the frame each nesting level puts on the stack stays small.
    @inline(__always)
    mutating func apply(_ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?) -> Bool {
        switch check.operation {
        case .minItems, .maxItems, .uniqueItems, .items, .contains, .unevaluatedItems:
            return applyArrayCheck(check, node, instance, &local)
        case .minProperties, .maxProperties, .required, .dependentRequired, .members, .propertyNames, .dependentSchemas,
            .unevaluatedProperties:
            return applyObjectCheck(check, node, instance, &local)
        case .allOf, .anyOf, .oneOf, .not, .conditional, .reference, .dynamicReference, .recursiveReference, .unresolved:
            return applyApplicator(check, node, instance, &local)
        default:
            return applyValueCheck(check, node, instance)
        }
    }

    /// `type`, `enum`, `const`, and the checks of numbers and strings.
    @inline(never)
    mutating func applyValueCheck(_ check: SchemaCheck, _ node: Int, _ instance: JSONValue) -> Bool {
        switch check.operation {
        case .type(let types, let names):
            if Self.hasType(instance, types) { return true }
            record(.type(expected: names, actual: Self.typeName(instance)), keyword: check.keyword, node: node)
            return false
        case .enumeration(let values):
            if values.contains(where: { SchemaEquality.equal($0, instance) }) { return true }
            record(.enumeration(values), keyword: check.keyword, node: node)
            return false
        case .constant(let value):
            if SchemaEquality.equal(value, instance) { return true }
            record(.constant(value), keyword: check.keyword, node: node)
            return false
        case .minimum(let limit, let exclusive):
            let order = Self.compare(instance, limit)
            if order > 0 || (order == 0 && !exclusive) { return true }
            record(
                .minimum(limit: limit.exact, actual: instance.exactNumber ?? .zero, exclusive: exclusive), keyword: check.keyword,
                node: node)
            return false
        case .maximum(let limit, let exclusive):
            let order = Self.compare(instance, limit)
            if order < 0 || (order == 0 && !exclusive) { return true }
            record(
                .maximum(limit: limit.exact, actual: instance.exactNumber ?? .zero, exclusive: exclusive), keyword: check.keyword,
                node: node)
            return false
        case .multipleOf(let step):
            switch Self.isMultiple(instance, of: step) {
            case true?: return true
            case false?: record(.multipleOf(step: step.exact, actual: instance.exactNumber ?? .zero), keyword: check.keyword, node: node)
            case nil: recordIndeterminate(.undecidable(step.exact), keyword: check.keyword, node: node)
            }
            return false
        case .minLength(let limit):
            guard case .string(let text) = instance else { return true }
            // A code point takes one to four bytes.
            if text.utf8.count / 4 >= limit { return true }
            let length = Self.scalarCount(text)
            if length >= limit { return true }
            record(.minLength(limit: limit, actual: length), keyword: check.keyword, node: node)
            return false
        case .maxLength(let limit):
            guard case .string(let text) = instance else { return true }
            if text.utf8.count <= limit { return true }
            let length = Self.scalarCount(text)
            if length <= limit { return true }
            record(.maxLength(limit: limit, actual: length), keyword: check.keyword, node: node)
            return false
        case .pattern(let pattern):
            guard case .string(let text) = instance else { return true }
            switch search(pattern, text, node: node, keyword: check.keyword) {
            case true?: return true
            case false?:
                record(.pattern(pattern.source), keyword: check.keyword, node: node)
                return false
            case nil: return false
            }
        case .format(let format):
            guard case .string(let text) = instance else { return true }
            if format.accepts(text) { return true }
            record(.format(format.name), keyword: check.keyword, node: node)
            return false
        default:
            return true
        }
    }

    /// Whether `text` contains a match of `pattern`; nil (recorded as ``SchemaFailure/Kind/regexLimit(pattern:)``)
    /// when the match could not finish.
    mutating func search(_ pattern: SchemaPattern, _ text: String, node: Int, keyword: String) -> Bool? {
        do {
            return try pattern.pattern.contains(text)
        } catch {
            recordIndeterminate(.regexLimit(pattern: pattern.source), keyword: keyword, node: node)
            return nil
        }
    }

    // MARK: - Types

    static func hasType(_ instance: JSONValue, _ types: SchemaTypeSet) -> Bool {
        switch instance {
        case .null: types.contains(.null)
        case .bool: types.contains(.boolean)
        case .string: types.contains(.string)
        case .array: types.contains(.array)
        case .object: types.contains(.object)
        case .number(let number): types.contains(.number) || (types.contains(.integer) && number.rounded(.towardZero) == number)
        case .decimal(let number): types.contains(.number) || (types.contains(.integer) && number.isWhole)
        }
    }

    /// The JSON Schema type name of a value (`number` for every number).
    static func typeName(_ instance: JSONValue) -> String {
        switch instance {
        case .null: "null"
        case .bool: "boolean"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .number, .decimal: "number"
        }
    }

    // MARK: - Numbers

    /// -1, 0 or 1 as the number `instance` is below, at or above `bound` (exactly); 0 for a
    /// value that is not a number (never asked: number checks run on numbers only).
    static func compare(_ instance: JSONValue, _ bound: SchemaNumber) -> Int {
        switch instance {
        case .number(let number):
            if bound.isDouble { return number < bound.double ? -1 : number > bound.double ? 1 : 0 }
            guard let exact = ExactDecimal(number) else { return 0 }
            return exact < bound.exact ? -1 : exact == bound.exact ? 0 : 1
        case .decimal(let exact):
            return exact < bound.exact ? -1 : exact == bound.exact ? 0 : 1
        default:
            return 0
        }
    }

    /// Whether `instance` is a whole multiple of `step`, exactly; nil when that takes too many
    /// digits to decide (``ExactDecimal/isMultiple(of:)``).
    static func isMultiple(_ instance: JSONValue, of step: SchemaNumber) -> Bool? {
        if case .number(let number) = instance, step.isDouble {
            let divisor = step.double
            // Whole numbers that doubles hold exactly: the remainder is exact.
            let exactLimit = 9_007_199_254_740_992.0
            if number.magnitude < exactLimit, divisor.magnitude < exactLimit, number.rounded(.towardZero) == number,
                divisor.rounded(.towardZero) == divisor
            {
                return number.truncatingRemainder(dividingBy: divisor) == 0
            }
        }
        guard let exact = instance.exactNumber else { return true }
        return exact.isMultiple(of: step.exact)
    }

    // MARK: - Strings

    /// The length of `text` in Unicode code points: its UTF-8 bytes that start a code point.
    static func scalarCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
