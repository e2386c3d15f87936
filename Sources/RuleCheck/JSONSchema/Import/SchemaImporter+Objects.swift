/// Objects: `properties` become fields; `required`, `dependencies`, `dependentRequired`,
/// `dependentSchemas` and object-level `if`/`then`/`else` become `required:` expressions, checks
/// with `when:`, and — for properties written only inside a conditional branch, as RJSF's
/// dynamic forms do — fields with `visible_if:`.
extension SchemaImporter {
    /// What an object says about one of its properties besides the property's own schema.
    struct PropertyRules {
        /// `required:` conditions (expressions) and the keyword each comes from.
        var required: [(expr: String, pointer: String)] = []
        var checks: [CheckSpec] = []
        var requiredMessage: (text: String, pointer: String)?
        /// For a property written only in conditional branches: when it exists (its `visible_if`).
        var visible: (expr: String, pointer: String)?
        /// For an object property: what the parent's branches say inside it (`then: {properties:
        /// {g: {required: [x]}}}`), as branches of the object itself.
        var branches: [Branch] = []
    }

    /// A property written only inside conditional branches: each branch's condition and schema.
    private struct ConditionalProperty {
        var occurrences: [(when: String, schema: JSONValue, pointer: String)] = []
    }

    mutating func objectFields(
        _ node: SchemaNode, prefix: String, presence: String?, ancestors: Set<String>,
        depth: Int, outerBranches: [Branch] = []
    ) -> [FieldSpec] {
        guard depth < Self.maxNesting else {
            error(.schemaTooLarge, "objects nest deeper than \(Self.maxNesting) levels", at: node.pointer)
            return []
        }
        var order: [String] = []
        var schemas: [String: [(value: JSONValue, pointer: String)]] = [:]
        for (value, pointer) in node.all("properties") {
            guard let members = value.object else {
                error(.invalidSchema, "properties must be an object", at: pointer)
                continue
            }
            for key in source.orderedKeys(of: members, at: pointer) {
                guard let schema = members[key] else { continue }
                if schemas[key] == nil { order.append(key) }
                schemas[key, default: []].append((schema, pointer + "/" + SchemaPointer.escape(key)))
            }
        }
        registerProperties(prefix: prefix, schemas: schemas, ancestors: ancestors)
        var rules: [String: PropertyRules] = [:]
        let always = presence ?? "true"
        for (value, pointer) in node.all("required") {
            guard let names = value.array?.compactMap(\.string), names.count == value.array?.count else {
                error(.invalidSchema, "required must be an array of property names", at: pointer)
                continue
            }
            for name in names {
                rules[name, default: PropertyRules()].required.append((always, pointer))
            }
        }
        dependentRequired(node, prefix: prefix, into: &rules)
        var conditional: [String: ConditionalProperty] = [:]
        var conditionalOrder: [String] = []
        for branch in branches(node, prefix: prefix) + outerBranches {
            for (names, requiredPointer) in branch.node.all("required") {
                for name in names.array?.compactMap(\.string) ?? [] {
                    rules[name, default: PropertyRules()].required.append((branch.when, requiredPointer))
                }
            }
            for (value, pointer) in branch.node.all("properties") {
                for key in source.orderedKeys(of: value.object ?? [:], at: pointer) {
                    guard let schema = value.object?[key] else { continue }
                    let propertyPointer = pointer + "/" + SchemaPointer.escape(key)
                    // The trigger of a switch is the branch's condition; the trigger of a dependent
                    // schema is present whenever the schema applies, so what it says of the trigger
                    // holds whenever the trigger has a value.
                    if key == branch.trigger, branch.switched { continue }
                    let when = key == branch.trigger ? "true" : branch.when
                    let isObject = schema["properties"] != nil || schema["required"] != nil
                    if schemas[key] != nil, isObject {
                        let inner = self.node(schema, at: propertyPointer, refChain: [])
                        rules[key, default: PropertyRules()].branches.append(
                            Branch(when: when, node: inner, keyword: branch.keyword))
                    } else if schemas[key] != nil {
                        conditionalChecks(
                            schema, at: propertyPointer, key: key, when: when, prefix: prefix, into: &rules,
                            valueType: valueType(schemas[key]))
                    } else {
                        if conditional[key] == nil { conditionalOrder.append(key) }
                        conditional[key, default: ConditionalProperty()].occurrences.append((when, schema, propertyPointer))
                    }
                }
            }
            for part in branch.node.parts {
                for key in part.object.keys.sorted()
                where !["required", "properties", "$ref", "allOf", "title", "description", "$comment", "type"].contains(key) {
                    finding(
                        .unsupported, "'\(key)' in \(branch.keyword) is not checked", at: part.pointer + "/" + SchemaPointer.escape(key))
                }
            }
        }
        objectMessages(node, into: &rules)
        let combinators = objectCombinators(node, prefix: prefix, declared: order)
        // Names that required, dependencies or conditions read without the object declaring
        // them: properties of any JSON value, each a `json` field.
        var undeclared: [(name: String, pointer: String)] = []
        for (path, pointer) in mentions where path.hasPrefix(prefix) {
            let name = String(path.dropFirst(prefix.count))
            guard !name.contains("."), schemas[name] == nil, conditional[name] == nil,
                !undeclared.contains(where: { $0.name == name })
            else { continue }
            undeclared.append((name, pointer))
        }
        for name in rules.keys.sorted()
        where schemas[name] == nil && conditional[name] == nil && !undeclared.contains(where: { $0.name == name }) {
            undeclared.append((name, rules[name]?.required.first?.pointer ?? node.pointer))
        }
        let names = order + conditionalOrder.filter { schemas[$0] == nil } + undeclared.map(\.name)
        attach(combinators, prefix: prefix, names: names, presence: presence, into: &rules)

        var fields: [FieldSpec] = []
        for name in order {
            guard let written = schemas[name] else { continue }
            if let spec = field(
                name, written: written, prefix: prefix, rules: rules[name] ?? PropertyRules(), ancestors: ancestors, depth: depth)
            {
                fields.append(spec)
            }
        }
        for name in conditionalOrder {
            guard let property = conditional[name], let first = property.occurrences.first else { continue }
            var propertyRules = rules[name] ?? PropertyRules()
            var whens: [String] = []
            for occurrence in property.occurrences where !whens.contains(occurrence.when) { whens.append(occurrence.when) }
            propertyRules.visible = (whens.contains("true") ? "true" : Self.balanced(whens, "or"), first.pointer)
            let schemasDiffer = property.occurrences.contains { $0.schema != first.schema }
            let optionSets = schemasDiffer ? branchOptions(property.occurrences) : nil
            if schemasDiffer && optionSets == nil {
                // The first branch's schema makes the field; the others' constraints are checks.
                for occurrence in property.occurrences.dropFirst() where occurrence.schema != first.schema {
                    conditionalChecks(
                        occurrence.schema, at: occurrence.pointer, key: name, when: occurrence.when, prefix: prefix,
                        into: &rules)
                }
                propertyRules.checks = rules[name]?.checks ?? []
                finding(
                    .approximated,
                    "'\(name)' has a different schema in each branch: the first one's applies in every branch, the others' are checks",
                    at: first.pointer)
            }
            guard
                var spec = field(
                    name, written: [(first.schema, first.pointer)], prefix: prefix, rules: propertyRules,
                    ancestors: ancestors, depth: depth)
            else { continue }
            if let optionSets { filterOptions(&spec, optionSets) }
            fields.append(spec)
        }
        for (name, pointer) in undeclared {
            if let spec = field(
                name, node: SchemaNode(), keyPointer: pointer, prefix: prefix, rules: rules[name] ?? PropertyRules(),
                ancestors: ancestors, depth: depth)
            {
                fields.append(spec)
            }
        }
        return fields
    }

    /// The field of a property whose schema is written once or more (`allOf` parts each with `properties`).
    private mutating func field(
        _ name: String, written: [(value: JSONValue, pointer: String)], prefix: String,
        rules: PropertyRules, ancestors: Set<String>, depth: Int
    ) -> FieldSpec? {
        var merged = SchemaNode()
        for (value, pointer) in written {
            let part = self.node(value, at: pointer, refChain: ancestors.sorted())
            merged.parts += part.parts
            merged.refTargets.formUnion(part.refTargets)
            merged.isFalse = merged.isFalse || part.isFalse
        }
        return field(name, node: merged, keyPointer: written[0].pointer, prefix: prefix, rules: rules, ancestors: ancestors, depth: depth)
    }

    /// `dependencies` and `dependentRequired` in the array form: required while the trigger has a value.
    private mutating func dependentRequired(_ node: SchemaNode, prefix: String, into rules: inout [String: PropertyRules]) {
        for keyword in ["dependencies", "dependentRequired"] {
            for (value, pointer) in node.all(keyword) {
                guard let members = value.object else {
                    error(.invalidSchema, "\(keyword) must be an object", at: pointer)
                    continue
                }
                for trigger in source.orderedKeys(of: members, at: pointer) {
                    guard let names = members[trigger]?.array else {
                        if keyword == "dependentRequired" {
                            error(
                                .invalidSchema,
                                "dependentRequired values must be arrays of property names",
                                at: pointer + "/" + SchemaPointer.escape(trigger))
                        }
                        continue
                    }
                    guard let triggerPath = Self.identifier(prefix + trigger) else { continue }
                    mention(triggerPath, at: pointer + "/" + SchemaPointer.escape(trigger))
                    let condition = "\(triggerPath) != null"
                    for name in names.compactMap(\.string) {
                        rules[name, default: PropertyRules()].required.append((condition, pointer + "/" + SchemaPointer.escape(trigger)))
                    }
                }
            }
        }
    }

    /// Constraints that `then`, `else` or a dependent schema put on a property that the object
    /// lists anyway: checks with `when`.
    /// A bound on a number becomes a check's `min`/`max` (its failure says "at least …"), a length
    /// on text a check's `min_length`/`max_length`; the rest are `expr` checks. ajv-errors'
    /// `errorMessage` (or a Divar-style `errors`) in the branch's property schema is the check's message.
    private mutating func conditionalChecks(
        _ schema: JSONValue, at pointer: String, key: String, when: String, prefix: String,
        into rules: inout [String: PropertyRules], valueType: String? = nil
    ) {
        guard let path = Self.identifier(prefix + key) else { return }
        let propertyNode = node(schema, at: pointer, refChain: [])
        let errorMessage = propertyNode.first("errorMessage")?.value
        for item in constraints(propertyNode, path: path, type: fieldType(at: path), forCondition: false).items {
            let value = propertyNode.first(item.keyword)?.value
            let rule: CheckSpec.Rule
            switch (item.keyword, valueType, value) {
            case ("minimum", "number"?, let bound?), ("maximum", "number"?, let bound?):
                guard let n = bound.exactNumber, let literal = Self.decimal(n),
                    propertyNode.first(item.keyword == "minimum" ? "exclusiveMinimum" : "exclusiveMaximum")?.value.bool != true
                else {
                    rule = .expr(text(item.expr, at: item.pointer))
                    break
                }
                rule = item.keyword == "minimum" ? .min(text(literal, at: item.pointer)) : .max(text(literal, at: item.pointer))
            case ("minLength", "string"?, let count?), ("maxLength", "string"?, let count?):
                guard let length = count.integer else { rule = .expr(text(item.expr, at: item.pointer)); break }
                rule =
                    item.keyword == "minLength"
                    ? .minLength(located(length, at: item.pointer)) : .maxLength(located(length, at: item.pointer))
            default:
                rule = .expr(text(item.expr, at: item.pointer))
            }
            let message = errorMessage?.string.map(LocalizedText.init) ?? keywordMessage(propertyNode, item.keyword)
            rules[key, default: PropertyRules()].checks.append(
                CheckSpec(
                    when: when == "true" ? nil : text(when, at: item.pointer), rule: rule,
                    message: message, location: source.location(of: item.pointer)))
        }
    }

    /// `number` for a property typed number or integer, `string` for one typed string (not a
    /// date), from its schemas in `properties`.
    private mutating func valueType(_ written: [(value: JSONValue, pointer: String)]?) -> String? {
        guard let written else { return nil }
        var merged = SchemaNode()
        for (value, pointer) in written { merged.parts += node(value, at: pointer, refChain: []).parts }
        let names = declaredTypes(merged).names
        if names == ["number"] || names == ["integer"] { return "number" }
        if names == ["string"], merged.first("format")?.value.string != "date", !merged.has("enum"), !merged.has("const") {
            return "string"
        }
        return nil
    }

    /// ajv-errors at object level: `errorMessage: {required: {name: "…"}}`.
    private mutating func objectMessages(_ node: SchemaNode, into rules: inout [String: PropertyRules]) {
        for (value, pointer) in node.all("errorMessage") {
            guard let required = value["required"] else { continue }
            if let names = required.object {
                for (name, message) in names {
                    if let message = message.string {
                        rules[name, default: PropertyRules()].requiredMessage = (
                            message, pointer + "/required/" + SchemaPointer.escape(name)
                        )
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
