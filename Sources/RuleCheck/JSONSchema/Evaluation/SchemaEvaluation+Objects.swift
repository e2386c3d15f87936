/// The checks of objects: counts, `required`, `dependentRequired`, the member keywords
/// (`properties`, `patternProperties`, `additionalProperties`), `propertyNames`,
/// `dependentSchemas` and `unevaluatedProperties`. Members are visited in the UTF-8 order of
/// their keys when failures are reported, so the report is the same however the object was built.
extension SchemaEvaluation {
    /// Dispatches to the check's function (each out of line: small frames on the recursion path).
    @inline(__always)
    mutating func applyObjectCheck(_ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ local: inout Evaluated?) -> Bool {
        guard case .object(let object) = instance else { return true }
        switch check.operation {
        case .members(let members): return applyMembers(members, node, object, &local)
        case .propertyNames(let child): return applyPropertyNames(check, node, object, &local, child)
        case .dependentSchemas(let dependencies): return applyDependentSchemas(check, node, instance, object, &local, dependencies)
        case .unevaluatedProperties(let child): return applyUnevaluatedProperties(check, node, object, &local, child)
        default: return applyObjectCount(check, node, object)
        }
    }

    /// The counting checks, which apply no subschema.
    @inline(never)
    private mutating func applyObjectCount(_ check: SchemaCheck, _ node: Int, _ object: JSONObject) -> Bool {
        switch check.operation {
        case .minProperties(let limit):
            if object.count >= limit { return true }
            record(.minProperties(limit: limit, actual: object.count), keyword: check.keyword, node: node)
            return false
        case .maxProperties(let limit):
            if object.count <= limit { return true }
            record(.maxProperties(limit: limit, actual: object.count), keyword: check.keyword, node: node)
            return false
        case .required(let names):
            var valid = true
            for name in names where object[name] == nil {
                record(.required(name), keyword: check.keyword, node: node)
                valid = false
                if !collecting || stopped { break }
            }
            return valid
        case .dependentRequired(let dependencies):
            var valid = true
            for (property, names) in dependencies where object[property] != nil {
                for name in names where object[name] == nil {
                    record(.dependentRequired(property: property, missing: name), keyword: check.keyword, node: node)
                    valid = false
                    if !collecting || stopped { return false }
                }
            }
            return valid
        default:
            return true
        }
    }

    @inline(never)
    private mutating func applyPropertyNames(
        _ check: SchemaCheck, _ node: Int, _ object: JSONObject, _ local: inout Evaluated?, _ child: Int
    ) -> Bool {
        var valid = true
        func visit(_ key: String) -> Bool {
            if shouldStop(node: node, keyword: check.keyword) { return false }
            enter(.keyword(check.keyword))
            let nameValid = validateDetached(child, .string(key))
            leave()
            if !nameValid {
                record(.propertyName(key), keyword: check.keyword, node: node)
                valid = false
                if !collecting || stopped { return false }
            }
            return true
        }
        if reporting {
            for key in object.sortedKeys where !visit(key) { break }
        } else {
            for key in object.keys where !visit(key) { break }
        }
        return valid && !stopped
    }

    @inline(never)
    private mutating func applyDependentSchemas(
        _ check: SchemaCheck, _ node: Int, _ instance: JSONValue, _ object: JSONObject, _ local: inout Evaluated?,
        _ dependencies: [(property: String, node: Int)]
    ) -> Bool {
        var valid = true
        for (property, child) in dependencies where object[property] != nil {
            enter(.keyword(check.keyword))
            enter(.key(property))
            let dependencyValid = validate(child, instance, &local)
            leave(2)
            if !dependencyValid {
                valid = false
                if !collecting || stopped { return false }
            }
        }
        return valid
    }

    @inline(never)
    private mutating func applyUnevaluatedProperties(
        _ check: SchemaCheck, _ node: Int, _ object: JSONObject, _ local: inout Evaluated?, _ child: Int
    ) -> Bool {
        guard var evaluated = local else { return true }
        defer { local = evaluated }
        if evaluated.allProperties { return true }
        var valid = true
        let rejectsAll = program.nodes[child].isFalse
        func visit(_ key: String, _ value: JSONValue) -> Bool {
            if evaluated.properties.contains(JSONKey(key)) { return true }
            if shouldStop(node: node, keyword: check.keyword) { return false }
            if rejectsAll {
                record(.unevaluatedProperty(key), keyword: check.keyword, node: node, at: .key(key))
                valid = false
            } else {
                enter(.keyword(check.keyword))
                if !validateChild(child, value, at: .key(key)) { valid = false }
                leave()
            }
            return valid || (collecting && !stopped)
        }
        if reporting {
            for (key, value) in object.sortedByCodePoints where !visit(key, value) { break }
        } else {
            for (key, value) in object where !visit(key, value) { break }
        }
        evaluated.allProperties = true
        return valid && !stopped
    }

    /// `properties`, `patternProperties`, `additionalProperties`.
    @inline(never)
    private mutating func applyMembers(
        _ members: SchemaMembers, _ node: Int, _ object: JSONObject, _ local: inout Evaluated?
    ) -> Bool {
        var valid = true
        // Only declared properties to look at: walk the (sorted) declarations when shorter.
        if members.patterns.isEmpty, members.additional == nil, members.sortedProperties.count <= object.count || reporting {
            for (name, child) in members.sortedProperties {
                guard let value = object[name] else { continue }
                if shouldStop(node: node, keyword: "properties") { return false }
                enter(.keyword("properties"))
                enter(.key(name))
                let memberValid = validateChild(child, value, at: .key(name))
                leave(2)
                if !memberValid {
                    valid = false
                    if !collecting || stopped { return false }
                }
                if local != nil { local?.properties.insert(JSONKey(name)) }
            }
            return valid
        }
        func visit(_ key: String, _ value: JSONValue) -> Bool {
            if shouldStop(node: node, keyword: "properties") { return false }
            var matched = false
            if let child = members.properties[JSONKey(key)] {
                matched = true
                enter(.keyword("properties"))
                enter(.key(key))
                if !validateChild(child, value, at: .key(key)) { valid = false }
                leave(2)
                if !valid && (!collecting || stopped) { return false }
            }
            for (pattern, child) in members.patterns {
                guard let found = search(pattern, key, node: node, keyword: "patternProperties") else {
                    valid = false
                    if !collecting || stopped { return false }
                    continue
                }
                guard found else { continue }
                matched = true
                enter(.keyword("patternProperties"))
                enter(.key(pattern.source))
                if !validateChild(child, value, at: .key(key)) { valid = false }
                leave(2)
                if !valid && (!collecting || stopped) { return false }
            }
            if !matched, let additional = members.additional {
                matched = true
                if program.nodes[additional].isFalse {
                    record(.additionalProperty(key), keyword: "additionalProperties", node: node, at: .key(key))
                    valid = false
                } else {
                    enter(.keyword("additionalProperties"))
                    if !validateChild(additional, value, at: .key(key)) { valid = false }
                    leave()
                }
                if !valid && (!collecting || stopped) { return false }
            }
            if matched, local != nil { local?.properties.insert(JSONKey(key)) }
            return true
        }
        if reporting {
            for (key, value) in object.sortedByCodePoints where !visit(key, value) { break }
        } else {
            for (key, value) in object where !visit(key, value) { break }
        }
        return valid && !stopped
    }
}
