/// Objects: `properties` become fields; `required`, `dependencies`, `dependentRequired`,
/// `dependentSchemas` and object-level `if`/`then`/`else` become `required:` expressions and
/// checks with `when:`.
extension SchemaImporter {
    /// What an object says about one of its properties besides the property's own schema.
    struct PropertyRules {
        /// `required:` conditions (expressions) and the keyword each comes from.
        var required: [(expr: String, pointer: String)] = []
        var checks: [CheckSpec] = []
        var requiredMessage: (text: String, pointer: String)?
    }

    mutating func objectFields(_ node: SchemaNode, prefix: String, presence: String?, ancestors: Set<String>,
                               depth: Int) -> [FieldSpec] {
        guard depth < Self.maxNesting else {
            error("objects nest deeper than \(Self.maxNesting) levels", at: node.pointer)
            return []
        }
        var order: [String] = []
        var schemas: [String: [(value: JSONValue, pointer: String)]] = [:]
        for (value, pointer) in node.all("properties") {
            guard let members = value.object else {
                error("properties must be an object", at: pointer)
                continue
            }
            for key in source.orderedKeys(of: members, at: pointer) {
                guard let schema = members[key] else { continue }
                if schemas[key] == nil { order.append(key) }
                schemas[key, default: []].append((schema, pointer + "/" + SchemaPointer.escape(key)))
            }
        }
        var rules: [String: PropertyRules] = [:]
        let always = presence ?? "true"
        for (value, pointer) in node.all("required") {
            guard let names = value.array?.compactMap(\.string), names.count == value.array?.count else {
                error("required must be an array of property names", at: pointer)
                continue
            }
            for name in names {
                rules[name, default: PropertyRules()].required.append((always, pointer))
            }
        }
        dependencyRules(node, prefix: prefix, into: &rules)
        conditionalRules(node, prefix: prefix, into: &rules)
        objectMessages(node, into: &rules)
        for name in rules.keys.sorted() where schemas[name] == nil {
            finding(.unsupported, "'\(name)' is required or constrained but not listed in 'properties'; it is not checked",
                    at: node.pointer)
        }

        var fields: [FieldSpec] = []
        for name in order {
            guard let written = schemas[name] else { continue }
            var merged = SchemaNode()
            for (value, pointer) in written {
                let part = self.node(value, at: pointer, refChain: Array(ancestors))
                merged.parts += part.parts
                merged.refTargets.formUnion(part.refTargets)
                merged.isFalse = merged.isFalse || part.isFalse
            }
            let keyPointer = written[0].pointer
            if let spec = field(name, node: merged, keyPointer: keyPointer, prefix: prefix,
                                rules: rules[name] ?? PropertyRules(), ancestors: ancestors, depth: depth) {
                fields.append(spec)
            }
        }
        return fields
    }

    /// `dependencies` (both forms), `dependentRequired`, and the `required` part of `dependentSchemas`.
    private mutating func dependencyRules(_ node: SchemaNode, prefix: String, into rules: inout [String: PropertyRules]) {
        for keyword in ["dependencies", "dependentRequired", "dependentSchemas"] {
            for (value, pointer) in node.all(keyword) {
                guard let members = value.object else {
                    error("\(keyword) must be an object", at: pointer)
                    continue
                }
                for trigger in source.orderedKeys(of: members, at: pointer) {
                    guard let dependency = members[trigger] else { continue }
                    let entryPointer = pointer + "/" + SchemaPointer.escape(trigger)
                    let condition = Self.identifier(prefix + trigger).map { "\($0) != null" }
                    if let names = dependency.array, keyword != "dependentSchemas" {
                        guard let condition else { continue }
                        for name in names.compactMap(\.string) {
                            rules[name, default: PropertyRules()].required.append((condition, entryPointer))
                        }
                    } else if keyword != "dependentRequired" {
                        let dependent = self.node(dependency, at: entryPointer, refChain: [])
                        guard let condition else { continue }
                        for (names, requiredPointer) in dependent.all("required") {
                            for name in names.array?.compactMap(\.string) ?? [] {
                                rules[name, default: PropertyRules()].required.append((condition, requiredPointer))
                            }
                        }
                        conditionalProperties(dependent, when: condition, prefix: prefix, into: &rules)
                        for part in dependent.parts {
                            for key in part.object.keys.sorted() where !["required", "properties", "$ref", "allOf", "title", "description", "$comment"].contains(key) {
                                finding(.unsupported, "'\(key)' in a dependent schema is not checked", at: part.pointer + "/" + SchemaPointer.escape(key))
                            }
                        }
                    } else {
                        error("dependentRequired values must be arrays of property names", at: entryPointer)
                    }
                }
            }
        }
    }

    /// Object-level `if`/`then`/`else`: the `if` is a condition on properties (`const`, `enum`,
    /// bounds, …); `then`/`else` add `required:` conditions and checks with `when:`.
    private mutating func conditionalRules(_ node: SchemaNode, prefix: String, into rules: inout [String: PropertyRules]) {
        guard let (ifValue, ifPointer) = node.first("if") else {
            for keyword in ["then", "else"] {
                if let (_, pointer) = node.first(keyword) { finding(.ignored, "'\(keyword)' without 'if' has no effect", at: pointer) }
            }
            return
        }
        let condition = self.node(ifValue, at: ifPointer, refChain: [])
        guard condition.has("properties") || condition.has("required") else { return }  // a field-level if
        guard let expr = objectCondition(condition, prefix: prefix) else { return }
        for (keyword, when) in [("then", expr), ("else", "not (\(expr))")] {
            guard let (value, pointer) = node.first(keyword) else { continue }
            let branch = self.node(value, at: pointer, refChain: [])
            for (names, requiredPointer) in branch.all("required") {
                for name in names.array?.compactMap(\.string) ?? [] {
                    rules[name, default: PropertyRules()].required.append((when, requiredPointer))
                }
            }
            conditionalProperties(branch, when: when, prefix: prefix, into: &rules)
            for part in branch.parts {
                for key in part.object.keys.sorted() where !["required", "properties", "$ref", "allOf", "title", "description", "$comment"].contains(key) {
                    finding(.unsupported, "'\(key)' in '\(keyword)' is not checked", at: part.pointer + "/" + SchemaPointer.escape(key))
                }
            }
        }
    }

    /// The condition an object-level `if` states, as an expression; `nil` (with a finding) when
    /// part of it cannot be said.
    private mutating func objectCondition(_ condition: SchemaNode, prefix: String) -> String? {
        var terms: [String] = []
        var required: Set<String> = []
        for (names, _) in condition.all("required") {
            for name in names.array?.compactMap(\.string) ?? [] { required.insert(name) }
        }
        var constrained: Set<String> = []
        for (value, pointer) in condition.all("properties") {
            for key in source.orderedKeys(of: value.object ?? [:], at: pointer) {
                guard let schema = value.object?[key] else { continue }
                let propertyPointer = pointer + "/" + SchemaPointer.escape(key)
                guard let path = Self.identifier(prefix + key) else {
                    finding(.unsupported, "the condition names '\(key)', which is not a field id; the if/then/else is not imported", at: propertyPointer)
                    return nil
                }
                let propertyNode = self.node(schema, at: propertyPointer, refChain: [])
                let parts = constraints(propertyNode, path: path, type: nil, forCondition: true)
                guard !parts.untranslated else {
                    finding(.unsupported, "this condition cannot be written as an expression; the if/then/else is not imported", at: propertyPointer)
                    return nil
                }
                constrained.insert(key)
                let inner = parts.items.isEmpty ? "" : Self.balanced(parts.items.map(\.expr), "and")
                if inner.isEmpty {
                    if required.contains(key) { terms.append("\(path) != null") }
                } else if required.contains(key) {
                    terms.append("(\(path) != null and \(inner))")
                } else {
                    terms.append("(\(path) == null or \(inner))")
                }
            }
        }
        for name in required.sorted() where !constrained.contains(name) {
            guard let path = Self.identifier(prefix + name) else { return nil }
            terms.append("\(path) != null")
        }
        return Self.balanced(terms, "and")
    }

    /// Constraints that `then`, `else` or a dependent schema put on properties: checks with `when`.
    private mutating func conditionalProperties(_ branch: SchemaNode, when: String, prefix: String,
                                                into rules: inout [String: PropertyRules]) {
        for (value, pointer) in branch.all("properties") {
            for key in source.orderedKeys(of: value.object ?? [:], at: pointer) {
                guard let schema = value.object?[key], let path = Self.identifier(prefix + key) else { continue }
                let propertyPointer = pointer + "/" + SchemaPointer.escape(key)
                let propertyNode = node(schema, at: propertyPointer, refChain: [])
                let parts = constraints(propertyNode, path: path, type: nil, forCondition: false)
                for item in parts.items {
                    rules[key, default: PropertyRules()].checks.append(
                        CheckSpec(when: text(when, at: item.pointer), rule: .expr(text(item.expr, at: item.pointer)),
                                  message: nil, location: source.location(of: item.pointer)))
                }
            }
        }
    }

    /// ajv-errors at object level: `errorMessage: {required: {name: "…"}}`.
    private mutating func objectMessages(_ node: SchemaNode, into rules: inout [String: PropertyRules]) {
        for (value, pointer) in node.all("errorMessage") {
            guard let required = value["required"] else { continue }
            if let names = required.object {
                for (name, message) in names {
                    if let message = message.string {
                        rules[name, default: PropertyRules()].requiredMessage = (message, pointer + "/required/" + SchemaPointer.escape(name))
                    }
                }
            }
        }
    }

    /// `path` when every dotted part is a valid field id (so it can be named in an expression).
    static func identifier(_ path: String) -> String? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ RuleSetCompiler.isIdentifier(String($0)) && !RuleSetCompiler.reservedNames.contains(String($0)) }) else {
            return nil
        }
        return path
    }
}
