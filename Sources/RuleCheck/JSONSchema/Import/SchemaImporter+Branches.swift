/// The conditional branches of an object schema: `then`/`else` of each `if`, each dependent
/// schema (`dependencies`/`dependentSchemas` in the schema form), and the `oneOf`/`anyOf` inside
/// a dependent schema that switch on the trigger's value (RJSF's dynamic forms:
/// `"dependencies": {"category": {"oneOf": [{"properties": {"category": {"const": "cars"}, …}}]}}`).
extension SchemaImporter {
    struct Branch {
        /// The condition under which the branch applies.
        var when: String
        var node: SchemaNode
        /// How findings name it: `'then'`, `a dependent schema` …
        var keyword: String
        /// The property whose presence (a dependent schema) or value (a switch, ``switched``)
        /// the branch is chosen by.
        var trigger: String?
        /// Whether the branch is one of a switch on the trigger's value (its constraint on the
        /// trigger is the condition).
        var switched = false
    }

    mutating func branches(_ node: SchemaNode, prefix: String) -> [Branch] {
        var result: [Branch] = []
        for part in node.parts {
            guard let ifValue = part.object["if"] else {
                for keyword in ["then", "else"] where part.object[keyword] != nil {
                    finding(.ignored, "'\(keyword)' without 'if' has no effect", at: part.pointer + "/" + keyword)
                }
                continue
            }
            let ifPointer = part.pointer + "/if"
            let condition: String?
            if case .bool(let flag) = ifValue {
                condition = flag ? "true" : "false"
            } else {
                condition = objectCondition(self.node(ifValue, at: ifPointer, refChain: []), prefix: prefix)
            }
            guard let condition else { continue }
            for (keyword, when) in [("then", condition), ("else", Self.negated(condition))] {
                guard let value = part.object[keyword], when != "false" else { continue }
                let pointer = part.pointer + "/" + keyword
                let branch = self.node(value, at: pointer, refChain: [])
                if branch.isFalse {
                    finding(.unsupported, "'\(keyword): false' on an object (no object is valid then) is not checked", at: pointer)
                    continue
                }
                result.append(Branch(when: when, node: branch, keyword: "'\(keyword)'"))
            }
        }
        for keyword in ["dependencies", "dependentSchemas"] {
            for (value, pointer) in node.all(keyword) {
                guard let members = value.object else {
                    if keyword == "dependentSchemas" { error(.invalidSchema, "dependentSchemas must be an object", at: pointer) }
                    continue
                }
                for trigger in source.orderedKeys(of: members, at: pointer) {
                    guard let schema = members[trigger], schema.array == nil else { continue }
                    let entryPointer = pointer + "/" + SchemaPointer.escape(trigger)
                    guard let path = Self.identifier(prefix + trigger) else {
                        finding(
                            .unsupported, "the dependency names '\(trigger)', which is not a field id; it is not checked", at: entryPointer)
                        continue
                    }
                    mention(path, at: entryPointer)
                    let dependent = self.node(schema, at: entryPointer, refChain: [])
                    if dependent.isFalse {
                        finding(
                            .unsupported, "a false dependent schema (no value of '\(trigger)' allowed) is not checked", at: entryPointer)
                        continue
                    }
                    var base = dependent
                    for combinator in ["oneOf", "anyOf"] {
                        guard let (list, listPointer) = dependent.first(combinator) else { continue }
                        base.parts = base.parts.map { part in
                            var object = part.object
                            object[combinator] = nil
                            return SchemaNode.Part(object: object, pointer: part.pointer)
                        }
                        guard let switched = switchedBranches(list, at: listPointer, trigger: trigger, path: path) else {
                            finding(
                                .unsupported,
                                "'\(combinator)' in a dependent schema is read only when each branch sets '\(trigger)' (const or enum); it is not checked",
                                at: listPointer)
                            continue
                        }
                        result += switched
                    }
                    result.append(Branch(when: "\(path) != null", node: base, keyword: "a dependent schema", trigger: trigger))
                }
            }
        }
        return result
    }

    /// The branches of a dependent schema's `oneOf`/`anyOf` when each one says which values of
    /// the trigger it is for; `nil` otherwise.
    private mutating func switchedBranches(_ list: JSONValue, at pointer: String, trigger: String, path: String) -> [Branch]? {
        guard let items = list.array, !items.isEmpty else { return nil }
        var result: [Branch] = []
        for (index, item) in items.enumerated() {
            let itemPointer = pointer + "/\(index)"
            let itemNode = node(item, at: itemPointer, refChain: [])
            guard let (properties, propertiesPointer) = itemNode.first("properties"), let schema = properties[trigger] else { return nil }
            let triggerNode = node(schema, at: propertiesPointer + "/" + SchemaPointer.escape(trigger), refChain: [])
            guard triggerNode.has("const") || triggerNode.has("enum") else { return nil }
            let condition = constraints(triggerNode, path: path, type: fieldType(at: path), forCondition: true)
            guard !condition.untranslated, !condition.items.isEmpty else { return nil }
            result.append(
                Branch(
                    when: Self.balanced(condition.items.map(\.expr), "and"), node: itemNode,
                    keyword: "a branch of the dependent schema", trigger: trigger, switched: true))
        }
        return result
    }

    /// `not (c)`, with `true` and `false` folded.
    static func negated(_ condition: String) -> String {
        switch condition {
        case "true": "false"
        case "false": "true"
        default: "not (\(condition))"
        }
    }

    /// The condition an object-level `if` states, as an expression; `nil` (with a finding) when
    /// part of it cannot be said. Properties' value keywords, `required`, nested objects' own
    /// conditions, and `not`/`anyOf`/`oneOf`/`allOf` of such conditions. The paths in `absent`
    /// are taken to have no value (the condition as it stands while they are empty).
    mutating func objectCondition(
        _ condition: SchemaNode, prefix: String, depth: Int = 0, absent: Set<String> = []
    ) -> String? {
        guard depth < 8 else {
            finding(.unsupported, "this condition nests too deeply; the if/then/else is not imported", at: condition.pointer)
            return nil
        }
        var terms: [String] = []
        var required: Set<String> = []
        for part in condition.parts {
            for key in part.object.keys.sorted() {
                let pointer = part.pointer + "/" + SchemaPointer.escape(key)
                switch key {
                case "properties", "required", "type", "title", "description", "$comment", "$ref", "allOf":
                    continue
                case "not", "anyOf", "oneOf":
                    guard let value = part.object[key] else { continue }
                    let condition = branchCondition(key, value, at: pointer) { importer, branch in
                        importer.objectCondition(branch, prefix: prefix, depth: depth + 1, absent: absent)
                    }
                    switch condition {
                    case .success(let combined):
                        terms.append(combined)
                    case .failure(.branchUnsaid):
                        return nil  // the branch made its own finding
                    case .failure(.branchCount):
                        finding(
                            .unsupported,
                            "'\(key)' in an object's 'if' needs 1 to \(Self.maxBranches) schemas; the if/then/else is not imported",
                            at: pointer)
                        return nil
                    case .failure(.tooLong):
                        finding(.unsupported, "this '\(key)' makes too long a condition; the if/then/else is not imported", at: pointer)
                        return nil
                    }
                default:
                    finding(
                        .unsupported, "'\(key)' in an object's 'if' cannot be written as a condition; the if/then/else is not imported",
                        at: pointer)
                    return nil
                }
            }
        }
        for (names, pointer) in condition.all("required") {
            for name in names.array?.compactMap(\.string) ?? [] {
                required.insert(name)
                if let path = Self.identifier(prefix + name) { mention(path, at: pointer) }
            }
        }
        var constrained: Set<String> = []
        for (value, pointer) in condition.all("properties") {
            for key in source.orderedKeys(of: value.object ?? [:], at: pointer) {
                guard let schema = value.object?[key] else { continue }
                let propertyPointer = pointer + "/" + SchemaPointer.escape(key)
                guard let path = Self.identifier(prefix + key) else {
                    finding(
                        .unsupported, "the condition names '\(key)', which is not a field id; the if/then/else is not imported",
                        at: propertyPointer)
                    return nil
                }
                let propertyNode = self.node(schema, at: propertyPointer, refChain: [])
                constrained.insert(key)
                mention(path, at: propertyPointer)
                if absent.contains(path) {
                    // No value: a required one fails the condition, an optional one is let be.
                    if required.contains(key) { terms.append("false") }
                    continue
                }
                if propertyNode.has("properties") || propertyNode.has("required") {
                    // A nested object's own condition (its members' paths); its presence is its members'.
                    guard let inner = objectCondition(propertyNode, prefix: path + ".", depth: depth + 1, absent: absent) else {
                        return nil
                    }
                    if inner != "true" { terms.append(inner) }
                    continue
                }
                let parts = constraints(propertyNode, path: path, type: fieldType(at: path), forCondition: true)
                guard !parts.untranslated else {
                    finding(
                        .unsupported, "this condition cannot be written as an expression; the if/then/else is not imported",
                        at: propertyPointer)
                    return nil
                }
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
            terms.append(absent.contains(path) ? "false" : "\(path) != null")
        }
        return Self.balanced(terms, "and")
    }

    /// When each branch gives a property its own options (a subcategory's per category): each
    /// branch's condition with its options; `nil` when a branch's schema is not a list of options.
    mutating func branchOptions(
        _ occurrences: [(when: String, schema: JSONValue, pointer: String)]
    ) -> [(when: String, options: [OptionValue], pointer: String)]? {
        var result: [(when: String, options: [OptionValue], pointer: String)] = []
        for occurrence in occurrences {
            let branchNode = node(occurrence.schema, at: occurrence.pointer, refChain: [])
            let types = declaredTypes(branchNode)
            guard types.names.first != "array", types.names.first != "object", let options = options(branchNode) else { return nil }
            result.append((occurrence.when, options.values, options.pointer))
        }
        return result
    }

    /// Every branch's options on one field, with an `options_filter` that offers each branch's
    /// own while its condition holds.
    mutating func filterOptions(_ spec: inout FieldSpec, _ sets: [(when: String, options: [OptionValue], pointer: String)]) {
        var union: [OptionValue] = []
        var terms: [String] = []
        for set in sets {
            for option in set.options where !union.contains(where: { $0.value == option.value }) { union.append(option) }
            let literals = set.options.compactMap { Self.literal($0.value) }
            let offered = "option in [\(literals.joined(separator: ", "))]"
            terms.append(set.when == "true" ? offered : "(\(set.when)) and \(offered)")
        }
        guard let pointer = sets.first?.pointer else { return }
        spec.options = optionSpecs(union, at: pointer)
        spec.optionsWritten = true
        spec.optionsFilter = text(Self.balanced(terms, "or"), at: pointer)
        spec.keys["options_filter"] = source.location(of: pointer)
    }
}
