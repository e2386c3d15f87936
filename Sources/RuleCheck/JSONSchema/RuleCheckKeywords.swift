/// The `x-rulecheck-*` keywords of one property: what a rules file says that JSON Schema cannot
/// (expressions, masks, PCRE2 patterns, option attributes, localized messages …), written by
/// ``RuleSet/jsonSchema(draft:)`` so that importing the export gives back the same rules.
///
/// Each keyword **is** its aspect of the field: the importer does not derive that aspect from the
/// standard keywords too (they are the export's shadow of it, written for other validators). With
/// `x-rulecheck-checks`, for instance, the field's checks are exactly those listed, and
/// `exclusiveMinimum`, `multipleOf`, `not`, the field's `if`/`then`/`else` and its parents'
/// conditional branches add none.
struct RuleCheckKeywords {
    var type: Located<String>?
    var required: ScalarText?
    var visibleIf: ScalarText?
    var enabledIf: ScalarText?
    var value: ScalarText?
    var dependsOn: [Located<String>]?
    /// A list's `unique_by`.
    var uniqueBy: [Located<String>]?
    var pattern: ScalarText?
    var mask: ScalarText?
    /// The mask's further alternatives (`x-rulecheck-mask` as an array).
    var maskAlternatives: [ScalarText] = []
    var maskValue: Located<String>?
    var digits: Located<String>?
    var calendar: Located<String>?
    var letters: Located<String>?
    var mediaTypes: [Located<String>]?
    var min: ScalarText?
    var max: ScalarText?
    var format: ScalarText?
    var options: [OptionSpec]?
    var optionsFilter: ScalarText?
    var initial: ScalarText?
    var checks: [CheckSpec]?
    var message: LocalizedText?
    var messages: [Located<String>: LocalizedText]?
    var display: ScalarText?
    /// `x-rulecheck-titles`: the title in other locales.
    var titles: [String: String]?
    /// Whether any of `x-rulecheck-message` / `x-rulecheck-messages` is written.
    var hasMessages = false

    /// The keywords a property may carry.
    static let field: Set<String> = [
        "x-rulecheck-type", "x-rulecheck-required", "x-rulecheck-visible-if", "x-rulecheck-enabled-if", "x-rulecheck-value",
        "x-rulecheck-depends-on", "x-rulecheck-pattern", "x-rulecheck-mask", "x-rulecheck-min", "x-rulecheck-max",
        "x-rulecheck-format", "x-rulecheck-options", "x-rulecheck-options-filter", "x-rulecheck-initial", "x-rulecheck-checks",
        "x-rulecheck-message", "x-rulecheck-messages", "x-rulecheck-display", "x-rulecheck-mask-value", "x-rulecheck-digits",
        "x-rulecheck-media-types", "x-rulecheck-ui", "x-rulecheck-calendar", "x-rulecheck-letters", "x-rulecheck-unique-by",
        "x-rulecheck-titles",
    ]
    /// The keywords of the root schema (the form).
    static let root: Set<String> = [
        "x-rulecheck-form", "x-rulecheck-date-format", "x-rulecheck-locale", "x-rulecheck-hidden-values", "x-rulecheck-gates",
        "x-rulecheck-sections", "x-rulecheck-pages", "x-rulecheck-mask-classes", "x-rulecheck-empty-values",
    ]
}

extension SchemaImporter {
    /// Reads the `x-rulecheck-*` keywords of a property's schema (its first occurrence of each).
    mutating func ruleCheckKeywords(_ node: SchemaNode) -> RuleCheckKeywords {
        var x = RuleCheckKeywords()
        guard node.parts.contains(where: { part in part.object.keys.contains { $0.hasPrefix("x-rulecheck-") } }) else { return x }
        ownKeywords(of: node)
        func expression(_ keyword: String) -> ScalarText? {
            guard let (value, pointer) = node.first(keyword) else { return nil }
            return expressionText(value, at: pointer, keyword: keyword)
        }
        if let (value, pointer) = node.first("x-rulecheck-type") {
            if let name = value.string {
                x.type = located(name, at: pointer)
            } else {
                ownError("x-rulecheck-type must be a string", at: pointer)
            }
        }
        x.required = expression("x-rulecheck-required")
        x.visibleIf = expression("x-rulecheck-visible-if")
        x.enabledIf = expression("x-rulecheck-enabled-if")
        x.value = expression("x-rulecheck-value")
        x.min = expression("x-rulecheck-min")
        x.max = expression("x-rulecheck-max")
        x.optionsFilter = expression("x-rulecheck-options-filter")
        x.initial = expression("x-rulecheck-initial")
        if let (value, pointer) = node.first("x-rulecheck-mask"),
            let alternatives = maskNotation(value, at: pointer, keyword: "x-rulecheck-mask")
        {
            x.mask = alternatives.first
            x.maskAlternatives = Array(alternatives.dropFirst())
        }
        for (keyword, path) in [
            ("x-rulecheck-mask-value", \RuleCheckKeywords.maskValue), ("x-rulecheck-digits", \.digits),
            ("x-rulecheck-calendar", \.calendar), ("x-rulecheck-letters", \.letters),
        ] {
            guard let (value, pointer) = node.first(keyword) else { continue }
            guard let string = value.string else { ownError("\(keyword) must be a string", at: pointer); continue }
            x[keyPath: path] = located(string, at: pointer)
        }
        if let (value, pointer) = node.first("x-rulecheck-media-types") {
            if let items = value.array, items.allSatisfy({ $0.string != nil }) {
                x.mediaTypes = items.enumerated().compactMap { index, item in item.string.map { located($0, at: pointer + "/\(index)") } }
            } else {
                ownError("x-rulecheck-media-types must be an array of media types", at: pointer)
            }
        }
        for (keyword, path) in [
            ("x-rulecheck-pattern", \RuleCheckKeywords.pattern),
            ("x-rulecheck-format", \.format), ("x-rulecheck-display", \.display),
        ] {
            guard let (value, pointer) = node.first(keyword) else { continue }
            guard let string = value.string else { ownError("\(keyword) must be a string", at: pointer); continue }
            x[keyPath: path] = text(string, at: pointer, quoted: true)
        }
        if let (value, pointer) = node.first("x-rulecheck-depends-on") {
            let names = value.string.map { [$0] } ?? value.array?.compactMap(\.string)
            if let names, names.count == (value.array?.count ?? 1) {
                x.dependsOn = names.enumerated().map { located($1, at: value.array == nil ? pointer : pointer + "/\($0)") }
            } else {
                ownError("x-rulecheck-depends-on must be a field id or an array of them", at: pointer)
            }
        }
        if let (value, pointer) = node.first("x-rulecheck-unique-by") {
            if let names = value.array?.compactMap(\.string), names.count == value.array?.count, !names.isEmpty {
                x.uniqueBy = names.enumerated().map { located($1, at: pointer + "/\($0)") }
            } else {
                ownError("x-rulecheck-unique-by must be an array of field ids of the items", at: pointer)
            }
        }
        if let (value, pointer) = node.first("x-rulecheck-options") { x.options = ruleCheckOptions(value, at: pointer) }
        if let (value, pointer) = node.first("x-rulecheck-checks") { x.checks = ruleCheckChecks(value, at: pointer) }
        if let (value, pointer) = node.first("x-rulecheck-message") {
            x.hasMessages = true
            x.message = localized(value, at: pointer, keyword: "x-rulecheck-message")
        }
        if let (value, pointer) = node.first("x-rulecheck-titles") {
            if let members = value.object, members.values.allSatisfy({ $0.string != nil }) {
                x.titles = members.compactMapValues(\.string)
            } else {
                ownError("x-rulecheck-titles must map locales to the title in each ({\"fa\": …, \"fr\": …})", at: pointer)
            }
        }
        if let (value, pointer) = node.first("x-rulecheck-messages") {
            x.hasMessages = true
            guard let members = value.object else {
                ownError("x-rulecheck-messages must map failure codes to messages", at: pointer)
                return x
            }
            var messages: [Located<String>: LocalizedText] = [:]
            for code in source.orderedKeys(of: members, at: pointer) {
                let codePointer = pointer + "/" + SchemaPointer.escape(code)
                if let member = members[code], let message = localized(member, at: codePointer, keyword: "x-rulecheck-messages") {
                    messages[located(code, at: codePointer)] = message
                }
            }
            x.messages = messages
        }
        return x
    }

    /// An expression written as a JSON string; `true`/`false` and numbers are accepted as written.
    private mutating func expressionText(_ value: JSONValue, at pointer: String, keyword: String) -> ScalarText? {
        switch value {
        case .string(let string): return text(string, at: pointer)
        case .bool(let flag): return text(flag ? "true" : "false", at: pointer)
        case .number, .decimal:
            if let literal = value.exactNumber.flatMap(Self.decimal) { return text(literal, at: pointer) }
        default: break
        }
        ownError("\(keyword) must be an expression written as a string", at: pointer)
        return nil
    }

    /// A JSON scalar as a rules-file scalar: strings quoted (always text), numbers and booleans plain.
    mutating func scalar(_ value: JSONValue, at pointer: String) -> ScalarText? {
        switch value {
        case .string(let string): return text(string, at: pointer, quoted: true)
        case .bool(let flag): return text(flag ? "true" : "false", at: pointer)
        case .number, .decimal: return value.exactNumber.flatMap(Self.decimal).map { text($0, at: pointer) }
        default: return nil
        }
    }

    private mutating func localized(_ value: JSONValue, at pointer: String, keyword: String) -> LocalizedText? {
        if let string = value.string { return LocalizedText(string) }
        if let members = value.object, members.values.allSatisfy({ $0.string != nil }) {
            return LocalizedText(locales: members.compactMapValues(\.string))
        }
        ownError("\(keyword): a message is text or an object of locales to text ({\"en\": …, \"ru\": …})", at: pointer)
        return nil
    }

    /// `x-rulecheck-options`: `[{"value": …, "title": …, attribute: …}]`.
    private mutating func ruleCheckOptions(_ value: JSONValue, at pointer: String) -> [OptionSpec]? {
        guard let items = value.array else {
            ownError("x-rulecheck-options must be an array of options", at: pointer)
            return nil
        }
        var options: [OptionSpec] = []
        for (index, item) in items.enumerated() {
            let itemPointer = pointer + "/\(index)"
            guard let members = item.object, let optionValue = members["value"].flatMap({ scalar($0, at: itemPointer + "/value") }) else {
                ownError("an option needs a \"value\" that is a string, a number or a boolean", at: itemPointer)
                continue
            }
            var option = OptionSpec(value: optionValue, title: members["title"]?.string, location: source.location(of: itemPointer))
            for key in source.orderedKeys(of: members, at: itemPointer) where key != "value" && key != "title" {
                let keyPointer = itemPointer + "/" + SchemaPointer.escape(key)
                guard let attribute = members[key].flatMap({ scalar($0, at: keyPointer) }) else {
                    ownError("option attribute '\(key)' must be a string, a number or a boolean", at: keyPointer)
                    continue
                }
                option.attributes.append((located(key, at: keyPointer), attribute))
            }
            options.append(option)
        }
        return options
    }

    /// `x-rulecheck-checks`: `[{"when": …, "expr" | "pattern" | … : …, "message": …}]`.
    private mutating func ruleCheckChecks(_ value: JSONValue, at pointer: String) -> [CheckSpec]? {
        guard let items = value.array else {
            ownError("x-rulecheck-checks must be an array of checks", at: pointer)
            return nil
        }
        var checks: [CheckSpec] = []
        for (index, item) in items.enumerated() {
            let itemPointer = pointer + "/\(index)"
            guard let members = item.object else {
                ownError("a check must be an object", at: itemPointer)
                continue
            }
            let written = RulesFileKeys.checkRules.filter { members[$0] != nil }
            guard written.count == 1, let key = written.first, let ruleValue = members[key] else {
                ownError("a check needs exactly one of \(RulesFileKeys.checkRules.joined(separator: ", "))", at: itemPointer)
                continue
            }
            let rulePointer = itemPointer + "/" + key
            let rule: CheckSpec.Rule?
            var maskAlternatives: [ScalarText] = []
            switch key {
            case "pattern": rule = ruleValue.string.map { .pattern(text($0, at: rulePointer, quoted: true)) }
            case "mask":
                let alternatives = maskNotation(ruleValue, at: rulePointer, keyword: "mask")
                maskAlternatives = Array(alternatives?.dropFirst() ?? [])
                rule = alternatives?.first.map { .mask($0) }
            case "min": rule = expressionText(ruleValue, at: rulePointer, keyword: "min").map { .min($0) }
            case "max": rule = expressionText(ruleValue, at: rulePointer, keyword: "max").map { .max($0) }
            case "min_length": rule = ruleValue.integer.map { .minLength(located($0, at: rulePointer)) }
            case "max_length": rule = ruleValue.integer.map { .maxLength(located($0, at: rulePointer)) }
            default: rule = expressionText(ruleValue, at: rulePointer, keyword: "expr").map { .expr($0) }
            }
            guard let rule else {
                ownError("this check's \(key) has the wrong kind of value", at: rulePointer)
                continue
            }
            let when = members["when"].flatMap { expressionText($0, at: itemPointer + "/when", keyword: "when") }
            let message = members["message"].flatMap { localized($0, at: itemPointer + "/message", keyword: "message") }
            checks.append(
                CheckSpec(
                    when: when, rule: rule, maskAlternatives: maskAlternatives, message: message,
                    location: source.location(of: itemPointer)))
        }
        return checks
    }

    /// A mask as `x-rulecheck-mask` (or a check's `mask`) holds it: its notation, or a non-empty
    /// array of alternatives.
    private mutating func maskNotation(_ value: JSONValue, at pointer: String, keyword: String) -> [ScalarText]? {
        if let notation = value.string { return [text(notation, at: pointer, quoted: true)] }
        if let items = value.array, !items.isEmpty, items.allSatisfy({ $0.string != nil }) {
            return items.enumerated().compactMap { index, item in item.string.map { text($0, at: pointer + "/\(index)", quoted: true) } }
        }
        ownError("\(keyword) must be a mask, or an array of its alternatives", at: pointer)
        return nil
    }
}
