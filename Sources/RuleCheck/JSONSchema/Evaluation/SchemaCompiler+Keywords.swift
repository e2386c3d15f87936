/// Each keyword of a schema object checked for its value's shape and decoded into a
/// ``SchemaCheck``, in a fixed order (so failures come out in the same order every time):
/// references, `type`/`enum`/`const`, the checks of each instance type, the in-place
/// applicators, and `unevaluated*` last.
extension SchemaCompiler {
    /// The keyword's location.
    private func at(_ location: SchemaRegistry.Location, _ keyword: String) -> SchemaRegistry.Location {
        SchemaRegistry.Location(document: location.document, pointer: location.pointer + "/" + SchemaPointer.escape(keyword))
    }

    /// A child location below a keyword: `/properties/name`, `/allOf/0`.
    private func at(_ location: SchemaRegistry.Location, _ keyword: String, _ child: String) -> SchemaRegistry.Location {
        SchemaRegistry.Location(
            document: location.document,
            pointer: location.pointer + "/" + SchemaPointer.escape(keyword) + "/" + SchemaPointer.escape(child))
    }

    func compileKeywords(
        _ members: JSONObject, at location: SchemaRegistry.Location, scope: SchemaRegistry.Scope,
        into node: inout SchemaProgram.NodeDraft
    ) {
        let context = scope.context
        let dialect = context.dialect
        func active(_ keyword: String) -> JSONValue? {
            guard let value = members[keyword], SchemaKeywordTable.isActive(keyword, in: context) else { return nil }
            return value
        }
        func check(_ keyword: String, _ operation: SchemaCheck.Operation) -> SchemaCheck {
            SchemaCheck(keyword: keyword, operation: operation)
        }
        checkIdentifiers(members, at: location, dialect: dialect)

        // References. Before 2019-09 a `$ref` is the whole schema.
        if let value = active("$ref") {
            if let text = value.string {
                if let target = reference(text, keyword: "$ref", at: location, base: scope.base) {
                    node.leading.append(check("$ref", target.node.map { .reference($0) } ?? .unresolved(target.uri)))
                }
            } else {
                problem("$ref must be a string, not \(Self.shown(value))", at: at(location, "$ref"))
            }
            if dialect.refOverridesSiblings { return }
        }
        if let value = active("$dynamicRef") {
            if let text = value.string {
                usesDynamicScope = true
                if let target = reference(text, keyword: "$dynamicRef", at: location, base: scope.base) {
                    if let targetNode = target.node, let targetLocation = target.target {
                        let fragment = SchemaURI(target.uri).fragment.map(SchemaRegistry.percentDecoded) ?? ""
                        let dynamic =
                            !fragment.isEmpty && !fragment.hasPrefix("/") && registry.isDynamicAnchor(fragment, at: targetLocation)
                        node.leading.append(check("$dynamicRef", .dynamicReference(targetNode, anchor: dynamic ? fragment : nil)))
                    } else {
                        node.leading.append(check("$dynamicRef", .unresolved(target.uri)))
                    }
                }
            } else {
                problem("$dynamicRef must be a string, not \(Self.shown(value))", at: at(location, "$dynamicRef"))
            }
        }
        if let value = active("$recursiveRef") {
            if let text = value.string {
                usesDynamicScope = true
                if let target = reference(text, keyword: "$recursiveRef", at: location, base: scope.base) {
                    node.leading.append(check("$recursiveRef", target.node.map { .recursiveReference($0) } ?? .unresolved(target.uri)))
                }
            } else {
                problem("$recursiveRef must be a string, not \(Self.shown(value))", at: at(location, "$recursiveRef"))
            }
        }

        // Any instance.
        if let value = active("type") { compileType(value, at: at(location, "type"), into: &node) }
        if let value = active("enum") {
            if let values = value.array {
                node.leading.append(check("enum", .enumeration(values)))
            } else {
                problem("enum must be an array, not \(Self.shown(value))", at: at(location, "enum"))
            }
        }
        if let value = active("const") { node.leading.append(check("const", .constant(value))) }

        compileNumberKeywords(active, at: location, dialect: dialect, into: &node)
        compileStringKeywords(active, at: location, context: context, into: &node)
        compileArrayKeywords(active, at: location, dialect: dialect, into: &node)
        compileObjectKeywords(active, at: location, dialect: dialect, into: &node)

        // In-place applicators.
        for keyword in ["allOf", "anyOf", "oneOf"] {
            guard let value = active(keyword) else { continue }
            guard let list = schemaList(value, keyword, at: location) else { continue }
            switch keyword {
            case "allOf": node.trailing.append(check(keyword, .allOf(list)))
            case "anyOf": node.trailing.append(check(keyword, .anyOf(list)))
            default: node.trailing.append(check(keyword, .oneOf(list)))
            }
        }
        if active("not") != nil { node.trailing.append(check("not", .not(self.node(for: at(location, "not"))))) }
        if active("if") != nil {
            let condition = self.node(for: at(location, "if"))
            let then = active("then") != nil ? self.node(for: at(location, "then")) : nil
            let otherwise = active("else") != nil ? self.node(for: at(location, "else")) : nil
            // Without `then` and `else`, `if` still annotates (what `unevaluated*` may see).
            node.trailing.append(check("if", .conditional(if: condition, then: then, else: otherwise)))
        } else {
            // Without `if`, `then` and `else` do nothing; their subschemas are still compiled.
            for keyword in ["then", "else"] where active(keyword) != nil { _ = self.node(for: at(location, keyword)) }
        }

        if active("unevaluatedItems") != nil {
            node.trailing.append(check("unevaluatedItems", .unevaluatedItems(self.node(for: at(location, "unevaluatedItems")))))
            node.tracksUnevaluated = true
        }
        if active("unevaluatedProperties") != nil {
            node.trailing.append(
                check("unevaluatedProperties", .unevaluatedProperties(self.node(for: at(location, "unevaluatedProperties")))))
            node.tracksUnevaluated = true
        }
    }

    /// `$id`, `$schema`, `$anchor`, … must be strings (the registry has used them already).
    private func checkIdentifiers(_ members: JSONObject, at location: SchemaRegistry.Location, dialect: SchemaDialect) {
        var keywords = [dialect.idKeyword, "$schema"]
        if dialect >= .draft2019_09 { keywords.append("$anchor") }
        if dialect == .draft2020_12 { keywords.append("$dynamicAnchor") }
        for keyword in keywords {
            guard let value = members[keyword], value.string == nil else { continue }
            if keyword == dialect.idKeyword, dialect.refOverridesSiblings, members["$ref"] != nil { continue }
            problem("\(keyword) must be a string, not \(Self.shown(value))", at: at(location, keyword))
        }
        if dialect == .draft2019_09, let value = members["$recursiveAnchor"], value.bool == nil {
            problem("$recursiveAnchor must be a boolean, not \(Self.shown(value))", at: at(location, "$recursiveAnchor"))
        }
    }

    private func compileType(_ value: JSONValue, at location: SchemaRegistry.Location, into node: inout SchemaProgram.NodeDraft) {
        var names: [String]
        switch value {
        case .string(let name): names = [name]
        case .array(let items) where items.allSatisfy({ $0.string != nil }): names = items.compactMap(\.string)
        default:
            problem("type must be a type name or an array of them, not \(Self.shown(value))", at: location)
            return
        }
        var types: SchemaTypeSet = []
        var seen: Set<String> = []
        for name in names {
            guard let type = SchemaTypeSet(name: name) else {
                problem(
                    "type \(JSONWriter.string(.string(name))) is not a JSON Schema type (null, boolean, object, array, number, string, integer)",
                    at: location)
                return
            }
            if !seen.insert(name).inserted {
                problem("type names \(JSONWriter.string(.string(name))) twice", at: location)
                return
            }
            types.insert(type)
        }
        node.leading.append(SchemaCheck(keyword: "type", operation: .type(types, names: names)))
    }

    /// A number operand; nil after recording a problem.
    func number(_ value: JSONValue, _ keyword: String, at location: SchemaRegistry.Location) -> SchemaNumber? {
        switch value {
        case .number(let double):
            if let exact = ExactDecimal(double) { return SchemaNumber(double: double, exact: exact, isDouble: true) }
        case .decimal(let exact):
            return SchemaNumber(double: exact.double, exact: exact, isDouble: false)
        default:
            break
        }
        problem("\(keyword) must be a number, not \(Self.shown(value))", at: location)
        return nil
    }

    /// A non-negative integer operand (`2.0` is one), `Int.max` for larger than an `Int` holds;
    /// nil after recording a problem.
    func count(_ value: JSONValue, _ keyword: String, at location: SchemaRegistry.Location) -> Int? {
        if let exact = value.exactNumber, exact.isWhole, !exact.isNegative {
            return exact.integer ?? Int.max
        }
        problem("\(keyword) must be a non-negative integer, not \(Self.shown(value))", at: location)
        return nil
    }

    /// The nodes of a non-empty array of schemas; nil after recording a problem.
    func schemaList(_ value: JSONValue, _ keyword: String, at location: SchemaRegistry.Location) -> [Int]? {
        guard let items = value.array, !items.isEmpty else {
            problem("\(keyword) must be a non-empty array of schemas, not \(Self.shown(value))", at: at(location, keyword))
            return nil
        }
        return items.indices.map { self.node(for: at(location, keyword, String($0))) }
    }

    // MARK: - Numbers

    private func compileNumberKeywords(
        _ active: (String) -> JSONValue?, at location: SchemaRegistry.Location, dialect: SchemaDialect,
        into node: inout SchemaProgram.NodeDraft
    ) {
        if let value = active("multipleOf") {
            if let step = number(value, "multipleOf", at: at(location, "multipleOf")) {
                if step.exact > .zero {
                    node.numberChecks.append(SchemaCheck(keyword: "multipleOf", operation: .multipleOf(step)))
                } else {
                    problem("multipleOf must be a number greater than 0, not \(Self.shown(value))", at: at(location, "multipleOf"))
                }
            }
        }
        if dialect == .draft4 {
            // Draft-04: exclusiveMinimum/exclusiveMaximum are booleans that modify minimum/maximum.
            for (bound, flag) in [("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")] {
                var exclusive = false
                if let value = active(flag) {
                    if let flagValue = value.bool {
                        exclusive = flagValue
                    } else {
                        problem("\(flag) must be a boolean in draft-04, not \(Self.shown(value))", at: at(location, flag))
                    }
                }
                guard let value = active(bound), let limit = number(value, bound, at: at(location, bound)) else { continue }
                let operation: SchemaCheck.Operation =
                    bound == "minimum" ? .minimum(limit, exclusive: exclusive) : .maximum(limit, exclusive: exclusive)
                node.numberChecks.append(SchemaCheck(keyword: bound, operation: operation))
            }
            return
        }
        for keyword in ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"] {
            guard let value = active(keyword), let limit = number(value, keyword, at: at(location, keyword)) else { continue }
            let operation: SchemaCheck.Operation =
                switch keyword {
                case "minimum": .minimum(limit, exclusive: false)
                case "exclusiveMinimum": .minimum(limit, exclusive: true)
                case "maximum": .maximum(limit, exclusive: false)
                default: .maximum(limit, exclusive: true)
                }
            node.numberChecks.append(SchemaCheck(keyword: keyword, operation: operation))
        }
    }

    // MARK: - Strings

    private func compileStringKeywords(
        _ active: (String) -> JSONValue?, at location: SchemaRegistry.Location, context: SchemaContext,
        into node: inout SchemaProgram.NodeDraft
    ) {
        if let value = active("minLength"), let limit = count(value, "minLength", at: at(location, "minLength")), limit > 0 {
            node.stringChecks.append(SchemaCheck(keyword: "minLength", operation: .minLength(limit)))
        }
        if let value = active("maxLength"), let limit = count(value, "maxLength", at: at(location, "maxLength")) {
            node.stringChecks.append(SchemaCheck(keyword: "maxLength", operation: .maxLength(limit)))
        }
        if let value = active("pattern") {
            if let source = value.string {
                if let compiled = pattern(source, at: at(location, "pattern")) {
                    node.stringChecks.append(SchemaCheck(keyword: "pattern", operation: .pattern(compiled)))
                }
            } else {
                problem("pattern must be a string, not \(Self.shown(value))", at: at(location, "pattern"))
            }
        }
        if let value = active("format") {
            guard let name = value.string else {
                problem("format must be a string, not \(Self.shown(value))", at: at(location, "format"))
                return
            }
            let asserts: Bool =
                switch options.formats {
                case .assert: true
                case .annotate: false
                case .dialectDefault: context.dialect <= .draft7 || context.vocabularies.contains(.formatAssertion)
                }
            if asserts, let format = SchemaFormat(name: name) {
                node.stringChecks.append(SchemaCheck(keyword: "format", operation: .format(format)))
            }
        }
    }

    // MARK: - Arrays

    private func compileArrayKeywords(
        _ active: (String) -> JSONValue?, at location: SchemaRegistry.Location, dialect: SchemaDialect,
        into node: inout SchemaProgram.NodeDraft
    ) {
        if let value = active("minItems"), let limit = count(value, "minItems", at: at(location, "minItems")), limit > 0 {
            node.arrayChecks.append(SchemaCheck(keyword: "minItems", operation: .minItems(limit)))
        }
        if let value = active("maxItems"), let limit = count(value, "maxItems", at: at(location, "maxItems")) {
            node.arrayChecks.append(SchemaCheck(keyword: "maxItems", operation: .maxItems(limit)))
        }
        if let value = active("uniqueItems") {
            if let flag = value.bool {
                if flag { node.arrayChecks.append(SchemaCheck(keyword: "uniqueItems", operation: .uniqueItems)) }
            } else {
                problem("uniqueItems must be a boolean, not \(Self.shown(value))", at: at(location, "uniqueItems"))
            }
        }
        // The tuple and the rest.
        var items = SchemaItems(prefix: [], prefixKeyword: "items", rest: nil, restKeyword: "items")
        if dialect == .draft2020_12 {
            items.prefixKeyword = "prefixItems"
            if let value = active("prefixItems") {
                if let list = value.array {
                    items.prefix = list.indices.map { self.node(for: at(location, "prefixItems", String($0))) }
                } else {
                    problem("prefixItems must be an array of schemas, not \(Self.shown(value))", at: at(location, "prefixItems"))
                }
            }
            if let value = active("items") {
                if value.array != nil {
                    problem("items must be a schema in 2020-12 (a tuple is prefixItems), not an array", at: at(location, "items"))
                } else {
                    items.rest = self.node(for: at(location, "items"))
                }
            }
        } else if let value = active("items") {
            if let list = value.array {
                items.prefix = list.indices.map { self.node(for: at(location, "items", String($0))) }
                if active("additionalItems") != nil {
                    items.rest = self.node(for: at(location, "additionalItems"))
                    items.restKeyword = "additionalItems"
                }
            } else {
                items.rest = self.node(for: at(location, "items"))
            }
        }
        if !items.prefix.isEmpty || items.rest != nil {
            node.arrayChecks.append(
                SchemaCheck(keyword: items.prefix.isEmpty ? items.restKeyword : items.prefixKeyword, operation: .items(items)))
        }
        if active("contains") != nil {
            var contains = SchemaContains(
                node: self.node(for: at(location, "contains")), minimum: 1, maximum: nil, annotates: dialect == .draft2020_12,
                minimumKeyword: "contains")
            if let value = active("minContains"), let limit = count(value, "minContains", at: at(location, "minContains")) {
                contains.minimum = limit
                contains.minimumKeyword = "minContains"
            }
            if let value = active("maxContains"), let limit = count(value, "maxContains", at: at(location, "maxContains")) {
                contains.maximum = limit
            }
            node.arrayChecks.append(SchemaCheck(keyword: "contains", operation: .contains(contains)))
        }
    }

    // MARK: - Objects

    private func compileObjectKeywords(
        _ active: (String) -> JSONValue?, at location: SchemaRegistry.Location, dialect: SchemaDialect,
        into node: inout SchemaProgram.NodeDraft
    ) {
        if let value = active("minProperties"), let limit = count(value, "minProperties", at: at(location, "minProperties")),
            limit > 0
        {
            node.objectChecks.append(SchemaCheck(keyword: "minProperties", operation: .minProperties(limit)))
        }
        if let value = active("maxProperties"), let limit = count(value, "maxProperties", at: at(location, "maxProperties")) {
            node.objectChecks.append(SchemaCheck(keyword: "maxProperties", operation: .maxProperties(limit)))
        }
        if let value = active("required") {
            if let names = value.array, names.allSatisfy({ $0.string != nil }) {
                if !names.isEmpty {
                    node.objectChecks.append(SchemaCheck(keyword: "required", operation: .required(names.compactMap(\.string))))
                }
            } else {
                problem("required must be an array of strings, not \(Self.shown(value))", at: at(location, "required"))
            }
        }
        // `dependencies` (before 2019-09) holds both kinds; `dependentRequired` and `dependentSchemas` after.
        var requiredByProperty: [(property: String, names: [String])] = []
        var schemaByProperty: [(property: String, node: Int)] = []
        let dependencyKeyword = dialect <= .draft7 ? "dependencies" : "dependentRequired"
        if let value = active(dependencyKeyword) {
            if let map = value.object {
                for property in map.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    guard let entry = map[property] else { continue }
                    if let names = entry.array {
                        if names.allSatisfy({ $0.string != nil }) {
                            requiredByProperty.append((property, names.compactMap(\.string)))
                        } else {
                            problem(
                                "\(dependencyKeyword) of \(JSONWriter.string(.string(property))) must be an array of strings, not \(Self.shown(entry))",
                                at: at(location, dependencyKeyword, property))
                        }
                    } else if dialect <= .draft7 {
                        schemaByProperty.append((property, self.node(for: at(location, dependencyKeyword, property))))
                    } else {
                        problem(
                            "dependentRequired of \(JSONWriter.string(.string(property))) must be an array of strings, not \(Self.shown(entry))",
                            at: at(location, dependencyKeyword, property))
                    }
                }
            } else {
                problem("\(dependencyKeyword) must be an object, not \(Self.shown(value))", at: at(location, dependencyKeyword))
            }
        }
        if !requiredByProperty.isEmpty {
            node.objectChecks.append(SchemaCheck(keyword: dependencyKeyword, operation: .dependentRequired(requiredByProperty)))
        }
        // Members.
        var members = SchemaMembers(properties: [:], sortedProperties: [], patterns: [], additional: nil)
        if let value = active("properties") {
            if let map = value.object {
                for name in map.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    let child = self.node(for: at(location, "properties", name))
                    members.properties[JSONKey(name)] = child
                    members.sortedProperties.append((name, child))
                }
            } else {
                problem("properties must be an object, not \(Self.shown(value))", at: at(location, "properties"))
            }
        }
        if let value = active("patternProperties") {
            if let map = value.object {
                for source in map.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    let child = self.node(for: at(location, "patternProperties", source))
                    if let compiled = pattern(source, at: at(location, "patternProperties", source)) {
                        members.patterns.append((compiled, child))
                    }
                }
            } else {
                problem("patternProperties must be an object, not \(Self.shown(value))", at: at(location, "patternProperties"))
            }
        }
        if active("additionalProperties") != nil { members.additional = self.node(for: at(location, "additionalProperties")) }
        if !members.properties.isEmpty || !members.patterns.isEmpty || members.additional != nil {
            let keyword =
                !members.properties.isEmpty ? "properties" : !members.patterns.isEmpty ? "patternProperties" : "additionalProperties"
            node.objectChecks.append(SchemaCheck(keyword: keyword, operation: .members(members)))
        }
        if active("propertyNames") != nil {
            node.objectChecks.append(
                SchemaCheck(keyword: "propertyNames", operation: .propertyNames(self.node(for: at(location, "propertyNames")))))
        }
        if dialect >= .draft2019_09, let value = active("dependentSchemas") {
            if let map = value.object {
                for property in map.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    schemaByProperty.append((property, self.node(for: at(location, "dependentSchemas", property))))
                }
            } else {
                problem("dependentSchemas must be an object, not \(Self.shown(value))", at: at(location, "dependentSchemas"))
            }
        }
        if !schemaByProperty.isEmpty {
            let keyword = dialect <= .draft7 ? "dependencies" : "dependentSchemas"
            node.objectChecks.append(SchemaCheck(keyword: keyword, operation: .dependentSchemas(schemaByProperty)))
        }
    }
}
