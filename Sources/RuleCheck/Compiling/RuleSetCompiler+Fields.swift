import Patterns

/// The second pass: each field's expressions, patterns, masks, bounds, checks and messages.
extension RuleSetCompiler {
    enum ExpressionRole {
        /// A condition (bool).
        case condition
        /// A value of the given type, named in errors as `role`.
        case value(ExprType, String)
        /// A whole number (the value of an integer field), named in errors as `role`.
        case wholeNumber(String)
    }

    mutating func compileField(_ index: Int) -> FieldRules {
        let field = declared[index]
        let spec = self.spec(field.id)
        let id = field.id
        let resolver = ScopeResolver(
            summaries: summaries, pathIndex: pathIndex,
            containerPaths: field.containers.map { declared[$0.index].path }, list: field.list,
            suggests: suggests, defaultLetters: letters)

        // Conditions and depends_on inherited from the innermost group or list.
        var visible: [CompiledCondition] = []
        var enabled: [CompiledCondition] = []
        var dependsOn: [FieldID] = []
        if let container = field.containers.first {
            visible = declared[container.index].visible
            enabled = declared[container.index].enabled
            // A group's or list's depends_on clears its members (a list's items stay, emptied).
            dependsOn = declared[container.index].dependsOn
            for parent in dependsOn {
                edges.append(DependencyEdge(from: parent, to: id, kind: .dependsOn, location: spec.id.location))
            }
        }
        if let text = spec.visibleIf, let condition = condition(text, of: field, resolver, .visibility) {
            visible.append(condition)
        }
        if let text = spec.enabledIf, let condition = condition(text, of: field, resolver, .enabled) {
            enabled.append(condition)
        }
        for condition in visible { addEdges(condition.references, to: id, .visibility) }
        for condition in enabled { addEdges(condition.references, to: id, .enabled) }

        for name in spec.dependsOn {
            guard let parent = dependency(name, of: field, resolver) else { continue }
            if !dependsOn.contains(parent) { dependsOn.append(parent) }
            addEdges([(parent, name.location, false)], to: id, .dependsOn)
        }
        if spec.value != nil, let first = spec.dependsOn.first {
            error(
                .keyNotApplicable,
                "a computed field (value:) cannot have depends_on: its value always follows its inputs",
                at: first.location)
        }
        declared[index].visible = visible
        declared[index].enabled = enabled
        declared[index].dependsOn = dependsOn

        let required = spec.required.flatMap { expression($0, of: field, resolver, .required, .condition) }
        if required != nil, field.type == .group {
            // A required group needs a value in at least one member.
            for member in subtree(id).dropFirst() where declared[member.index].type.holdsValue {
                edges.append(DependencyEdge(from: member, to: id, kind: .required, location: spec.id.location))
            }
        }
        let valueRole: ExpressionRole =
            field.type == .integer
            ? .wholeNumber("the value of \(field.path)") : .value(exprType(of: field), "the value of \(field.path)")
        let computed = spec.value.flatMap { expression($0, of: field, resolver, .value, valueRole)?.written("value") }
        // The field's own value keys compile as its `checks:` do (without `when`): the bounds
        // here, so that their dependency edges come before options_filter's; the text rules
        // below, with the field's digits.
        let keySpecs = spec.keyRules
        let keyBounds = keySpecs.filter(\.rule.isBound).compactMap { valueRule($0, .key, of: field, resolver) }
        checkOrder(
            keyBounds.lazy.compactMap(\.minBound).first?.expr, keyBounds.lazy.compactMap(\.maxBound).first?.expr,
            at: spec.max?.location)
        checkOrder(spec.minLength, spec.maxLength, "min_length", "max_length")
        checkOrder(spec.minItems, spec.maxItems, "min_items", "max_items")

        var optionsFilter: WrittenExpression?
        if let text = spec.optionsFilter {
            let scope = OptionScope(valueType: field.optionType, attributes: field.optionAttributeTypes)
            optionsFilter = expression(text, of: field, resolver, .options, .condition, options: scope)?.written("options_filter")
        }
        let format =
            spec.format.flatMap { text -> DateFormat? in
                guard let format = DateFormat(text.text) else {
                    error(.invalidDateFormat, "date format '\(text.text)' needs yyyy, MM (or M) and dd (or d) once each", at: text.location)
                    return nil
                }
                return format
            } ?? dateFormat
        var (initial, initialIsToday) = spec.initial.map { initialValue($0, of: field, format: format) } ?? (nil, false)
        if let list = spec.initialList {
            switch field.type {
            case .values: initial = initialValues(list, of: field, format: format)
            case .json: initial = .structured(.array(list.map { Self.anyJSON($0) }))
            default: initial = initialList(list, of: field)
            }
        }
        let jsonTypes = spec.jsonTypes.flatMap { self.jsonTypes($0, at: spec.keys["json_types"]) }
        if let jsonTypes, let value = initial, !jsonTypes.admits(value), let text = spec.initial ?? spec.initialList?.first {
            error(
                .invalidInitialValue,
                "initial value of '\(field.path)' is not of its json_types (\(jsonTypes.names.joined(separator: ", ")))", at: text.location)
        }
        let emptyIsValue =
            field.type == .json
            || (emptyValues == .present && [.text, .date, .values, .multiChoice, .file, .group, .list].contains(field.type))

        // (`unique_by` on another type is an error of its own, reported when it was declared.)
        let uniqueKeys = spec.uniqueBy.isEmpty || field.type != .list ? [] : uniqueBy(spec.uniqueBy, of: field, resolver)
        let digits = digits(spec)
        let keyTextRules = keySpecs.filter { !$0.rule.isBound }.compactMap {
            valueRule($0, .key, of: field, resolver, digits: digits)
        }
        return FieldRules(
            id: id, path: field.path, name: spec.id.value, title: spec.title ?? spec.id.value, type: field.type,
            section: field.section, list: field.list, itemIndex: field.itemIndex, group: field.group,
            location: spec.id.location, initial: initial, initialIsToday: initialIsToday,
            required: required?.written("required"),
            visibleConditions: visible.map { $0.written("visible_if") },
            enabledConditions: enabled.map { $0.written("enabled_if") },
            dependsOn: dependsOn, computed: computed,
            keyRules: keyTextRules + keyBounds, dateFormat: format, options: field.options, optionsFilter: optionsFilter,
            minItems: spec.minItems?.value, maxItems: spec.maxItems?.value,
            checks: spec.checks.enumerated().compactMap { valueRule($1, .check($0), of: field, resolver) },
            message: spec.message, messages: messages(spec), members: field.members,
            display: spec.display.flatMap { display($0, of: field) },
            itemType: field.itemType, uniqueItems: spec.uniqueItems?.value ?? false,
            uniqueBy: uniqueKeys.map(\.id), uniqueKeys: uniqueKeys.map { ($0.name, $0.title) },
            ui: JSONObject(Dictionary(spec.ui.map { ($0.name.value, $0.value) }, uniquingKeysWith: { first, _ in first })),
            titles: spec.titles, digits: digits, foldsDigits: foldsDigits(spec, type: field.type), maskValue: maskValue(spec),
            includedFrom: spec.includedFrom,
            maxSize: spec.maxSize?.value,
            mediaTypes: mediaTypes(spec), calendar: field.type == .date ? calendar(spec) : .gregorian, letters: fieldLetters[index],
            jsonTypes: jsonTypes, emptyIsValue: emptyIsValue)
    }

    /// `json_types: [string, number]`: JSON Schema's type names.
    private mutating func jsonTypes(_ names: [Located<String>], at location: FileLocation?) -> JSONTypes? {
        var types: JSONTypes = []
        for name in names {
            guard let type = JSONTypes(name: name.value) else {
                let known = JSONTypes.named.map(\.name)
                error(
                    .invalidJSONTypes,
                    "json_types names JSON types (\(known.joined(separator: ", "))), not '\(name.value)'\(NearMiss.didYouMean(name.value, among: known))",
                    at: name.location)
                continue
            }
            types.insert(type)
        }
        if names.isEmpty { error(.invalidJSONTypes, "json_types needs at least one JSON type", at: location) }
        return types.isEmpty ? nil : types
    }

    /// A plain scalar of a `json` field's `initial` as JSON: the JSON it reads as (`12`, `true`,
    /// `null`), else a string; a quoted scalar is always a string.
    static func anyJSON(_ text: ScalarText) -> JSONValue {
        if !text.isQuoted, let json = try? JSONParser().parse(text.text) { return json }
        return .string(text.text)
    }

    // MARK: - Expressions

    /// A visibility or enabled condition; its edges are added for the field and every field
    /// that inherits the condition.
    private mutating func condition(
        _ text: ScalarText, of field: DeclaredField, _ resolver: ScopeResolver,
        _ kind: DependencyEdge.Kind
    ) -> CompiledCondition? {
        expression(text, of: field, resolver, kind, .condition, addEdges: false)
    }

    /// Parses and compiles one expression of `field`, reporting errors at their place in the
    /// file and recording a dependency edge for each field it names.
    @discardableResult
    mutating func expression(
        _ text: ScalarText, of field: DeclaredField, _ resolver: ScopeResolver,
        _ kind: DependencyEdge.Kind, _ role: ExpressionRole, options: OptionScope? = nil,
        allowSelf: Bool = false, addEdges: Bool = true
    ) -> CompiledCondition? {
        var compiler = ExpressionCompiler(resolver: resolver, options: options)
        let expr: Expr
        do throws(ExpressionError) {
            let syntax = try Parser.parse(text.text)
            switch role {
            case .condition:
                if case .name(let parts) = syntax.kind, parts.count == 1, Self.yamlBooleans.contains(parts[0]),
                    case .notFound = resolver.resolve(parts)
                {
                    throw ExpressionError(
                        code: .typeMismatch,
                        message: "'\(parts[0])' is not a condition; write true or false",
                        range: syntax.range)
                }
                expr = try compiler.compileCondition(syntax)
            case .value(let type, let name):
                expr = try compiler.compile(syntax, expecting: type, role: name)
            case .wholeNumber(let name):
                expr = try compiler.compileWholeNumber(syntax, role: name, text: text.text)
            }
        } catch {
            self.error(error.code, error.message, at: text.location(of: error.range.lowerBound))
            return nil
        }
        var references: [Reference] = []
        for reference in compiler.references {
            let location = text.location(of: reference.range.lowerBound)
            if reference.field == field.id, reference.acrossItems, field.type != .list {
                // Each item's value would read every other item's, itself among them.
                let rule = kind == .check ? "a check or bound" : Self.keyName(kind)
                error(.listItemScope, "\(rule) of '\(field.path)' cannot read the field itself in every item", at: location)
                continue
            }
            if reference.field == field.id {
                if !allowSelf {
                    error(.selfReference, "\(Self.keyName(kind)) of '\(field.path)' cannot name the field itself", at: location)
                }
                continue
            }
            references.append((reference.field, location, reference.acrossItems))
        }
        if addEdges { self.addEdges(references, to: field.id, kind) }
        return CompiledCondition(expr: expr, text: text.text, references: references)
    }

    private static let yamlBooleans: Set<String> = ["yes", "no", "on", "off", "y", "n", "Yes", "No", "True", "False"]

    private static func keyName(_ kind: DependencyEdge.Kind) -> String {
        switch kind {
        case .dependsOn: "depends_on"
        case .visibility: "visible_if"
        case .enabled: "enabled_if"
        case .required: "required"
        case .value: "value"
        case .check: "min/max"
        case .options: "options_filter"
        }
    }

    mutating func addEdges(
        _ references: [Reference], to field: FieldID,
        _ kind: DependencyEdge.Kind
    ) {
        for reference in references {
            edges.append(
                DependencyEdge(
                    from: reference.field, to: field, kind: kind, location: reference.location, acrossItems: reference.acrossItems))
        }
    }

    /// A list's `unique_by`: fields of its items with a value, each an edge to the list, which
    /// reads them in every item.
    private mutating func uniqueBy(
        _ names: [Located<String>], of list: DeclaredField, _ resolver: ScopeResolver
    ) -> [(id: FieldID, name: String, title: String)] {
        let scope = resolver.itemScope(of: list.id)
        var keys: [(id: FieldID, name: String, title: String)] = []
        for name in names {
            let parts = name.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard case .field(let key, _) = scope.resolve(parts), declared[key.index].list == list.id else {
                let members = list.members.filter { declared[$0.index].type.holdsValue }.map { declared[$0.index].path }
                    .map { String($0.dropFirst(list.path.count + 1)) }
                error(
                    .unknownField,
                    "unique_by names fields of the list's items; '\(name.value)' is not one of '\(list.path)'\(NearMiss.didYouMean(name.value, among: members))",
                    at: name.location)
                continue
            }
            if keys.contains(where: { $0.id == key }) { continue }
            let spec = self.spec(key)
            keys.append((key, String(declared[key.index].path.dropFirst(list.path.count + 1)), spec.title ?? spec.id.value))
            addEdges([(key, name.location, true)], to: list.id, .check)
        }
        return keys
    }

    private mutating func dependency(
        _ name: Located<String>, of field: DeclaredField,
        _ resolver: ScopeResolver
    ) -> FieldID? {
        let parts = name.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch resolver.resolve(parts) {
        case .field(let parent, _), .items(let parent):
            guard parent != field.id else {
                error(.selfReference, "'\(field.path)' cannot depend on itself", at: name.location)
                return nil
            }
            return parent
        case .group(let path, _):
            error(.groupHasNoValue, "depends_on must name fields with a value; '\(path)' is a group (name its members)", at: name.location)
        case .itemField(_, _, let path, let list):
            error(
                .listItemScope,
                "'\(path)' is a field of each item of '\(list)'; only fields of the same item can be named here",
                at: name.location)
        case .notFound(let suggestion):
            error(
                .unknownField,
                "depends_on names unknown field '\(name.value)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                at: name.location)
        }
        return nil
    }

    // MARK: - Values, bounds, checks

    private mutating func initialValue(
        _ text: ScalarText, of field: DeclaredField,
        format: DateFormat, as type: FieldType? = nil
    ) -> (Value?, Bool) {
        let raw = text.text
        let name = field.path
        let type = type ?? field.type
        switch type {
        case .text:
            return (Value.normalized(.text(raw)), false)
        case .number, .integer:
            guard let number = NumberText.parse(raw), type == .number || number.isWholeNumber else {
                error(
                    .invalidInitialValue,
                    "initial value of \(field.type) field '\(name)' must be \(type == .integer ? "a whole number" : "a number"), not '\(raw)'",
                    at: text.location)
                return (nil, false)
            }
            return (number, false)
        case .date:
            if raw == "today" { return (nil, true) }
            guard let day = Day(iso: raw) ?? format.parse(raw) else {
                error(
                    .invalidInitialValue, "initial value of date field '\(name)' must be a date (yyyy-MM-dd) or today, not '\(raw)'",
                    at: text.location)
                return (nil, false)
            }
            return (.date(day), false)
        case .bool:
            switch raw {
            case "true": return (.bool(true), false)
            case "false": return (.bool(false), false)
            default:
                error(.invalidInitialValue, "initial value of bool field '\(name)' must be true or false, not '\(raw)'", at: text.location)
                return (nil, false)
            }
        case .choice:
            let literal = Self.literal(text)
            if let option = field.options.first(where: { $0.value == literal || $0.value.description == raw }) {
                return (option.value, false)
            }
            let suggestion = NearMiss.didYouMean(raw, among: field.options.map(\.value.description))
            error(.invalidInitialValue, "initial value '\(raw)' is not an option of '\(name)'\(suggestion)", at: text.location)
            return (nil, false)
        case .multiChoice, .values:
            error(.invalidInitialValue, "the initial value of \(field.type) field '\(name)' is a list, such as [a, b]", at: text.location)
            return (nil, false)
        case .json:
            return (ValueReader.anyValue(Self.anyJSON(text)), false)
        case .group, .list, .file:
            error(.keyNotApplicable, "initial values are not supported on \(field.type) fields", at: text.location)
            return (nil, false)
        }
    }

    /// `initial: [a, b]`: option values of a multi_choice.
    private mutating func initialList(_ items: [ScalarText], of field: DeclaredField) -> Value? {
        guard field.type == .multiChoice else {
            error(
                .keyNotApplicable,
                "a list of initial values applies to multi_choice fields, not \(field.type) fields",
                at: items.first?.location ?? self.spec(field.id).location)
            return nil
        }
        var values: [Value] = []
        for item in items {
            let literal = Self.literal(item)
            guard let option = field.options.first(where: { $0.value == literal || $0.value.description == item.text }) else {
                let suggestion = NearMiss.didYouMean(item.text, among: field.options.map(\.value.description))
                error(
                    .invalidInitialValue, "initial value '\(item.text)' is not an option of '\(field.path)'\(suggestion)", at: item.location
                )
                continue
            }
            values.append(option.value)
        }
        return Value.normalized(.list(values))
    }

    /// `initial: [a, b]` of a `values` field: each read as its item type.
    private mutating func initialValues(_ items: [ScalarText], of field: DeclaredField, format: DateFormat) -> Value? {
        var values: [Value] = []
        for item in items {
            let (value, isToday) = initialValue(item, of: field, format: format, as: field.valueType)
            if isToday {
                error(.invalidInitialValue, "'today' is not a value of a list; write the date", at: item.location)
            } else if let value {
                values.append(value)
            }
        }
        return Value.normalized(.list(values))
    }

    private mutating func checkOrder(_ min: Expr?, _ max: Expr?, at location: FileLocation?) {
        switch (min, max) {
        case (.constant(let low?)?, .constant(let high?)?) where Value.compareNumbers(low, high) == .descending:
            error(.minAboveMax, "min (\(low)) is greater than max (\(high))", at: location)
        case (.constant(.date(let low)?)?, .constant(.date(let high)?)?) where low > high:
            error(.minAboveMax, "min (\(low.iso)) is after max (\(high.iso))", at: location)
        default:
            break
        }
    }

    private mutating func checkOrder(_ min: Located<Int>?, _ max: Located<Int>?, _ minName: String, _ maxName: String) {
        if let min, let max, min.value > max.value {
            error(.minAboveMax, "\(minName) (\(min.value)) is greater than \(maxName) (\(max.value))", at: max.location)
        }
    }

    /// One value rule of `field`, compiled: one of its own keys (`source` `.key`: no `when`, the
    /// key's applicability checked when it was declared, bounds that may not read the field) or
    /// an entry of its `checks:`. `digits`: the field's, when already read (a check's mask reads
    /// them itself).
    private mutating func valueRule(
        _ spec: CheckSpec, _ source: CheckRule.Source, of field: DeclaredField, _ resolver: ScopeResolver,
        digits fieldDigits: DecimalDigits? = nil
    ) -> CheckRule? {
        let isCheck = source != .key
        let when = spec.when.flatMap { expression($0, of: field, resolver, .check, .condition, allowSelf: true)?.written("when") }
        if spec.when != nil && when == nil { return nil }
        let kind: CheckRule.Kind?
        var text = spec.rule.key + ": "
        /// A key's applicability was checked when the field was declared; a check's is here: the
        /// key's (``FieldKey``), the value of a `values` field checked as a field of its type.
        func requireType() -> Bool {
            guard isCheck, let applies = FieldKey.ofRule(spec.rule)?.applies else { return true }
            let (types, description) = (applies.types.subtracting([.values]), applies.description)
            guard !types.contains(field.valueType) else { return true }
            let what = field.type == .values ? "values of \(field.valueType)" : "\(field.type) fields"
            error(.keyNotApplicable, "a \(spec.rule.key) check applies to \(description), not \(what)", at: spec.location)
            return false
        }
        let bound: ExprType = field.valueType == .date ? .date : .number
        switch spec.rule {
        case .pattern(let source):
            kind = requireType() ? pattern(source).map { .pattern($0) } : nil
            // A check names the pattern as written (`@vin`); a key, the pattern itself.
            if case .pattern(let pattern)? = kind, !isCheck { text += pattern.source } else { text += source.text }
        case .mask(let source):
            kind =
                requireType()
                ? mask(source, alternatives: spec.maskAlternatives).map {
                    .mask($0.with(digits: fieldDigits ?? digits(self.spec(field.id))))
                }
                : nil
            // A check names the mask as written; a key, every alternative.
            if case .mask(let mask)? = kind, !isCheck { text += mask.notation } else { text += source.text }
        case .min(let source), .max(let source):
            let key = spec.rule.key
            text += source.text
            kind =
                requireType()
                ? expression(source, of: field, resolver, .check, .value(bound, key), allowSelf: isCheck).map {
                    key == "min" ? .min($0.written(key)) : .max($0.written(key))
                }
                : nil
        case .minLength(let length):
            text += "\(length.value)"
            kind = requireType() ? .minLength(length.value) : nil
        case .maxLength(let length):
            text += "\(length.value)"
            kind = requireType() ? .maxLength(length.value) : nil
        case .expr(let source):
            text += source.text
            kind = expression(source, of: field, resolver, .check, .condition, allowSelf: true).map { .expr($0.written("expr")) }
        }
        guard let kind else { return nil }
        return CheckRule(when: when, kind: kind, source: source, text: text, message: spec.message, location: spec.location)
    }

    private mutating func messages(_ spec: FieldSpec) -> [IssueCode: LocalizedText] {
        var messages: [IssueCode: LocalizedText] = [:]
        let codes = (IssueCode.fieldCodes + IssueCode.itemVariants).map(\.rawValue)
        for (code, text) in spec.messages {
            guard codes.contains(code.value) else {
                error(
                    .unknownFailureCode,
                    "unknown failure code '\(code.value)' in messages\(NearMiss.didYouMean(code.value, among: codes)) (codes are \(codes.joined(separator: ", ")))",
                    at: code.location)
                continue
            }
            messages[IssueCode(rawValue: code.value)] = text
        }
        return messages
    }

    /// A group's `display:` template: `{name}` is a member's value, `{{` and `}}` are braces.
    private mutating func display(_ text: ScalarText, of field: DeclaredField) -> DisplayTemplate? {
        let resolver = ScopeResolver(
            summaries: summaries, pathIndex: pathIndex,
            containerPaths: ([field.id] + field.containers).map { declared[$0.index].path },
            list: field.list, suggests: suggests)
        var parts: [DisplayTemplate.Part] = []
        var literal = ""
        let scalars = Array(text.text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if (scalar == "{" || scalar == "}") && index + 1 < scalars.count && scalars[index + 1] == scalar {
                literal.unicodeScalars.append(scalar)
                index += 2
                continue
            }
            guard scalar == "{" else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            guard let close = scalars[index...].firstIndex(of: "}") else {
                error(.invalidDisplay, "'{' in display has no closing '}'", at: text.location(of: index))
                return nil
            }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            switch resolver.resolve(name.split(separator: ".").map(String.init)) {
            case .field(let member, _):
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.field(member))
            default:
                let members = field.members.map { self.spec($0).id.value }
                error(
                    .unknownField,
                    "display names unknown field '\(name)'\(NearMiss.didYouMean(name, among: members))",
                    at: text.location(of: index + 1))
                return nil
            }
            index = close + 1
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        return DisplayTemplate(parts: parts)
    }
}
