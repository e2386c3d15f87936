/// The first pass: every field gets an id, a path and a type; keys that do not apply to the
/// type are reported; options are read.
extension RuleSetCompiler {
    /// The types a `values` field's values may have.
    static let itemTypes: [FieldType] = [.text, .number, .integer, .date, .bool, .json]

    /// How deep lists may nest: a list, and a list inside its item (a driver's violations). A
    /// list inside an inner list's item is an error. Every level of the engine that walks nested
    /// items (renumbering, paths, reading records) recurses at most this deep.
    static let maxListNesting = 2

    /// Words that cannot be field ids because expressions read them as keywords.
    static let reservedNames: Set<String> = Set(Token.Keyword.allCases.map(\.rawValue)).union(["option"])

    /// The spec of a declared field, read where the document holds it: in its section's fields,
    /// or in its group's `fields:` or its list's `item:` (at most ``RulesFileParser/maxFieldDepth``
    /// levels up).
    func spec(_ id: FieldID) -> FieldSpec {
        spec(id) { $0 }
    }

    /// A part of a declared field's spec, read in place (a whole spec is over a kilobyte to copy).
    func spec<Part>(_ id: FieldID, _ part: (FieldSpec) -> Part) -> Part {
        let (parent, index) = (declared[id.index].parent, declared[id.index].specIndex)
        guard let parent else {
            let held = sectionFields[declared[id.index].section][index]
            assert(held !== SectionField.compiled, "the spec of '\(declared[id.index].path)' is read after it was let go")
            return part(held.spec)
        }
        let inItem = declared[parent.index].type == .list
        return spec(parent) { holder in part(((inItem ? holder.item : holder.fields) ?? [])[index]) }
    }

    /// Declares the field that `spec` is, at `position` in its section's fields (or in its
    /// group's `fields:` or list's `item:`, when `group` or `list` is given), and what it holds.
    mutating func declare(
        _ spec: FieldSpec, at position: Int, section: Int, prefix: String, containers: [FieldID],
        list: FieldID?, group: FieldID?
    ) {
        let name = spec.id.value
        if !Self.isIdentifier(name) {
            error(
                .invalidFieldID,
                "field id '\(name)' must be ASCII letters, digits and '_', starting with a letter or '_'",
                at: spec.id.location)
        } else if Self.reservedNames.contains(name) {
            error(.invalidFieldID, "'\(name)' cannot be a field id: expressions read it as a keyword", at: spec.id.location)
        }
        let path = prefix + name
        if let existing = pathIndex[path] {
            let line = self.spec(existing).id.location.line
            error(.duplicateFieldID, "duplicate field id '\(name)' (first on line \(line))", at: spec.id.location)
            return
        }
        let type = fieldType(spec)
        let itemType = type == .values ? valuesItemType(spec) : nil
        for (key, location) in spec.keys {
            guard let rule = FieldKey.named[key]?.applies else { continue }
            if !rule.types.contains(type) {
                error(.keyNotApplicable, "'\(key)' applies to \(rule.description), not \(type) fields", at: location)
            } else if let itemType, type == .values, rule.itemsToo, !rule.types.contains(itemType) {
                error(
                    .keyNotApplicable, "'\(key)' applies to \(rule.description) and to values of their types, not to values of \(itemType)",
                    at: location)
            }
        }
        let id = FieldID(declared.count)
        var itemIndex = 0
        if let list {
            itemIndex = declared[list.index].members.count
            declared[list.index].members.append(id)
        }
        if let group {
            declared[group.index].members.append(id)
        }
        pathIndex[path] = id
        declared.append(
            DeclaredField(
                specIndex: position, parent: group ?? list, id: id, path: path, type: type, section: section, list: list,
                itemIndex: itemIndex, group: group, containers: containers))
        declared[id.index].itemType = itemType

        switch type {
        case .group:
            guard let members = spec.fields, !members.isEmpty else {
                if spec.fields == nil { error(.missingKey, "group '\(name)' needs 'fields:'", at: spec.id.location) }
                return
            }
            for (position, member) in members.enumerated() {
                declare(
                    member, at: position, section: section, prefix: path + ".", containers: [id] + containers, list: list,
                    group: id)
            }
        case .list:
            let depth = containers.filter { declared[$0.index].type == .list }.count + 1
            if depth > Self.maxListNesting {
                error(
                    .nestingTooDeep,
                    "list '\(name)' is \(depth) lists deep; lists nest at most \(Self.maxListNesting) deep (a list inside a list's item)",
                    at: spec.id.location)
                return
            }
            guard let item = spec.item, !item.isEmpty else {
                if spec.item == nil { error(.missingKey, "list '\(name)' needs 'item:' (the fields of one item)", at: spec.id.location) }
                return
            }
            for (position, member) in item.enumerated() {
                declare(member, at: position, section: section, prefix: path + ".", containers: [id] + containers, list: id, group: nil)
            }
        default:
            if (type == .choice || type == .multiChoice) && spec.options == nil {
                error(.missingKey, "\(type) field '\(name)' needs 'options:'", at: spec.id.location)
            }
        }
    }

    private mutating func fieldType(_ spec: FieldSpec) -> FieldType {
        guard let written = spec.type else { return .text }
        if let type = FieldType(rawValue: written.value) { return type }
        let names = FieldType.allCases.map(\.rawValue)
        let suggestion = NearMiss.didYouMean(written.value, among: names)
        error(
            .unknownType,
            "unknown type '\(written.value)'\(suggestion) (types are \(names.joined(separator: ", ")))",
            at: written.location)
        return .text
    }

    /// A `values` field's `item_type` (text when not written).
    private mutating func valuesItemType(_ spec: FieldSpec) -> FieldType {
        guard let written = spec.itemType else { return .text }
        if let type = FieldType(rawValue: written.value), Self.itemTypes.contains(type) { return type }
        let names = Self.itemTypes.map(\.rawValue)
        error(
            .unknownType,
            "item_type must be one of \(names.joined(separator: ", ")), not '\(written.value)'\(NearMiss.didYouMean(written.value, among: names))",
            at: written.location)
        return .text
    }

    // MARK: - Options

    /// Reads every choice field's options: values of one type, no duplicates, attributes of
    /// one type each.
    mutating func compileOptions() {
        for index in declared.indices {
            guard declared[index].type == .choice || declared[index].type == .multiChoice,
                let specs = self.spec(declared[index].id, \.options)
            else { continue }
            let name = declared[index].path
            var options: [ChoiceOption] = []
            var valueType: ExprType?
            var attributeTypes: [String: ExprType] = [:]
            var seen: [Value: Int] = [:]
            for spec in specs {
                guard let value = Self.literal(spec.value) else {
                    error(.missingKey, "an option of '\(name)' has no value", at: spec.location)
                    continue
                }
                let type = Self.exprType(of: value)
                if let expected = valueType, expected != type {
                    error(
                        .optionTypeMismatch,
                        "option '\(value)' of '\(name)' is \(type), but the options before it are \(expected)",
                        at: spec.value.location)
                    continue
                }
                valueType = type
                if let line = seen[value] {
                    error(
                        .duplicateOption, "option '\(value)' of '\(name)' is listed twice (first on line \(line))", at: spec.value.location)
                    continue
                }
                seen[value] = spec.value.location.line
                var attributes: [String: Value] = [:]
                for (attribute, text) in spec.attributes {
                    guard let attributeValue = Self.literal(text) else { continue }
                    let attributeType = Self.exprType(of: attributeValue)
                    if let expected = attributeTypes[attribute.value], expected != attributeType {
                        error(
                            .optionTypeMismatch,
                            "attribute '\(attribute.value)' is \(attributeType) here but \(expected) on other options of '\(name)'",
                            at: text.location)
                        continue
                    }
                    attributeTypes[attribute.value] = attributeType
                    attributes[attribute.value] = attributeValue
                }
                options.append(ChoiceOption(value: value, title: spec.title ?? value.description, attributes: attributes))
            }
            if specs.isEmpty && self.spec(declared[index].id, \.optionsWritten) {
                error(.emptyOptions, "'\(name)' has an empty list of options", at: self.spec(declared[index].id, \.id.location))
            }
            declared[index].options = options
            declared[index].optionType = valueType ?? .text
            declared[index].optionAttributeTypes = attributeTypes
        }
    }

    /// A plain scalar as a value: `true`/`false`, a number, `null`/`~`, else text. Quoted
    /// scalars are always text; `yes` and `no` are text.
    static func literal(_ text: ScalarText) -> Value? {
        if text.isQuoted { return Value.normalized(.text(text.text)) }
        switch text.text {
        case "", "~", "null", "Null", "NULL": return nil
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default:
            if let number = NumberText.parse(text.text) { return number }
            return .text(text.text)
        }
    }

    static func exprType(of value: Value) -> ExprType {
        switch value {
        case .text: .text
        case .number, .decimal: .number
        case .bool: .bool
        case .date: .date
        case .list(let items): .list(items.first.map(exprType(of:)) ?? .text)
        case .structured: .json
        }
    }

    /// A field's type as expressions see it.
    func exprType(of field: DeclaredField) -> ExprType {
        switch field.type {
        case .text: .text
        case .number, .integer: .number
        case .date: .date
        case .bool: .bool
        case .choice: field.optionType
        case .multiChoice: .list(field.optionType)
        case .values: .list(Self.exprType(of: field.itemType ?? .text))
        // A file field counts in count() and empty(); its files are not compared.
        case .file: .list(.text)
        case .json: .json
        case .group, .list: .null
        }
    }

    /// The expression type of a value of a scalar field type.
    static func exprType(of type: FieldType) -> ExprType {
        switch type {
        case .number, .integer: .number
        case .date: .date
        case .bool: .bool
        case .json: .json
        default: .text
        }
    }
}
