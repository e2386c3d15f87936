/// Options and defaults of a field, and reports of keywords that are not read.
extension SchemaImporter {
    mutating func optionSpecs(_ values: [OptionValue], at pointer: String) -> [OptionSpec] {
        var result: [OptionSpec] = []
        var kinds = Set<String>()
        for option in values {
            let scalar: ScalarText
            switch option.value {
            case .null: continue  // null is an empty field
            case .string(let string): scalar = text(string, at: option.pointer, quoted: true); kinds.insert("text")
            case .bool(let flag): scalar = text(flag ? "true" : "false", at: option.pointer); kinds.insert("bool")
            case .number, .decimal:
                guard let number = option.value.exactNumber, let literal = Self.decimal(number) else {
                    finding(.unsupported, "option \(option.value) cannot be written as a plain decimal", at: option.pointer)
                    continue
                }
                scalar = text(literal, at: option.pointer)
                kinds.insert("number")
            case .array, .object:
                finding(
                    .unsupported, "an option that is \(option.value.kindDescription) is not supported; it is left out", at: option.pointer)
                continue
            }
            result.append(OptionSpec(value: scalar, title: option.title, location: source.location(of: option.pointer)))
        }
        if kinds.count > 1 {
            finding(
                .unsupported,
                "options of several types (\(kinds.sorted().joined(separator: ", "))) are not supported; only the \(kinds.contains("text") ? "text" : kinds.sorted()[0]) ones are kept",
                at: pointer)
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

    mutating func initial(_ spec: inout FieldSpec, _ node: SchemaNode) {
        guard let (value, pointer) = node.first("default") else { return }
        let type = spec.type?.value ?? "text"
        switch (type, value) {
        case ("multi_choice", .array(let items)), ("values", .array(let items)):
            spec.initialList = items.compactMap { item in
                switch item {
                case .string(let string): text(string, at: pointer, quoted: true)
                case .number, .decimal: item.exactNumber.flatMap(Self.decimal).map { text($0, at: pointer) }
                case .bool(let flag): text(flag ? "true" : "false", at: pointer)
                default: nil
                }
            }
        case ("group", _), ("list", _):
            finding(.unsupported, "a default for an object or an array of objects is not kept", at: pointer)
            return
        case (_, .string(let string)): spec.initial = text(string, at: pointer, quoted: type != "date")
        case (_, .number), (_, .decimal):
            guard let number = value.exactNumber, let literal = Self.decimal(number) else {
                finding(.unsupported, "default \(value) cannot be written as a plain decimal; it is not kept", at: pointer)
                return
            }
            spec.initial = text(literal, at: pointer)
        case (_, .bool(let flag)): spec.initial = text(flag ? "true" : "false", at: pointer)
        case (_, .null): return
        default:
            finding(.unsupported, "default \(value.kindDescription) does not fit a \(type) field", at: pointer)
            return
        }
        spec.keys["initial"] = source.location(of: pointer)
        // `default` is an annotation: one that is not among the options is no initial value.
        if schemaDecides, let options = spec.options {
            let values = Set(options.map(\.value.text))
            if let initial = spec.initial, !values.contains(initial.text) {
                spec.initial = nil
                spec.keys["initial"] = nil
            }
            if let list = spec.initialList, !list.allSatisfy({ values.contains($0.text) }) {
                spec.initialList = nil
                spec.keys["initial"] = nil
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
        // anyOf, oneOf and not of object schemas are the object's checks (or reported there).
        var handled = Self.commonKeywords.union(Self.objectKeywords).union(["anyOf", "oneOf", "not"])
        if isRoot { handled.formUnion(RuleCheckKeywords.root.union(["title", "pages"])) }
        // A Divar-style `errors` belongs to a property: an object of the form has no rule of its own.
        for (_, pointer) in node.all("errors") {
            ownFinding(.unsupported, "errors here belong to no field (write them on the properties); they are not used", at: pointer)
        }
        reportUnhandled(node, handled: handled.union(["errors"]))
    }

    mutating func reportUnhandled(_ node: SchemaNode, handled: Set<String>) {
        for part in node.parts {
            for key in source.orderedKeys(of: part.object, at: part.pointer) where !handled.contains(key) {
                let pointer = part.pointer + "/" + SchemaPointer.escape(key)
                if key == "uniqueItems", part.object[key] == .bool(false) { continue }
                if [
                    "not", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties",
                    "contains", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "oneOf", "anyOf",
                ].contains(key) {
                    finding(.unsupported, "'\(key)' is not supported here; it is not checked", at: pointer)
                } else {
                    finding(.unsupported, "unknown or inapplicable keyword '\(key)'; it is not checked", at: pointer)
                }
            }
        }
    }
}
