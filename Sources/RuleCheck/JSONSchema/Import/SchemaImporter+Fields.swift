import Foundation

/// One property → one ``FieldSpec``: its type, bounds, options, messages and checks.
extension SchemaImporter {
    /// Stands for "the enclosing object is present" in members' `required:` until the group's
    /// members are known; replaced by ``presence(of:prefix:)``.
    static let presenceMarker = "\u{1}present\u{1}"

    static let commonKeywords: Set<String> = Set([
        "type", "title", "description", "default", "readOnly", "writeOnly", "deprecated", "errorMessage", "errors", "$ref", "allOf",
        "$schema", "$id", "$comment", "definitions", "$defs", "if", "then", "else", "examples",
    ]).union(RuleCheckKeywords.field)
    static let objectKeywords: Set<String> = ["properties", "required", "dependencies", "dependentRequired", "dependentSchemas"]

    mutating func field(
        _ name: String, node: SchemaNode, keyPointer: String, prefix: String, rules: PropertyRules,
        ancestors: Set<String>, depth: Int
    ) -> FieldSpec? {
        guard Self.identifier(name) != nil else {
            finding(
                .unsupported,
                "property '\(name)' is not a valid field id (ASCII letters, digits and '_', starting with a letter or '_', not a keyword); it is not checked",
                at: keyPointer)
            return nil
        }
        let recursive = node.refTargets.intersection(ancestors)
        if let target = recursive.sorted().first {
            error(
                .schemaReferenceCycle, "recursive schema: '#\(target)' contains itself here; a form cannot be infinitely deep",
                at: keyPointer)
            return nil
        }
        fieldCount += 1
        if fieldCount > Self.maxFields {
            if fieldCount == Self.maxFields + 1 {
                error(
                    .schemaTooLarge, "the schema becomes more than \(Self.maxFields) fields (definitions reused at many levels)",
                    at: keyPointer)
            }
            return nil
        }
        let inner = ancestors.union(node.refTargets)
        let path = prefix + name
        let x = ruleCheckKeywords(node)
        if x.visibleIf != nil { exactVisible.insert(path) }
        if x.enabledIf != nil { exactEnabled.insert(path) }
        var spec = FieldSpec(id: located(name, at: keyPointer), location: source.location(of: keyPointer))
        let types = declaredTypes(node)
        var kind: Kind = x.type?.value == "date" ? .scalar(.date) : kind(of: node, types: types)
        // A choice between booleans (`type: boolean` with an enum would be a bool field).
        if x.type?.value == "choice", let options = options(node) { kind = .choice(options.values, pointer: options.pointer) }
        if x.type?.value == "file" { kind = .file(items: child(node, "items")) }
        if let type = x.type, !["date", "choice", "file", "json"].contains(type.value) {
            ownFinding(
                .unsupported, "x-rulecheck-type '\(type.value)' is not one of date, choice, file, json; it is not read",
                at: node.first("x-rulecheck-type")?.pointer ?? keyPointer)
        }
        var handled = Self.commonKeywords

        if let (title, pointer) = node.first("title") {
            if let title = title.string { spec.title = title } else { error(.invalidSchema, "title must be a string", at: pointer) }
        }
        annotations(&spec, node)
        if let enabled = x.enabledIf {
            spec.enabledIf = enabled
            spec.keys["enabled_if"] = enabled.location
        } else if let (value, pointer) = node.first("readOnly"), value == .bool(true), x.value == nil {
            spec.enabledIf = text("false", at: pointer)
            spec.keys["enabled_if"] = source.location(of: pointer)
        }
        if let required = x.required {
            spec.required = required
            spec.keys["required"] = required.location
        } else {
            let enumAllowsNull = node.first("enum")?.value.array?.contains(.null) == true || node.first("const")?.value == .null
            requiredRule(&spec, rules: rules, nullable: types.nullable || enumAllowsNull, at: keyPointer)
        }
        if let visible = x.visibleIf ?? rules.visible.map({ text($0.expr, at: $0.pointer) }) {
            spec.visibleIf = visible
            spec.keys["visible_if"] = visible.location
        }

        switch kind {
        case .unsupported(let why, let pointer):
            finding(.unsupported, why + "; the property is not checked", at: pointer)
            return nil
        case .scalar(let type):
            setType(&spec, type, at: types.pointer.isEmpty ? keyPointer : types.pointer)
            switch type {
            case .text:
                handled.formUnion(["minLength", "maxLength", "pattern", "format"])
                textKeywords(&spec, node, path: path, x)
            case .number, .integer:
                handled.formUnion(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
                numberKeywords(&spec, node, path: path, type: type, x)
            case .bool:
                if x.checks == nil, node.has("const") || node.has("enum") {
                    handled.formUnion(["const", "enum"])
                    for check in constraints(node, path: path, type: .bool, forCondition: false, only: ["const", "enum"]).items {
                        spec.checks.append(checkSpec(check, node))
                    }
                }
            case .date:
                handled.insert("format")
                // A date in a format of its own is exported as a string with the format's shape.
                if x.type != nil { handled.formUnion(["pattern", "minLength", "maxLength"]) }
            default:
                break
            }
        case .choice(let values, let pointer):
            handled.formUnion(["enum", "const", "oneOf", "anyOf"])
            setType(&spec, .choice, at: pointer)
            spec.options = optionSpecs(values, at: pointer)
            if spec.options?.isEmpty == true && x.options == nil {
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
            uniqueItems(&spec, node)
        case .json(let jsonTypes):
            handled.formUnion(Self.anyJSONKeywords)
            setType(&spec, .json, at: types.pointer.isEmpty ? keyPointer : types.pointer)
            if let jsonTypes {
                spec.jsonTypes = jsonTypes.names.map { located($0, at: types.pointer.isEmpty ? keyPointer : types.pointer) }
            }
            anyJSONKeywords(&spec, node, path: path, x)
        case .values(let items, let type):
            handled.formUnion(["items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems"])
            setType(&spec, .values, at: types.pointer.isEmpty ? keyPointer : types.pointer)
            if type != .text { spec.itemType = located(type.rawValue, at: items?.pointer ?? keyPointer) }
            if let items { valuesItemKeywords(&spec, items, type: type, x) }
            itemCounts(&spec, node)
            uniqueItems(&spec, node)
        case .file(let items):
            handled.formUnion(["items", "minItems", "maxItems"])
            setType(&spec, .file, at: node.first("x-rulecheck-type")?.pointer ?? keyPointer)
            fileKeywords(&spec, items, x)
            itemCounts(&spec, node)
        case .group:
            handled.formUnion(Self.objectKeywords)
            setType(&spec, .group, at: types.pointer.isEmpty ? keyPointer : types.pointer)
            guard
                let members = groupMembers(
                    &spec, node, path: path, keyPointer: keyPointer, ancestors: inner, depth: depth,
                    outerBranches: rules.branches)
            else {
                return nil
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
        if case .group = kind {
        } else if x.checks == nil {
            let type = spec.type.flatMap { FieldType(rawValue: $0.value) }
            fieldConditions(&spec, node, path: path, type: type)
            if case .list = kind {
            } else if case .values = kind {
            } else if case .file = kind {
            } else {
                // not / anyOf / oneOf of value schemas: one check each.
                let combinators = ["not", "anyOf", "oneOf"].filter { keyword in
                    node.has(keyword) && !(keyword != "not" && combinatorIsOptions(node, keyword))
                }
                for check in constraints(node, path: path, type: type, forCondition: false, only: Set(combinators)).items {
                    spec.checks.append(checkSpec(check, node))
                }
                handled.formUnion(combinators)
            }
        } else if x.checks != nil {
            // The export's shadow of the checks.
            handled.formUnion(["not", "anyOf", "oneOf", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
        }
        initial(&spec, node)
        if !x.hasMessages { messages(&spec, node, path: path) }
        spec.checks += rules.checks
        if let message = rules.requiredMessage, !x.hasMessages {
            spec.messages[located("required", at: message.pointer)] = LocalizedText(message.text)
        }
        apply(x, to: &spec)
        if case .group = kind {
            reportUnhandled(node, handled: handled.union(["if", "then", "else", "anyOf", "oneOf", "not"]))
        } else {
            reportUnhandled(node, handled: handled)
        }
        return spec
    }

    /// The `x-rulecheck-*` keywords replace what the standard keywords gave for their aspects.
    private func apply(_ x: RuleCheckKeywords, to spec: inout FieldSpec) {
        func set(_ value: ScalarText?, _ key: String, _ path: WritableKeyPath<FieldSpec, ScalarText?>) {
            guard let value else { return }
            spec[keyPath: path] = value
            spec.keys[key] = value.location
        }
        set(x.value, "value", \.value)
        set(x.pattern, "pattern", \.pattern)
        set(x.mask, "mask", \.mask)
        if x.mask != nil { spec.maskAlternatives = x.maskAlternatives }
        if let maskValue = x.maskValue {
            spec.maskValue = maskValue
            spec.keys["mask_value"] = maskValue.location
        }
        if let digits = x.digits {
            spec.digits = digits
            spec.keys["digits"] = digits.location
        }
        if let calendar = x.calendar {
            spec.calendar = calendar
            spec.keys["calendar"] = calendar.location
        }
        if let letters = x.letters {
            spec.letters = letters
            spec.keys["letters"] = letters.location
        }
        set(x.min, "min", \.min)
        set(x.max, "max", \.max)
        set(x.format, "format", \.format)
        set(x.optionsFilter, "options_filter", \.optionsFilter)
        set(x.display, "display", \.display)
        if let initial = x.initial {
            spec.initialList = nil
            set(initial, "initial", \.initial)
        }
        if let dependsOn = x.dependsOn {
            spec.dependsOn = dependsOn
            spec.keys["depends_on"] = dependsOn.first?.location ?? spec.location
        }
        if let uniqueBy = x.uniqueBy {
            spec.uniqueBy = uniqueBy
            spec.keys["unique_by"] = uniqueBy.first?.location ?? spec.location
        }
        if let options = x.options {
            spec.options = options
            spec.optionsWritten = true
        }
        if let checks = x.checks { spec.checks = checks }
        if let titles = x.titles { spec.titles = titles }
        if x.hasMessages {
            spec.message = x.message
            spec.messages = x.messages ?? [:]
        }
    }

    /// A group's members; an optional object's required members are checked by the group.
    private mutating func groupMembers(
        _ spec: inout FieldSpec, _ node: SchemaNode, path: String, keyPointer: String,
        ancestors: Set<String>, depth: Int, outerBranches: [Branch]
    ) -> [FieldSpec]? {
        let always = spec.required?.text == "true"
        var members = objectFields(
            node, prefix: path + ".", presence: always ? nil : Self.presenceMarker,
            ancestors: ancestors, depth: depth + 1, outerBranches: outerBranches)
        spec.checks += groupChecks.removeValue(forKey: path + ".") ?? []
        if members.isEmpty {
            finding(.unsupported, "an object without properties has no fields; it is not checked", at: keyPointer)
            return nil
        }
        guard !always else { return members }
        // A member required "when the object is present": the group's own checks run only while
        // one of its fields has a value, which is exactly that. (Members' required: reading each
        // other would be a dependency cycle.)
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
            spec.checks.append(
                CheckSpec(
                    when: nil, rule: .expr(text(filled, at: keyPointer)),
                    message: message, location: member.location))
        }
        return members
    }

    /// `required:` from the object's `required`, dependencies and conditions, or-ed together.
    private mutating func requiredRule(_ spec: inout FieldSpec, rules: PropertyRules, nullable: Bool, at pointer: String) {
        guard let first = rules.required.first else { return }
        if nullable {
            finding(
                .approximated, "a required property that may be null is imported as not required (an empty field is null)",
                at: first.pointer)
            return
        }
        var terms: [String] = []
        for (expr, _) in rules.required where !terms.contains(expr) { terms.append(expr) }
        let text = terms.contains("true") ? "true" : Self.balanced(terms, "or")
        spec.required = self.text(text, at: first.pointer)
        spec.keys["required"] = source.location(of: first.pointer)
    }

    func setType(_ spec: inout FieldSpec, _ type: FieldType, at pointer: String) {
        spec.type = located(type.rawValue, at: pointer)
        spec.keys["type"] = source.location(of: pointer)
    }

    /// `description`, `examples`, `deprecated` and `writeOnly` become `ui:` hints of the field,
    /// and `x-rulecheck-ui` holds the others (a UI schema's hints then apply over them).
    private mutating func annotations(_ spec: inout FieldSpec, _ node: SchemaNode) {
        for keyword in ["description", "examples", "deprecated", "writeOnly"] {
            guard let (value, pointer) = node.first(keyword) else { continue }
            spec.ui.append((located(keyword, at: pointer), value))
        }
        guard let (value, pointer) = node.first("x-rulecheck-ui") else { return }
        guard let hints = value.object else {
            error(.invalidSchema, "x-rulecheck-ui must be an object of hints", at: pointer)
            return
        }
        for name in source.orderedKeys(of: hints, at: pointer) where !spec.ui.contains(where: { $0.name.value == name }) {
            if let hint = hints[name] { spec.ui.append((located(name, at: pointer + "/" + SchemaPointer.escape(name)), hint)) }
        }
    }

    /// `uniqueItems: true` on an array of options or of values.
    func uniqueItems(_ spec: inout FieldSpec, _ node: SchemaNode) {
        guard let (value, pointer) = node.first("uniqueItems"), value == .bool(true) else { return }
        spec.uniqueItems = located(true, at: pointer)
        spec.keys["unique_items"] = source.location(of: pointer)
    }
}
