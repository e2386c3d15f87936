import Foundation

/// One property → one ``FieldSpec``: its type, bounds, options, messages and checks.
extension SchemaImporter {
    /// Stands for "the enclosing object is present" in members' `required:` until the group's
    /// members are known; replaced by ``presence(of:prefix:)``.
    static let presenceMarker = "\u{1}present\u{1}"

    static let commonKeywords: Set<String> = [
        "type", "title", "description", "default", "readOnly", "errorMessage", "$ref", "allOf", "$schema", "$id",
        "$comment", "definitions", "$defs", "if", "then", "else", "examples",
    ]
    static let objectKeywords: Set<String> = ["properties", "required", "dependencies", "dependentRequired", "dependentSchemas"]

    mutating func field(_ name: String, node: SchemaNode, keyPointer: String, prefix: String, rules: PropertyRules,
                        ancestors: Set<String>, depth: Int) -> FieldSpec? {
        guard Self.identifier(name) != nil else {
            finding(.unsupported, "property '\(name)' is not a valid field id (ASCII letters, digits and '_', starting with a letter or '_', not a keyword); it is not checked",
                    at: keyPointer)
            return nil
        }
        let recursive = node.refTargets.intersection(ancestors)
        if let target = recursive.sorted().first {
            error("recursive schema: '#\(target)' contains itself here; a form cannot be infinitely deep", at: keyPointer)
            return nil
        }
        fieldCount += 1
        if fieldCount > Self.maxFields {
            if fieldCount == Self.maxFields + 1 {
                error("the schema becomes more than \(Self.maxFields) fields (definitions reused at many levels)", at: keyPointer)
            }
            return nil
        }
        let inner = ancestors.union(node.refTargets)
        let path = prefix + name
        var spec = FieldSpec(id: located(name, at: keyPointer), location: source.location(of: keyPointer))
        let types = declaredTypes(node)
        let kind = kind(of: node, types: types)
        var handled = Self.commonKeywords

        if let (title, pointer) = node.first("title") {
            if let title = title.string { spec.title = title } else { error("title must be a string", at: pointer) }
        }
        if let (_, pointer) = node.first("description") {
            finding(.ignored, "description is not kept (rules files have no help text yet)", at: pointer)
        }
        if let (_, pointer) = node.first("examples") { finding(.ignored, "examples are not kept", at: pointer) }
        if let (value, pointer) = node.first("readOnly"), value == .bool(true) {
            spec.enabledIf = text("false", at: pointer)
            spec.keys["enabled_if"] = source.location(of: pointer)
        }
        let enumAllowsNull = node.first("enum")?.value.array?.contains(.null) == true || node.first("const")?.value == .null
        requiredRule(&spec, rules: rules, nullable: types.nullable || enumAllowsNull, at: keyPointer)

        switch kind {
        case .unsupported(let why, let pointer):
            finding(.unsupported, why + "; the property is not checked", at: pointer)
            return nil
        case .scalar(let type):
            setType(&spec, type, at: types.pointer.isEmpty ? keyPointer : types.pointer)
            switch type {
            case .text:
                handled.formUnion(["minLength", "maxLength", "pattern", "format"])
                textKeywords(&spec, node, path: path)
            case .number, .integer:
                handled.formUnion(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
                numberKeywords(&spec, node, path: path, type: type)
            case .date:
                handled.insert("format")
            default:
                break
            }
        case .choice(let values, let pointer):
            handled.formUnion(["enum", "const", "oneOf", "anyOf"])
            setType(&spec, .choice, at: pointer)
            spec.options = optionSpecs(values, at: pointer)
            if spec.options?.isEmpty == true {
                finding(.unsupported, "none of these values can be an option; the property is not checked", at: pointer)
                return nil
            }
            spec.optionsWritten = true
            spec.keys["options"] = source.location(of: pointer)
        case .multiChoice(let items, let values, let pointer):
            handled.formUnion(["items", "minItems", "maxItems", "uniqueItems"])
            setType(&spec, .multiChoice, at: pointer)
            spec.options = optionSpecs(values, at: pointer)
            spec.optionsWritten = true
            spec.keys["options"] = source.location(of: pointer)
            reportUnhandled(items, handled: Self.commonKeywords.union(["enum", "const", "oneOf", "anyOf"]))
            itemCounts(&spec, node)
        case .group:
            handled.formUnion(Self.objectKeywords)
            setType(&spec, .group, at: types.pointer.isEmpty ? keyPointer : types.pointer)
            let always = spec.required?.text == "true"
            var members = objectFields(node, prefix: path + ".", presence: always ? nil : Self.presenceMarker,
                                       ancestors: inner, depth: depth + 1)
            if members.isEmpty {
                finding(.unsupported, "an object without properties has no fields; it is not checked", at: keyPointer)
                return nil
            }
            if !always {
                // A member required "when the object is present": the group's own checks run only
                // while one of its fields has a value, which is exactly that. (Members' required:
                // reading each other would be a dependency cycle.)
                for index in members.indices {
                    guard let required = members[index].required, required.text.contains(Self.presenceMarker) else { continue }
                    if required.text == Self.presenceMarker {
                        members[index].required = nil
                        members[index].keys["required"] = nil
                    } else {
                        members[index].required?.text = required.text.replacingOccurrences(of: Self.presenceMarker, with: "false")
                    }
                    let member = members[index]
                    let filled = Self.presence(of: [member], prefix: path + ".")
                    guard !filled.isEmpty else { continue }
                    let label = member.title ?? member.id.value
                    let message = LocalizedText(locales: ["en": "\(label) is required", "ru": "Заполните поле «\(label)»"])
                    spec.checks.append(CheckSpec(when: nil, rule: .expr(text(filled, at: keyPointer)),
                                                 message: message, location: member.location))
                }
            }
            spec.fields = members
            spec.keys["fields"] = spec.location
        case .list(let items):
            handled.formUnion(["items", "minItems", "maxItems", "uniqueItems"])
            setType(&spec, .list, at: types.pointer.isEmpty ? keyPointer : types.pointer)
            reportKeywords(items, context: .object, isRoot: false)
            let itemFields = objectFields(items, prefix: path + ".", presence: nil, ancestors: inner, depth: depth + 1)
            if itemFields.isEmpty {
                finding(.unsupported, "array items without properties have no fields; the property is not checked", at: items.pointer)
                return nil
            }
            spec.item = itemFields
            spec.keys["item"] = spec.location
            itemCounts(&spec, node)
            if let (value, pointer) = node.first("uniqueItems"), value == .bool(true) {
                finding(.unsupported, "uniqueItems on an array of objects is not checked", at: pointer)
            }
        }
        if case .group = kind {} else {
            let type = spec.type.flatMap { FieldType(rawValue: $0.value) }
            fieldCondition(&spec, node, path: path, type: type)
            if case .list = kind {} else {
                // not / anyOf / oneOf of value schemas: one check each.
                let combinators = ["not", "anyOf", "oneOf"].filter { keyword in
                    node.has(keyword) && !(keyword != "not" && combinatorIsOptions(node, keyword))
                }
                for check in constraints(node, path: path, type: type, forCondition: false, only: Set(combinators)).items {
                    spec.checks.append(checkSpec(check, node))
                }
                handled.formUnion(combinators)
            }
        }
        initial(&spec, node)
        messages(&spec, node)
        spec.checks += rules.checks
        if let message = rules.requiredMessage {
            spec.messages[located("required", at: message.pointer)] = LocalizedText(message.text)
        }
        if case .group = kind {
            reportUnhandled(node, handled: handled.subtracting(["if", "then", "else"]).union(["if", "then", "else"]))
        } else {
            reportUnhandled(node, handled: handled)
        }
        return spec
    }

    /// `required:` from the object's `required`, dependencies and conditions, or-ed together.
    private mutating func requiredRule(_ spec: inout FieldSpec, rules: PropertyRules, nullable: Bool, at pointer: String) {
        guard let first = rules.required.first else { return }
        if nullable {
            finding(.approximated, "a required property that may be null is imported as not required (an empty field is null)", at: first.pointer)
            return
        }
        var terms: [String] = []
        for (expr, _) in rules.required where !terms.contains(expr) { terms.append(expr) }
        let text = terms.contains("true") ? "true" : Self.balanced(terms, "or")
        spec.required = self.text(text, at: first.pointer)
        spec.keys["required"] = source.location(of: first.pointer)
    }

    private mutating func setType(_ spec: inout FieldSpec, _ type: FieldType, at pointer: String) {
        spec.type = located(type.rawValue, at: pointer)
        spec.keys["type"] = source.location(of: pointer)
    }

    private mutating func textKeywords(_ spec: inout FieldSpec, _ node: SchemaNode, path: String) {
        for (keyword, isMin) in [("minLength", true), ("maxLength", false)] {
            let values = node.all(keyword).compactMap { item in item.value.integer.map { ($0, item.pointer) } }
            guard let best = isMin ? values.max(by: { $0.0 < $1.0 }) : values.min(by: { $0.0 < $1.0 }) else { continue }
            guard best.0 >= 0 else { error("\(keyword) must be ≥ 0", at: best.1); continue }
            if isMin { spec.minLength = located(best.0, at: best.1) } else { spec.maxLength = located(best.0, at: best.1) }
            spec.keys[isMin ? "min_length" : "max_length"] = source.location(of: best.1)
        }
        for check in constraints(node, path: path, type: .text, forCondition: false, only: ["pattern"]).items {
            spec.checks.append(checkSpec(check, node))
        }
        if let (value, pointer) = node.first("format"), let format = value.string {
            if let regex = SchemaFormats.pattern(for: format) {
                spec.pattern = text(regex, at: pointer, quoted: true)
                spec.keys["pattern"] = source.location(of: pointer)
                finding(.approximated, "format '\(format)' is checked with a pattern (the form, not every rule of the standard)", at: pointer)
            } else {
                finding(.unsupported, "format '\(format)' is not checked (date, date-time, time, email, uri, uuid and ipv4 are)", at: pointer)
            }
        }
    }

    private mutating func numberKeywords(_ spec: inout FieldSpec, _ node: SchemaNode, path: String, type: FieldType) {
        // Inclusive bounds become min/max (the strictest of several); exclusive ones, checks.
        for (keyword, isMin) in [("minimum", true), ("maximum", false)] {
            var best: (Double, String)?
            for (value, pointer) in node.all(keyword) {
                let exclusiveKey = isMin ? "exclusiveMinimum" : "exclusiveMaximum"
                let part = node.parts.first { pointer.hasPrefix($0.pointer + "/") && $0.object[keyword] == value }
                if part?.object[exclusiveKey] == .bool(true) { continue }  // draft-04: a check
                guard let number = value.number else { error("\(keyword) must be a number", at: pointer); continue }
                if let current = best, isMin ? current.0 >= number : current.0 <= number { continue }
                best = (number, pointer)
            }
            guard let (number, pointer) = best else { continue }
            guard let literal = Self.decimal(number) else {
                finding(.unsupported, "\(keyword) \(number) cannot be written as a plain decimal; not checked", at: pointer)
                continue
            }
            if isMin { spec.min = text(literal, at: pointer) } else { spec.max = text(literal, at: pointer) }
            spec.keys[isMin ? "min" : "max"] = source.location(of: pointer)
        }
        let exclusive = constraints(node, path: path, type: type, forCondition: false,
                                    only: ["exclusiveMinimum", "exclusiveMaximum", "minimum", "maximum"]).items
        for check in exclusive where check.expr.contains(" > ") || check.expr.contains(" < ") {
            spec.checks.append(checkSpec(check, node))
        }
        for (value, pointer) in node.all("multipleOf") {
            guard let number = value.number, number > 0 else { error("multipleOf must be a number > 0", at: pointer); continue }
            if number == 1 { continue }  // the field is an integer
            finding(.unsupported, "multipleOf \(Value.format(number)) is not checked (expressions have no remainder yet)", at: pointer)
        }
    }

    /// A check from a constraint, with the ajv-errors message for its keyword if there is one.
    private mutating func checkSpec(_ constraint: Constraint, _ node: SchemaNode) -> CheckSpec {
        var message: LocalizedText?
        if let (value, _) = node.first("errorMessage"), let text = value[constraint.keyword]?.string {
            message = LocalizedText(text)
        }
        return CheckSpec(when: nil, rule: .expr(text(constraint.expr, at: constraint.pointer)), message: message,
                         location: source.location(of: constraint.pointer))
    }

    private mutating func itemCounts(_ spec: inout FieldSpec, _ node: SchemaNode) {
        for (keyword, key) in [("minItems", "min_items"), ("maxItems", "max_items")] {
            guard let (value, pointer) = node.first(keyword) else { continue }
            guard let count = value.integer, count >= 0 else { error("\(keyword) must be a whole number ≥ 0", at: pointer); continue }
            if key == "min_items" {
                spec.minItems = located(count, at: pointer)
                if count > 0 && spec.required == nil {
                    finding(.approximated, "minItems: an empty array counts as an empty field, which is valid while the field is not required",
                            at: pointer)
                }
            } else {
                spec.maxItems = located(count, at: pointer)
            }
            spec.keys[key] = source.location(of: pointer)
        }
    }

    /// Field-level `if`/`then`/`else` (an `if` about the value itself): checks with `when:`.
    private mutating func fieldCondition(_ spec: inout FieldSpec, _ node: SchemaNode, path: String, type: FieldType?) {
        guard let (ifValue, ifPointer) = node.first("if") else { return }
        let ifNode = self.node(ifValue, at: ifPointer, refChain: [])
        let condition = constraints(ifNode, path: path, type: type, forCondition: true)
        guard !condition.untranslated else {
            finding(.unsupported, "this 'if' cannot be written as a condition; its then/else are not checked", at: ifPointer)
            return
        }
        let when = Self.balanced(condition.items.map(\.expr), "and")
        for (keyword, guardText) in [("then", when), ("else", "not (\(when))")] {
            guard let (value, pointer) = node.first(keyword) else { continue }
            let branch = self.node(value, at: pointer, refChain: [])
            for item in constraints(branch, path: path, type: type, forCondition: false).items {
                spec.checks.append(CheckSpec(when: text(guardText, at: ifPointer), rule: .expr(text(item.expr, at: item.pointer)),
                                             message: nil, location: source.location(of: item.pointer)))
            }
        }
    }

    private mutating func optionSpecs(_ values: [OptionValue], at pointer: String) -> [OptionSpec] {
        var result: [OptionSpec] = []
        var kinds = Set<String>()
        for option in values {
            let scalar: ScalarText
            switch option.value {
            case .null: continue  // null is an empty field
            case .string(let string): scalar = text(string, at: option.pointer, quoted: true); kinds.insert("text")
            case .bool(let flag): scalar = text(flag ? "true" : "false", at: option.pointer); kinds.insert("bool")
            case .number(let number):
                guard let literal = Self.decimal(number) else {
                    finding(.unsupported, "option \(number) cannot be written as a plain decimal", at: option.pointer)
                    continue
                }
                scalar = text(literal, at: option.pointer)
                kinds.insert("number")
            case .array, .object:
                finding(.unsupported, "an option that is \(option.value.kindDescription) is not supported; it is left out", at: option.pointer)
                continue
            }
            result.append(OptionSpec(value: scalar, title: option.title, location: source.location(of: option.pointer)))
        }
        if kinds.count > 1 {
            finding(.unsupported, "options of several types (\(kinds.sorted().joined(separator: ", "))) are not supported; only the \(kinds.contains("text") ? "text" : kinds.sorted()[0]) ones are kept", at: pointer)
            let keep = kinds.contains("text") ? "text" : kinds.sorted()[0]
            result = result.filter { option in
                switch keep {
                case "text": option.value.isQuoted
                case "bool": option.value.text == "true" || option.value.text == "false"
                default: !option.value.isQuoted && option.value.text != "true" && option.value.text != "false"
                }
            }
        }
        return result
    }

    private mutating func initial(_ spec: inout FieldSpec, _ node: SchemaNode) {
        guard let (value, pointer) = node.first("default") else { return }
        let type = spec.type?.value ?? "text"
        switch (type, value) {
        case ("multi_choice", .array(let items)):
            spec.initialList = items.compactMap { item in
                switch item {
                case .string(let string): text(string, at: pointer, quoted: true)
                case .number(let number): Self.decimal(number).map { text($0, at: pointer) }
                case .bool(let flag): text(flag ? "true" : "false", at: pointer)
                default: nil
                }
            }
        case ("group", _), ("list", _):
            finding(.unsupported, "a default for an object or an array of objects is not kept", at: pointer)
            return
        case (_, .string(let string)): spec.initial = text(string, at: pointer, quoted: type != "date")
        case (_, .number(let number)):
            guard let literal = Self.decimal(number) else { return }
            spec.initial = text(literal, at: pointer)
        case (_, .bool(let flag)): spec.initial = text(flag ? "true" : "false", at: pointer)
        case (_, .null): return
        default:
            finding(.unsupported, "default \(value.kindDescription) does not fit a \(type) field", at: pointer)
            return
        }
        spec.keys["initial"] = source.location(of: pointer)
    }

    /// ajv-errors' `errorMessage`: one text for the field, or one per keyword.
    private mutating func messages(_ spec: inout FieldSpec, _ node: SchemaNode) {
        guard let (value, pointer) = node.first("errorMessage") else { return }
        if let message = value.string {
            spec.message = LocalizedText(message)
            spec.keys["message"] = source.location(of: pointer)
            return
        }
        guard let members = value.object else {
            error("errorMessage must be a string or an object", at: pointer)
            return
        }
        let codes: [String: String] = [
            "required": "required", "type": "type", "minimum": "min", "maximum": "max", "minLength": "min_length",
            "maxLength": "max_length", "enum": "option", "const": "option", "minItems": "items", "maxItems": "items",
            "format": "pattern",
        ]
        let checkKeywords: Set<String> = ["pattern", "exclusiveMinimum", "exclusiveMaximum"]
        for key in source.orderedKeys(of: members, at: pointer) {
            let keyPointer = pointer + "/" + SchemaPointer.escape(key)
            guard let text = members[key]?.string else {
                if key != "required" { finding(.unsupported, "errorMessage '\(key)' must be a string", at: keyPointer) }
                continue
            }
            if key == "_" {
                spec.message = LocalizedText(text)
            } else if let code = codes[key] {
                spec.messages[located(code, at: keyPointer)] = LocalizedText(text)
            } else if !checkKeywords.contains(key) {
                finding(.unsupported, "errorMessage for '\(key)' has no matching rule", at: keyPointer)
            }
        }
    }

    /// "The object is present": one of its fields has a value.
    static func presence(of members: [FieldSpec], prefix: String) -> String {
        var terms: [String] = []
        var pending: [(FieldSpec, String)] = members.map { ($0, prefix) }
        var index = 0
        while index < pending.count {
            let (member, memberPrefix) = pending[index]
            index += 1
            let path = memberPrefix + member.id.value
            switch member.type?.value {
            case "group": pending += (member.fields ?? []).map { ($0, path + ".") }
            case "list": terms.append("count(\(path)) > 0")
            default: terms.append("\(path) != null")
            }
        }
        return terms.isEmpty ? "" : balanced(terms, "or")
    }

    enum KeywordContext { case object, field }

    /// Reports keywords of an object schema (the root, list items) that the importer does not read.
    mutating func reportKeywords(_ node: SchemaNode, context: KeywordContext, isRoot: Bool) {
        var handled = Self.commonKeywords.union(Self.objectKeywords)
        if isRoot { handled.formUnion(["title"]) }
        reportUnhandled(node, handled: handled)
    }

    mutating func reportUnhandled(_ node: SchemaNode, handled: Set<String>) {
        for part in node.parts {
            for key in source.orderedKeys(of: part.object, at: part.pointer) where !handled.contains(key) {
                let pointer = part.pointer + "/" + SchemaPointer.escape(key)
                if key == "uniqueItems", part.object[key] == .bool(false) { continue }
                if ["not", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties",
                    "contains", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "oneOf", "anyOf"].contains(key) {
                    finding(.unsupported, "'\(key)' is not supported here; it is not checked", at: pointer)
                } else {
                    finding(.unsupported, "unknown or inapplicable keyword '\(key)'; it is not checked", at: pointer)
                }
            }
        }
    }
}
