/// The checks of arrays: `minItems`, `maxItems`, `uniqueItems`, the items keywords, `contains`
/// and `unevaluatedItems`.
extension SchemaEvaluation {
    /// Dispatches to the check's function (each out of line: small frames on the recursion path).
    @inline(__always)
    mutating func applyArrayCheck(_ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?) -> Bool {
        guard case .array(let items) = instance else { return true }
        switch check.operation {
        case .items(let tuple): return applyItems(tuple, node, items, &local)
        case .contains(let contains): return applyContains(contains, node, items, &local)
        case .unevaluatedItems(let child): return applyUnevaluatedItems(check, node, items, &local, child)
        default: return applyArrayCount(check, node, items)
        }
    }

    /// The counting checks, which apply no subschema.
    @inline(never)
    private mutating func applyArrayCount(_ check: SchemaCheck, _ node: Int, _ items: [JSONValue]) -> Bool {
        switch check.operation {
        case .minItems(let limit):
            if items.count >= limit { return true }
            record(.minItems(limit: limit, actual: items.count), keyword: check.keyword, node: node)
            return false
        case .maxItems(let limit):
            if items.count <= limit { return true }
            record(.maxItems(limit: limit, actual: items.count), keyword: check.keyword, node: node)
            return false
        case .uniqueItems:
            guard let (first, second) = SchemaEquality.firstRepeat(in: items) else { return true }
            record(.uniqueItems(first: first, second: second), keyword: check.keyword, node: node)
            return false
        default:
            return true
        }
    }

    @inline(never)
    private mutating func applyUnevaluatedItems(
        _ check: SchemaCheck, _ node: Int, _ items: [JSONValue], _ local: inout Evaluated?, _ child: Int
    ) -> Bool {
        guard var evaluated = local else { return true }
        defer { local = evaluated }
        if evaluated.allItems || evaluated.itemPrefix >= items.count { return true }
        var valid = true
        let rejectsAll = program.nodes[child].isFalse
        if !rejectsAll { enter(.keyword(check.keyword)) }
        for index in evaluated.itemPrefix..<items.count where !evaluated.items.contains(index) {
            if shouldStop(node: node, keyword: check.keyword) { valid = false; break }
            if rejectsAll {
                record(.unevaluatedItem(index), keyword: check.keyword, node: node, at: .index(index))
                valid = false
            } else if !validateChild(child, items[index], at: .index(index)) {
                valid = false
            }
            if !valid && (!collecting || stopped) { break }
        }
        if !rejectsAll { leave() }
        evaluated.allItems = true
        return valid
    }

    /// `items`/`prefixItems` and the schema of the rest.
    @inline(never)
    private mutating func applyItems(_ tuple: SchemaItems, _ node: Int, _ items: [JSONValue], _ local: inout Evaluated?) -> Bool {
        var valid = true
        let prefixCount = min(tuple.prefix.count, items.count)
        for index in 0..<prefixCount {
            if shouldStop(node: node, keyword: tuple.prefixKeyword) { return false }
            enter(.keyword(tuple.prefixKeyword))
            enter(.index(index))
            let itemValid = validateChild(tuple.prefix[index], items[index], at: .index(index))
            leave(2)
            if !itemValid {
                valid = false
                if !collecting || stopped { return false }
            }
        }
        if let rest = tuple.rest, items.count > prefixCount {
            let rejectsAll = program.nodes[rest].isFalse
            if !rejectsAll { enter(.keyword(tuple.restKeyword)) }
            for index in prefixCount..<items.count {
                if shouldStop(node: node, keyword: tuple.restKeyword) {
                    valid = false
                    break
                }
                if rejectsAll {
                    record(.additionalItem(index), keyword: tuple.restKeyword, node: node, at: .index(index))
                    valid = false
                } else if !validateChild(rest, items[index], at: .index(index)) {
                    valid = false
                }
                if !valid && (!collecting || stopped) { break }
            }
            if !rejectsAll { leave() }
        }
        if valid || collecting, var evaluated = local {
            evaluated.itemPrefix = max(evaluated.itemPrefix, prefixCount)
            if tuple.rest != nil { evaluated.allItems = true }
            local = evaluated
        }
        return valid
    }

    /// `contains` with `minContains` and `maxContains`: reports its own failure, with the count.
    @inline(never)
    private mutating func applyContains(_ contains: SchemaContains, _ node: Int, _ items: [JSONValue], _ local: inout Evaluated?) -> Bool {
        let annotating = contains.annotates && local != nil
        if contains.minimum == 0 && contains.maximum == nil && !annotating { return true }
        // Every item is needed for a maximum and for annotations; else the minimum is enough.
        let needsAll = contains.maximum != nil || annotating
        var matches = 0
        var matched: [Int] = []
        enter(.keyword("contains"))
        let saved = collecting
        collecting = false
        for index in items.indices {
            if shouldStop(node: node, keyword: "contains") { break }
            if validateChild(contains.node, items[index], at: .index(index)) {
                matches += 1
                if annotating { matched.append(index) }
                if !needsAll && matches >= contains.minimum { break }
            }
        }
        collecting = saved
        leave()
        if stopped { return false }
        if matches < contains.minimum {
            record(
                .contains(minimum: contains.minimum, maximum: contains.maximum, matches: matches), keyword: contains.minimumKeyword,
                node: node)
            return false
        }
        if let maximum = contains.maximum, matches > maximum {
            record(.contains(minimum: contains.minimum, maximum: maximum, matches: matches), keyword: "maxContains", node: node)
            return false
        }
        if annotating { local?.items.formUnion(matched) }
        return true
    }
}
