/// The in-place applicators: `allOf` (its subschemas' failures are reported), `anyOf`, `oneOf`,
/// `not` (each reports its own failure), `if`/`then`/`else` (the branch taken reports its
/// failures), and the references.
extension SchemaEvaluation {
    /// Dispatches an applicator to its function (each out of line: small frames on the recursion path).
    @inline(__always)
    mutating func applyApplicator(_ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?) -> Bool {
        switch check.operation {
        case .allOf(let children): return applyAllOf(check, node, instance, &local, children)
        case .anyOf(let children): return applyAnyOf(check, node, instance, &local, children)
        case .oneOf(let children): return applyOneOf(check, node, instance, &local, children)
        case .not(let child): return applyNot(check, node, instance, &local, child)
        case .conditional(let condition, let then, let otherwise):
            return applyConditional(check, node, instance, &local, condition, then, otherwise)
        case .reference(let target): return applyReference(check, node, instance, &local, target)
        case .dynamicReference(let initial, let anchor): return applyDynamicReference(check, node, instance, &local, initial, anchor)
        case .recursiveReference(let initial): return applyRecursiveReference(check, node, instance, &local, initial)
        case .unresolved(let uri): return applyUnresolved(check, node, instance, &local, uri)
        default: return true
        }
    }

    @inline(never)
    private mutating func applyAllOf(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ children: [Int]
    ) -> Bool {
        var valid = true
        for (index, child) in children.enumerated() {
            enter(.keyword(check.keyword))
            enter(.index(index))
            let childValid = validate(child, instance, &local)
            leave(2)
            if !childValid {
                valid = false
                if !collecting || stopped { return false }
            }
        }
        return valid
    }

    @inline(never)
    private mutating func applyAnyOf(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ children: [Int]
    ) -> Bool {
        var matched = false
        let saved = collecting
        collecting = false
        for (index, child) in children.enumerated() {
            enter(.keyword(check.keyword))
            enter(.index(index))
            let childValid = validate(child, instance, &local)
            leave(2)
            if childValid {
                matched = true
                // Annotations need every subschema that matches; the verdict only one.
                if local == nil { break }
            }
            if stopped { break }
        }
        collecting = saved
        if matched || stopped { return matched }
        record(.anyOf, keyword: check.keyword, node: node)
        return false
    }

    @inline(never)
    private mutating func applyOneOf(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ children: [Int]
    ) -> Bool {
        var matches = 0
        var kept: Evaluated?
        let saved = collecting
        collecting = false
        for (index, child) in children.enumerated() {
            enter(.keyword(check.keyword))
            enter(.index(index))
            var childEvaluated: Evaluated? = local == nil ? nil : Evaluated()
            let childValid = validate(child, instance, &childEvaluated)
            leave(2)
            if childValid {
                matches += 1
                kept = childEvaluated
                if matches > 1 { break }
            }
            if stopped { break }
        }
        collecting = saved
        if stopped { return false }
        if matches == 1 {
            if let kept { local?.merge(kept) }
            return true
        }
        record(.oneOf(matches: matches), keyword: check.keyword, node: node)
        return false
    }

    @inline(never)
    private mutating func applyNot(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ child: Int
    ) -> Bool {
        enter(.keyword(check.keyword))
        var none: Evaluated?
        let childValid = quietly { $0.validate(child, instance, &none) }
        leave()
        if stopped { return false }
        if !childValid { return true }
        record(.not, keyword: check.keyword, node: node)
        return false
    }

    @inline(never)
    private mutating func applyConditional(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ condition: Int, _ then: Int?,
        _ otherwise: Int?
    ) -> Bool {
        guard then != nil || otherwise != nil || local != nil else { return true }
        enter(.keyword("if"))
        var conditionEvaluated: Evaluated? = local == nil ? nil : Evaluated()
        let holds = quietly { $0.validate(condition, instance, &conditionEvaluated) }
        leave()
        if stopped { return false }
        if holds, let conditionEvaluated { local?.merge(conditionEvaluated) }
        guard let branch = holds ? then : otherwise else { return true }
        enter(.keyword(holds ? "then" : "else"))
        let branchValid = validate(branch, instance, &local)
        leave()
        return branchValid
    }

    @inline(never)
    private mutating func applyReference(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ target: Int
    ) -> Bool {
        enter(.keyword(check.keyword))
        let valid = validate(target, instance, &local)
        leave()
        return valid
    }

    @inline(never)
    private mutating func applyDynamicReference(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ initial: Int, _ anchor: String?
    ) -> Bool {
        enter(.keyword(check.keyword))
        let valid = validate(dynamicTarget(initial, anchor: anchor), instance, &local)
        leave()
        return valid
    }

    @inline(never)
    private mutating func applyRecursiveReference(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ initial: Int
    ) -> Bool {
        enter(.keyword(check.keyword))
        let valid = validate(recursiveTarget(initial), instance, &local)
        leave()
        return valid
    }

    @inline(never)
    private mutating func applyUnresolved(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?, _ uri: String
    ) -> Bool {
        recordIndeterminate(.unresolvedReference(uri), keyword: check.keyword, node: node)
        return false
    }
}
