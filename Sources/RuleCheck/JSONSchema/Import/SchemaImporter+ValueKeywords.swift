/// The value keywords of one field: lengths, patterns and formats of text; bounds and
/// `multipleOf` of numbers; the element keywords of an array of plain values; item counts; and
/// `if`/`then`/`else` about the value itself.
extension SchemaImporter {
    /// Unless `textField` (for a `json` field, and for the `items` schema of an array of plain
    /// values, a `values` field), a searching pattern is a check's `pattern`, which reads strings
    /// only and which a values field applies to each value, rather than a `matches()`
    /// expression; and digits are not folded (only a text field has `digits`).
    mutating func textKeywords(
        _ spec: inout FieldSpec, _ node: SchemaNode, path: String, _ x: RuleCheckKeywords, textField: Bool = true
    ) {
        lengths(&spec, node)
        // With x-rulecheck-pattern or -mask, the patterns are the export's shadow of them.
        guard x.pattern == nil && x.mask == nil else { return }
        for (value, pointer) in node.all("pattern") {
            guard let regex = value.string else { error(.invalidSchema, "pattern must be a string", at: pointer); continue }
            if spec.pattern == nil, ECMARegex.wholeMatchBody(regex) != nil {
                // ^…$: the whole value must match, which is what a field's pattern says.
                guard let pcre = translatePattern(regex, at: pointer, body: true) else { continue }
                spec.pattern = text(pcre, at: pointer, quoted: true)
                spec.keys["pattern"] = source.location(of: pointer)
                patternKeywords[path] = "pattern"
                // Digits typed in any script (۰۹۱۲ on a Persian keyboard) are stored as 0–9 before
                // a pattern of digits reads them: `digits: fold`, unless x-rulecheck-digits says.
                if textField, spec.digits == nil, x.digits == nil, Self.hasDigitClass(pcre) {
                    spec.digits = Located(value: "fold", location: source.location(of: pointer))
                }
            } else if x.checks == nil {
                guard let pcre = translatePattern(regex, at: pointer) else { continue }
                if !textField {
                    // A search, as a whole-value pattern: anything, the regex, anything.
                    var check = checkSpec(Constraint(expr: "", pointer: pointer, keyword: "pattern"), node)
                    check.rule = .pattern(text("(?s).*(?:" + pcre + ").*", at: pointer, quoted: true))
                    spec.checks.append(check)
                    continue
                }
                let expr = "matches(\(path), \(Self.textLiteral(pcre)))"
                spec.checks.append(checkSpec(Constraint(expr: expr, pointer: pointer, keyword: "pattern"), node))
            }
        }
        guard let (value, pointer) = node.first("format"), let format = value.string else { return }
        guard let regex = SchemaFormats.pattern(for: format) else {
            finding(.unsupported, "format '\(format)' is not checked (date, date-time, time, email, uri, uuid and ipv4 are)", at: pointer)
            return
        }
        finding(.approximated, "format '\(format)' is checked with a pattern (the form, not every rule of the standard)", at: pointer)
        if spec.pattern == nil {
            spec.pattern = text(regex, at: pointer, quoted: true)
            spec.keys["pattern"] = source.location(of: pointer)
            patternKeywords[path] = "format"
        } else if x.checks == nil {
            spec.checks.append(
                CheckSpec(
                    when: nil, rule: .pattern(text(regex, at: pointer, quoted: true)), message: nil,
                    location: source.location(of: pointer)))
        }
    }

    /// `minLength`, `maxLength`: the strictest of those written.
    mutating func lengths(_ spec: inout FieldSpec, _ node: SchemaNode) {
        let (min, max) = strictestCounts(node, "minLength", "maxLength")
        if let (count, pointer) = min {
            spec.minLength = located(count, at: pointer)
            spec.keys["min_length"] = source.location(of: pointer)
        }
        if let (count, pointer) = max {
            spec.maxLength = located(count, at: pointer)
            spec.keys["max_length"] = source.location(of: pointer)
        }
    }

    /// The strictest of a pair of count keywords written in a schema and the schemas it merges
    /// (`minLength` and `maxLength`, `minItems` and `maxItems`): the largest lower bound and the
    /// smallest upper one, with their pointers. A count that is not a whole number ≥ 0 is an error.
    mutating func strictestCounts(
        _ node: SchemaNode, _ minKeyword: String, _ maxKeyword: String
    ) -> (min: (Int, String)?, max: (Int, String)?) {
        func counts(_ keyword: String) -> [(Int, String)] {
            node.all(keyword).compactMap { item in
                guard let count = item.value.integer, count >= 0 else {
                    error(.invalidSchema, "\(keyword) must be a whole number ≥ 0", at: item.pointer)
                    return nil
                }
                return (count, item.pointer)
            }
        }
        return (counts(minKeyword).max { $0.0 < $1.0 }, counts(maxKeyword).min { $0.0 < $1.0 })
    }

    mutating func numberKeywords(_ spec: inout FieldSpec, _ node: SchemaNode, path: String, type: FieldType, _ x: RuleCheckKeywords) {
        bounds(&spec, node, skipMin: x.min != nil, skipMax: x.max != nil)
        guard x.checks == nil else { return }
        // Exclusive bounds are checks (x > n); so is multipleOf other than 1 (1 makes an integer).
        let exclusive = constraints(
            node, path: path, type: type, forCondition: false,
            only: ["exclusiveMinimum", "exclusiveMaximum", "minimum", "maximum"]
        ).items
        for check in exclusive where check.expr.contains(" > ") || check.expr.contains(" < ") {
            spec.checks.append(checkSpec(check, node))
        }
        for (value, pointer) in node.all("multipleOf") {
            guard let number = value.exactNumber, number > .zero else {
                error(.invalidSchema, "multipleOf must be a number > 0", at: pointer)
                continue
            }
            guard let literal = Self.decimal(number) else {
                finding(.unsupported, Self.unwritable("multipleOf", value), at: pointer)
                continue
            }
            if number == ExactDecimal(1) && type == .integer { continue }
            let constraint = Constraint(expr: "multiple_of(\(path), \(literal))", pointer: pointer, keyword: "multipleOf")
            spec.checks.append(checkSpec(constraint, node))
        }
    }

    /// Inclusive bounds become `min`/`max` (the strictest of several); the draft-04 exclusive form
    /// (`exclusiveMinimum: true`) is a check.
    mutating func bounds(_ spec: inout FieldSpec, _ node: SchemaNode, skipMin: Bool, skipMax: Bool) {
        for (keyword, isMin) in [("minimum", true), ("maximum", false)] where !(isMin ? skipMin : skipMax) {
            var best: (ExactDecimal, String)?
            for (value, pointer) in node.all(keyword) {
                let exclusiveKey = isMin ? "exclusiveMinimum" : "exclusiveMaximum"
                let part = node.parts.first { pointer.hasPrefix($0.pointer + "/") && $0.object[keyword] == value }
                if part?.object[exclusiveKey] == .bool(true) { continue }  // draft-04: a check
                guard let number = value.exactNumber else { error(.invalidSchema, "\(keyword) must be a number", at: pointer); continue }
                if let current = best, isMin ? current.0 >= number : current.0 <= number { continue }
                best = (number, pointer)
            }
            guard let (number, pointer) = best else { continue }
            guard let literal = Self.decimal(number) else {
                finding(.unsupported, Self.unwritable(keyword, .decimal(number)), at: pointer)
                continue
            }
            if isMin { spec.min = text(literal, at: pointer) } else { spec.max = text(literal, at: pointer) }
            spec.keys[isMin ? "min" : "max"] = source.location(of: pointer)
        }
    }

    /// The `items` schema of an array of plain values: its keywords are the field's value rules,
    /// which a `values` field applies to each value.
    mutating func valuesItemKeywords(_ spec: inout FieldSpec, _ items: SchemaNode, type: FieldType, _ x: RuleCheckKeywords) {
        var handled = Self.commonKeywords.union(["type"])
        switch type {
        case .json:
            // Values of any JSON type (or of those `type` names), each held to the keywords of its type.
            handled.formUnion(["minLength", "maxLength", "pattern", "format", "minimum", "maximum"])
            textKeywords(&spec, items, path: "", x, textField: false)
            bounds(&spec, items, skipMin: x.min != nil, skipMax: x.max != nil)
            let types = declaredTypes(items)
            if !types.names.isEmpty {
                spec.jsonTypes = (types.names + (types.nullable ? ["null"] : [])).map { located($0, at: types.pointer) }
            }
        case .text:
            handled.formUnion(["minLength", "maxLength", "pattern", "format"])
            textKeywords(&spec, items, path: "", x, textField: false)
        case .number, .integer:
            handled.formUnion(["minimum", "maximum", "multipleOf"])
            bounds(&spec, items, skipMin: x.min != nil, skipMax: x.max != nil)
            for (value, pointer) in items.all("multipleOf") where !(value == 1 && type == .integer) {
                finding(
                    .unsupported, "multipleOf of the array's elements is not checked (a values field has no per-value expression)",
                    at: pointer)
            }
            for keyword in ["exclusiveMinimum", "exclusiveMaximum"] {
                guard let (value, pointer) = items.first(keyword) else { continue }
                handled.insert(keyword)
                if type == .integer, let number = value.exactNumber,
                    let literal = Self.decimal(keyword.hasSuffix("inimum") ? number.wholeNumberAbove : number.wholeNumberBelow)
                {
                    // Whole numbers above n are those from ⌊n⌋ + 1, below n those up to ⌈n⌉ − 1.
                    if keyword == "exclusiveMinimum", spec.min == nil {
                        spec.min = text(literal, at: pointer); spec.keys["min"] = source.location(of: pointer); continue
                    }
                    if keyword == "exclusiveMaximum", spec.max == nil {
                        spec.max = text(literal, at: pointer); spec.keys["max"] = source.location(of: pointer); continue
                    }
                }
                finding(
                    .unsupported, "\(keyword) of the array's elements is not checked (a values field's bounds are inclusive)", at: pointer)
            }
        case .date:
            handled.insert("format")
            // A date in a format of its own is exported as a string with the format's shape.
            if items.has("x-rulecheck-type") { handled.insert("pattern") }
        default:
            break
        }
        reportUnhandled(items, handled: handled)
    }

    /// A check from a constraint, with the schema's message for its keyword if there is one.
    mutating func checkSpec(_ constraint: Constraint, _ node: SchemaNode) -> CheckSpec {
        CheckSpec(
            when: nil, rule: .expr(text(constraint.expr, at: constraint.pointer)), message: keywordMessage(node, constraint.keyword),
            location: source.location(of: constraint.pointer))
    }

    /// `minItems`, `maxItems`: the strictest of those written, as lengths are.
    mutating func itemCounts(_ spec: inout FieldSpec, _ node: SchemaNode) {
        let (min, max) = strictestCounts(node, "minItems", "maxItems")
        if let (count, pointer) = min {
            spec.minItems = located(count, at: pointer)
            spec.keys["min_items"] = source.location(of: pointer)
            // Without `empty_values: present` an empty array is no value.
            if count > 0 && spec.required == nil && !emptyValuesPresent && !isExport {
                finding(
                    .approximated, "minItems: an empty array counts as an empty field, which is valid while the field is not required",
                    at: pointer)
            }
        }
        if let (count, pointer) = max {
            spec.maxItems = located(count, at: pointer)
            spec.keys["max_items"] = source.location(of: pointer)
        }
        if spec.maxItems == nil, let (count, pointer) = closedTupleLength(node) {
            spec.maxItems = located(count, at: pointer)
            spec.keys["max_items"] = source.location(of: pointer)
        }
    }

    /// Field-level `if`/`then`/`else` (an `if` about the value itself): checks with `when:`. Each
    /// schema object's `if` goes with its own `then` and `else` (not with those merged in by `allOf`).
    mutating func fieldConditions(_ spec: inout FieldSpec, _ node: SchemaNode, path: String, type: FieldType?) {
        for part in node.parts {
            guard let ifValue = part.object["if"] else { continue }
            let ifPointer = part.pointer + "/if"
            guard let when = condition(ifValue, at: ifPointer, path: path, type: type) else { continue }
            for (keyword, guardText) in [("then", when), ("else", when == "true" ? "false" : when == "false" ? "true" : "not (\(when))")] {
                guard let value = part.object[keyword], guardText != "false" else { continue }
                let pointer = part.pointer + "/" + keyword
                let whenText = guardText == "true" ? nil : text(guardText, at: ifPointer)
                let branch = self.node(value, at: pointer, refChain: [])
                if branch.isFalse {
                    spec.checks.append(
                        CheckSpec(
                            when: whenText, rule: .expr(text("false", at: pointer)), message: nil,
                            location: source.location(of: pointer)))
                    continue
                }
                for item in constraints(branch, path: path, type: type, forCondition: false).items {
                    spec.checks.append(
                        CheckSpec(
                            when: whenText, rule: .expr(text(item.expr, at: item.pointer)),
                            message: nil, location: source.location(of: item.pointer)))
                }
            }
        }
    }

    /// An `if` about one value as a condition: `true`/`false` for boolean schemas; `nil` (with a
    /// finding) when it cannot be written.
    private mutating func condition(_ value: JSONValue, at pointer: String, path: String, type: FieldType?) -> String? {
        if case .bool(let flag) = value { return flag ? "true" : "false" }
        let ifNode = node(value, at: pointer, refChain: [])
        let condition = constraints(ifNode, path: path, type: type, forCondition: true)
        guard !condition.untranslated else {
            finding(.unsupported, "this 'if' cannot be written as a condition; its then/else are not checked", at: pointer)
            return nil
        }
        return Self.balanced(condition.items.map(\.expr), "and")
    }

    /// Whether a pattern names ASCII digits: `\d`, `[0-9]`, or a class with a range of them.
    static func hasDigitClass(_ pattern: String) -> Bool {
        pattern.contains("\\d") || pattern.contains("0-9") || pattern.contains("\\p{Nd}")
    }
}
