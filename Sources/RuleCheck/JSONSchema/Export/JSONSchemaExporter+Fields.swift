import Foundation
import Patterns

/// One field as a property schema: its type and value keywords in standard JSON Schema, and
/// beside them the `x-rulecheck-*` keywords for what those cannot say exactly.
extension JSONSchemaExporter {
    /// - Parameter always: whether the object the field is in is always there as far as the rules
    ///   go (the root, a required group, a list's item): only then does JSON Schema's `required`
    ///   mean what `required: true` means.
    func property(_ field: FieldRules, always: Bool) -> OrderedJSON {
        var p = OrderedObject()
        if field.title != field.name { p.set("title", .string(field.title)) }
        for hint in ["description", "examples", "deprecated", "writeOnly"] {
            p.set(hint, field.ui[hint].map { OrderedJSON($0) })
        }
        typeKeywords(field, always: always, into: &p)
        if field.initialIsToday {
            p.set("x-rulecheck-initial", .string("today"))
        } else if let initial = field.initial {
            p.set("default", value(initial, field))
        }
        let visible = ownCondition(field, \.visibleConditions)
        let enabled = ownCondition(field, \.enabledConditions)
        if enabled?.text == "false" || field.computed != nil { p.set("readOnly", .bool(true)) }
        messages(field, into: &p)
        if let required = field.required, required.text != "true" || visible != nil || !always {
            p.set("x-rulecheck-required", .string(required.text))
        }
        p.set("x-rulecheck-visible-if", visible.map { .string($0.text) })
        p.set("x-rulecheck-enabled-if", enabled.map { .string($0.text) })
        let inherited = Set(rules.container(of: field)?.dependsOn ?? [])
        let dependsOn = field.dependsOn.filter { !inherited.contains($0) }
        if !dependsOn.isEmpty {
            p.set("x-rulecheck-depends-on", .array(dependsOn.map { .string(rules.name(of: rules.fields[$0.index], from: field)) }))
        }
        p.set("x-rulecheck-value", field.computed.map { .string($0.text) })
        p.set("x-rulecheck-options-filter", field.optionsFilter.map { .string($0.text) })
        if !field.checks.isEmpty { p.set("x-rulecheck-checks", .array(field.checks.map(check))) }
        if let display = field.display { p.set("x-rulecheck-display", .string(template(display, of: field))) }
        // The other hints, for an import with no UI schema or one without a place for them (JSON Forms).
        if field.type == .date && field.calendar != .gregorian { p.set("x-rulecheck-calendar", .string(field.calendar.identifier)) }
        if field.letters != .exact { p.set("x-rulecheck-letters", .string(field.letters.rawValue)) }
        if !field.titles.isEmpty { p.set("x-rulecheck-titles", Self.message(LocalizedText(locales: field.titles))) }
        let hints = field.ui.keys.sorted().filter { !UISchemaExporter.schemaHints.contains($0) }
        if !hints.isEmpty { p.set("x-rulecheck-ui", .object(hints.compactMap { name in field.ui[name].map { (name, OrderedJSON($0)) } })) }
        return p.json
    }

    private func typeKeywords(_ field: FieldRules, always: Bool, into p: inout OrderedObject) {
        switch field.type {
        case .text, .number, .integer, .date, .bool:
            scalarKeywords(field, type: field.type, into: &p, items: false)
        case .choice:
            p.set("type", .string(Self.jsonType(of: field.options)))
            options(field, into: &p)
            if case .bool? = field.options.first?.value { p.set("x-rulecheck-type", .string("choice")) }
        case .multiChoice:
            var items = OrderedObject()
            items.set("type", .string(Self.jsonType(of: field.options)))
            options(field, into: &items)
            p.set("type", .string("array"))
            p.set("items", items.json)
            counts(field, into: &p)
            if field.options.contains(where: { !$0.attributes.isEmpty }) { p.set("x-rulecheck-options", optionList(field)) }
        case .values:
            var items = OrderedObject()
            scalarKeywords(field, type: field.itemType ?? .text, into: &items, items: true)
            p.set("type", .string("array"))
            p.set("items", items.json)
            counts(field, into: &p)
            // What the items cannot say goes on the property, where the importer reads it.
            for key in [
                "x-rulecheck-pattern", "x-rulecheck-mask", "x-rulecheck-min", "x-rulecheck-max", "x-rulecheck-format",
                "x-rulecheck-digits",
            ] {
                p.set(key, items[key])
            }
            if case .object(let members) = items.json {
                p.set("items", .object(members.filter { !$0.key.hasPrefix("x-rulecheck-") || $0.key == "x-rulecheck-type" }))
            }
        case .json:
            if let types = field.jsonTypes {
                p.set("type", types.names.count == 1 ? .string(types.names[0]) : .array(types.names.map { .string($0) }))
            }
            scalarKeywords(field, type: .json, into: &p, items: false)
            counts(field, into: &p)
        case .file:
            fileKeywords(field, into: &p)
        case .group:
            p.set("type", .string("object"))
            let isAlways = always && field.required?.text == "true" && ownCondition(field, \.visibleConditions) == nil
            object(rules.directMembers(of: field), list: nil, always: isAlways, into: &p)
        case .list:
            p.set("type", .string("array"))
            var item = OrderedObject()
            item.set("type", .string("object"))
            object(rules.directMembers(of: field), list: field.id, always: true, into: &item)
            p.set("items", item.json)
            counts(field, into: &p)
        }
    }

    /// The keywords of a scalar value: of the field itself, or of each value of a `values` field.
    private func scalarKeywords(_ field: FieldRules, type: FieldType, into p: inout OrderedObject, items: Bool) {
        defer {
            if field.digits == .ascii { p.set("x-rulecheck-digits", .string(field.digits.rawValue)) }
            if field.foldsDigits { p.set("x-rulecheck-digits", .string("fold")) }
        }
        switch type {
        case .text:
            p.set("type", .string("string"))
            stringKeywords(field, into: &p)
            if let mask = field.mask { maskKeywords(mask, field, into: &p) }
        case .number, .integer:
            p.set("type", .string(type == .integer ? "integer" : "number"))
            bound("minimum", "x-rulecheck-min", field.min, into: &p)
            bound("maximum", "x-rulecheck-max", field.max, into: &p)
            for check in field.checks where check.when == nil && !items {
                if case .expr(let condition) = check.kind, let (keyword, number) = standardCheck(condition.expr, field) {
                    p.set(keyword, OrderedJSON(number))
                }
            }
        case .date:
            p.set("type", .string("string"))
            if field.dateFormat == .iso {
                p.set("format", .string("date"))
            } else {
                p.set("pattern", .string(field.dateFormat.shapeRegex))
                p.set("x-rulecheck-type", .string("date"))
            }
            if field.dateFormat != rules.dateFormat { p.set("x-rulecheck-format", .string(field.dateFormat.pattern)) }
            p.set("x-rulecheck-min", field.min.map { .string($0.text) })
            p.set("x-rulecheck-max", field.max.map { .string($0.text) })
        case .bool:
            p.set("type", .string("boolean"))
        case .json:
            // Any JSON value: the rules apply to the values of their type, as JSON Schema's do.
            if items, let types = field.jsonTypes {
                p.set("type", types.names.count == 1 ? .string(types.names[0]) : .array(types.names.map { .string($0) }))
            }
            p.set("x-rulecheck-type", .string("json"))
            stringKeywords(field, into: &p)
            bound("minimum", "x-rulecheck-min", field.min, into: &p)
            bound("maximum", "x-rulecheck-max", field.max, into: &p)
        default:
            break
        }
    }

    /// The lengths and pattern of a string: of a text field, and of a `json` field's strings.
    private func stringKeywords(_ field: FieldRules, into p: inout OrderedObject) {
        p.set("minLength", field.minLength.map { .number(Double($0)) })
        p.set("maxLength", field.maxLength.map { .number(Double($0)) })
        if let pattern = field.pattern {
            p.set("pattern", .string("^(?:" + pattern.source + ")$"))
            p.set("x-rulecheck-pattern", .string(pattern.source))
        }
    }

    /// A constant number bound as `minimum`/`maximum`; an expression as `x-rulecheck-min`/`-max`.
    private func bound(_ keyword: String, _ extended: String, _ bound: WrittenExpression?, into p: inout OrderedObject) {
        guard let bound else { return }
        if case .constant(let number?) = bound.expr, number.exactNumber != nil {
            p.set(keyword, OrderedJSON(number))
        } else {
            p.set(extended, .string(bound.text))
        }
    }

    /// A check that is a standard keyword on the field itself: `multiple_of(x, n)`, `x > n`, `x < n`.
    private func standardCheck(_ expr: Expr, _ field: FieldRules) -> (String, Value)? {
        switch expr {
        case .function(.multipleOf, let arguments):
            guard arguments.count == 2, case .field(let id) = arguments[0], id == field.id,
                case .constant(let step?) = arguments[1], step.exactNumber != nil
            else { return nil }
            return ("multipleOf", step)
        case .order(let order, .field(let id), .constant(let number?)) where id == field.id && number.exactNumber != nil:
            switch order {
            case .greater: return ("exclusiveMinimum", number)
            case .less: return ("exclusiveMaximum", number)
            default: return nil
            }
        default:
            return nil
        }
    }

    private func counts(_ field: FieldRules, into p: inout OrderedObject) {
        p.set("minItems", field.minItems.map { .number(Double($0)) })
        p.set("maxItems", field.maxItems.map { .number(Double($0)) })
        if field.uniqueItems { p.set("uniqueItems", .bool(true)) }
        // JSON Schema's uniqueItems compares whole items: items unique by some fields are ours alone.
        if !field.uniqueKeys.isEmpty { p.set("x-rulecheck-unique-by", .array(field.uniqueKeys.map { .string($0.name) })) }
    }

    /// `enum` when no option has a title of its own, else `oneOf` of `{const, title}`; option
    /// attributes in `x-rulecheck-options`.
    private func options(_ field: FieldRules, into p: inout OrderedObject) {
        if field.options.allSatisfy({ $0.title == $0.value.description }) {
            p.set("enum", .array(field.options.map { OrderedJSON($0.value) }))
        } else {
            p.set(
                "oneOf",
                .array(
                    field.options.map { option in
                        var object = OrderedObject()
                        object.set("const", OrderedJSON(option.value))
                        if option.title != option.value.description { object.set("title", .string(option.title)) }
                        return object.json
                    }))
        }
        if field.type == .choice, field.options.contains(where: { !$0.attributes.isEmpty }) {
            p.set("x-rulecheck-options", optionList(field))
        }
    }

    private func optionList(_ field: FieldRules) -> OrderedJSON {
        .array(
            field.options.map { option in
                var object = OrderedObject()
                object.set("value", OrderedJSON(option.value))
                if option.title != option.value.description { object.set("title", .string(option.title)) }
                for name in option.attributes.keys.sorted() { object.set(name, option.attributes[name].map { OrderedJSON($0) }) }
                return object.json
            })
    }

    /// A mask's PCRE2 regex with its escapes as ECMA-262 (`u` mode) accepts them: `\ ` and `\-`
    /// are errors there, so only syntax characters stay escaped; a code point `\x{41A}` is
    /// `\u{41A}` there.
    static func ecmaEscapes(_ regex: String) -> String {
        var result = ""
        var scalars = regex.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if next == "x", let brace = scalars.next() {
                result += brace == "{" ? "\\u{" : "\\x"
                if brace != "{" { result.unicodeScalars.append(brace) }
                continue
            }
            let keep = next.properties.isAlphabetic || ("0"..."9").contains(next) || "^$\\.*+?()[]{}|/".unicodeScalars.contains(next)
            if keep { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(next)
        }
        return result
    }

    static func jsonType(of options: [ChoiceOption]) -> String {
        switch options.first?.value {
        case .number?, .decimal?: options.allSatisfy(\.value.isWholeNumber) ? "integer" : "number"
        case .bool?: "boolean"
        default: "string"
        }
    }

    /// A value as the field's records hold it (dates in the field's format).
    private func value(_ value: Value, _ field: FieldRules) -> OrderedJSON {
        switch value {
        case .date(let day): .string(field.dateFormat.format(day))
        case .list(let items): .array(items.map { self.value($0, field) })
        default: OrderedJSON(value)
        }
    }

    private func check(_ check: CheckRule) -> OrderedJSON {
        var object = OrderedObject()
        object.set("when", check.when.map { .string($0.text) })
        switch check.kind {
        case .pattern(let pattern): object.set("pattern", .string(pattern.source))
        case .mask(let mask): object.set("mask", Self.notation(mask))
        case .min(let bound): object.set("min", .string(bound.text))
        case .max(let bound): object.set("max", .string(bound.text))
        case .minLength(let length): object.set("min_length", .number(Double(length)))
        case .maxLength(let length): object.set("max_length", .number(Double(length)))
        case .expr(let condition): object.set("expr", .string(condition.text))
        }
        object.set("message", check.message.map(Self.message))
        return object.json
    }

    static func message(_ text: LocalizedText) -> OrderedJSON {
        if let plain = text.text { return .string(plain) }
        return .object(text.locales.keys.sorted().map { ($0, .string(text.locales[$0] ?? "")) })
    }

    /// `x-rulecheck-message(s)` exactly; beside them, for the messages of codes that a JSON
    /// Schema keyword gives, ajv-errors' `errorMessage` (plain text only) and a Divar-style
    /// `errors` (with their locales).
    private func messages(_ field: FieldRules, into p: inout OrderedObject) {
        guard field.message != nil || !field.messages.isEmpty else { return }
        var errorMessage = OrderedObject()
        var errors = OrderedObject()
        for code in field.messages.keys.sorted() {
            guard let keyword = KeywordMessages.keywordOfCode[code], let message = field.messages[code] else { continue }
            if let text = message.text { errorMessage.set(keyword, .string(text)) }
            errors.set(keyword, Self.message(message))
        }
        if let text = field.message?.text {
            if errorMessage.isEmpty { p.set("errorMessage", .string(text)) } else { errorMessage.set("_", .string(text)) }
        }
        if !errorMessage.isEmpty { p.set("errorMessage", errorMessage.json) }
        if !errors.isEmpty { p.set("errors", errors.json) }
        p.set("x-rulecheck-message", field.message.map(Self.message))
        if !field.messages.isEmpty {
            p.set(
                "x-rulecheck-messages",
                .object(
                    field.messages.keys.sorted().compactMap { code in
                        field.messages[code].map { (code.rawValue, Self.message($0)) }
                    }))
        }
    }

    /// A group's `display:` template as written: `{name}` for a member, `{{`/`}}` for braces.
    private func template(_ display: DisplayTemplate, of group: FieldRules) -> String {
        display.parts.map { part in
            switch part {
            case .text(let text): return text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
            case .field(let id):
                let path = rules.fields[id.index].path
                return "{" + (path.hasPrefix(group.path + ".") ? String(path.dropFirst(group.path.count + 1)) : path) + "}"
            }
        }.joined()
    }
}

extension DateFormat {
    /// A regex of the shape of dates in this format (`[0-9]{2}\.[0-9]{2}\.[0-9]{4}`), anchored.
    var shapeRegex: String {
        var regex = "^"
        for token in tokens {
            switch token {
            case .year4: regex += "[0-9]{4}"
            case .month2, .day2: regex += "[0-9]{2}"
            case .month, .day: regex += "[0-9]{1,2}"
            case .literal(let scalar):
                if "\\^$.|?*+()[]{}/".unicodeScalars.contains(scalar) { regex += "\\" }
                regex.unicodeScalars.append(scalar)
            }
        }
        return regex + "$"
    }
}
