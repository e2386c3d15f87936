import Patterns

/// The rules of one field applied in a given context: visibility, enabled, required-ness, the
/// options on offer, and the issues of a value. The Form engine and the record checker both
/// evaluate fields through this type, so a form and a batch check agree by construction.
struct FieldEvaluator: Sendable {
    let rules: RuleSet
    let messages: MessageBuilder

    init(rules: RuleSet, locale: String) {
        self.rules = rules
        messages = MessageBuilder(locale: locale)
    }

    func isVisible<Context: EvaluationContext>(_ field: FieldRules, _ context: Context) -> Bool {
        field.visibleConditions.allSatisfy { $0.holds(context) }
    }

    func isEnabled<Context: EvaluationContext>(_ field: FieldRules, _ context: Context) -> Bool {
        field.enabledConditions.allSatisfy { $0.holds(context) }
    }

    /// A hidden field is never required.
    func isRequired<Context: EvaluationContext>(_ field: FieldRules, visible: Bool, _ context: Context) -> Bool {
        visible && (field.required?.holds(context) ?? false)
    }

    /// The options on offer: all of them, or those the `options_filter` keeps.
    func offeredOptions<Context: EvaluationContext>(_ field: FieldRules, _ context: Context) -> [ChoiceOption] {
        guard let filter = field.optionsFilter else { return field.options }
        return field.options.filter { filter.holds(OptionContext(base: context, option: $0)) }
    }

    /// Whether `value` (or, for a multi_choice, each of its values) is on offer.
    ///
    /// The same answer as looking in ``offeredOptions(_:_:)``, without building that list: only
    /// the options whose value matches are put to the `options_filter`.
    func isOffered<Context: EvaluationContext>(_ value: Value, _ field: FieldRules, _ context: Context) -> Bool {
        if case .list(let values) = value, field.type == .multiChoice {
            return values.allSatisfy { isOffered(option: $0, field, context) }
        }
        return isOffered(option: value, field, context)
    }

    /// Whether an option with this value exists and the `options_filter` (if any) keeps it.
    private func isOffered<Context: EvaluationContext>(option value: Value, _ field: FieldRules,
                                                       _ context: Context) -> Bool {
        guard let filter = field.optionsFilter else { return field.options.contains { $0.value == value } }
        return field.options.contains { $0.value == value && filter.holds(OptionContext(base: context, option: $0)) }
    }

    // MARK: - Issues

    /// Every rule of a visible field that `value` fails, in a fixed order: required; length,
    /// pattern, mask; min, max; option; items; then each applicable check.
    func issues<Context: EvaluationContext>(_ field: FieldRules, value: Value?, required: Bool,
                                            _ context: Context) -> [Issue] {
        switch field.type {
        case .group:
            let empty = rules.valueDescendants[field.id.index].allSatisfy { context.value(of: $0) == nil }
            if empty { return required ? [issue(.required, field, rule: requiredRule(field), value: nil, context)] : [] }
            var found: [Issue] = []
            checkIssues(field, value: nil, context, into: &found)
            return found
        case .list:
            let count = context.itemCount(of: field.id)
            if count == 0 { return required ? [issue(.required, field, rule: requiredRule(field), value: nil, context)] : [] }
            var found: [Issue] = []
            countIssues(field, count, context, into: &found)
            checkIssues(field, value: nil, context, into: &found)
            return found
        default:
            guard let value else { return required ? [issue(.required, field, rule: requiredRule(field), value: nil, context)] : [] }
            // Each kind of rule appends to one array: most values pass, and then nothing is allocated.
            var found: [Issue] = []
            valueIssues(field, value, context, into: &found)
            if field.type == .choice || field.type == .multiChoice, !isOffered(value, field, context) {
                found.append(issue(.option, field, rule: optionRule(field), value: value, context))
            }
            if case .list(let values) = value {
                countIssues(field, values.count, context, into: &found)
            }
            checkIssues(field, value: value, context, into: &found)
            return found
        }
    }

    private func countIssues<Context: EvaluationContext>(_ field: FieldRules, _ count: Int, _ context: Context,
                                                         into found: inout [Issue]) {
        if let minimum = field.minItems, count < minimum {
            found.append(issue(.items, field, rule: "min_items: \(minimum)", variant: "min", value: nil, context))
        } else if let maximum = field.maxItems, count > maximum {
            found.append(issue(.items, field, rule: "max_items: \(maximum)", variant: "max", value: nil, context))
        }
    }

    /// Length, pattern, mask and range of the field's own keys.
    private func valueIssues<Context: EvaluationContext>(_ field: FieldRules, _ value: Value,
                                                         _ context: Context, into found: inout [Issue]) {
        switch value {
        case .text(let text):
            if let minimum = field.minLength, text.scalarCount(isBelow: minimum) {
                found.append(issue(.minLength, field, rule: "min_length: \(minimum)", value: value, context))
            }
            if let maximum = field.maxLength, text.scalarCount(isAbove: maximum) {
                found.append(issue(.maxLength, field, rule: "max_length: \(maximum)", value: value, context))
            }
            if let pattern = field.pattern, let issue = patternIssue(pattern, text, field, nil, context) { found.append(issue) }
            if let mask = field.mask, !mask.isComplete(text) {
                found.append(issue(.mask, field, rule: "mask: \(mask.notation)", value: value, context))
            }
        case .number, .date:
            if let bound = field.min, let issue = rangeIssue(.min, bound, value, field, nil, context) { found.append(issue) }
            if let bound = field.max, let issue = rangeIssue(.max, bound, value, field, nil, context) { found.append(issue) }
        default:
            break
        }
    }

    private func patternIssue<Context: EvaluationContext>(_ pattern: Pattern, _ text: String, _ field: FieldRules,
                                                          _ check: CheckRule?, _ context: Context) -> Issue? {
        let code: IssueCode
        do {
            guard try !pattern.matches(text) else { return nil }
            code = .pattern
        } catch {
            code = .regexLimit
        }
        return issue(code, field, rule: "pattern: \(pattern.source)", check: check, value: .text(text), context)
    }

    /// A `min` or `max` failure, or nil. A bound that evaluates to null is not applied.
    private func rangeIssue<Context: EvaluationContext>(_ code: IssueCode, _ bound: Expr, _ value: Value,
                                                        _ field: FieldRules, _ check: CheckRule?,
                                                        _ context: Context) -> Issue? {
        guard let limit = bound.evaluate(context) else { return nil }
        let fails: Bool
        switch (value, limit) {
        case (.number(let a), .number(let b)): fails = code == .min ? a < b : a > b
        case (.date(let a), .date(let b)): fails = code == .min ? a < b : a > b
        default: return nil
        }
        guard fails else { return nil }
        let variant: String? = if case .date = value { "date" } else { nil }
        let text = (code == .min ? field.minText : field.maxText) ?? ""
        return issue(code, field, rule: "\(code.rawValue): \(text)", check: check, variant: variant,
                     parameters: [code.rawValue: display(limit, field)], value: value, context)
    }

    /// The issues of the checks whose `when` holds.
    private func checkIssues<Context: EvaluationContext>(_ field: FieldRules, value: Value?,
                                                         _ context: Context, into found: inout [Issue]) {
        for check in field.checks where check.when?.holds(context) ?? true {
            switch check.kind {
            case .pattern(let pattern):
                if case .text(let text)? = value, let issue = patternIssue(pattern, text, field, check, context) { found.append(issue) }
            case .mask(let mask):
                if case .text(let text)? = value, !mask.isComplete(text) {
                    found.append(issue(.mask, field, rule: "", check: check, parameters: ["mask": mask.notation],
                                       value: .text(text), context))
                }
            case .min(let bound):
                if let value, let issue = rangeIssue(.min, bound, value, field, check, context) { found.append(issue) }
            case .max(let bound):
                if let value, let issue = rangeIssue(.max, bound, value, field, check, context) { found.append(issue) }
            case .minLength(let minimum):
                if case .text(let text)? = value, text.scalarCount(isBelow: minimum) {
                    found.append(issue(.minLength, field, rule: "", check: check, parameters: ["min_length": String(minimum)],
                                       value: value, context))
                }
            case .maxLength(let maximum):
                if case .text(let text)? = value, text.scalarCount(isAbove: maximum) {
                    found.append(issue(.maxLength, field, rule: "", check: check, parameters: ["max_length": String(maximum)],
                                       value: value, context))
                }
            case .expr(let condition):
                if !condition.holds(context) {
                    let written = check.text.hasPrefix("expr: ") ? String(check.text.dropFirst(6)) : check.text
                    found.append(issue(.check, field, rule: "", check: check, parameters: ["check": written],
                                       value: value, context))
                }
            }
        }
    }

    /// An issue whose message may use `{value}` (the field's value), `{min}` and `{max}` (its
    /// bounds, evaluated now) whatever failed, besides the parameters of the failure itself.
    private func issue<Context: EvaluationContext>(_ code: IssueCode, _ field: FieldRules, rule: String,
                                                   check: CheckRule? = nil, variant: String? = nil,
                                                   parameters: [String: String] = [:], value: Value?,
                                                   _ context: Context) -> Issue {
        messages.issue(code, field, rule: rule, check: check, variant: variant, parameters: parameters) { name in
            switch name {
            case "value": value.map { display($0, field) }
            case "min": field.min?.evaluate(context).map { display($0, field) }
            case "max": field.max?.evaluate(context).map { display($0, field) }
            default: nil
            }
        }
    }

    private func requiredRule(_ field: FieldRules) -> String {
        "required: \(field.requiredText ?? "true")"
    }

    private func optionRule(_ field: FieldRules) -> String {
        field.optionsFilterText.map { "options_filter: \($0)" } ?? "options"
    }

    /// A value as people read it in a message: dates in the field's format.
    func display(_ value: Value, _ field: FieldRules) -> String {
        switch value {
        case .date(let day): field.dateFormat.format(day)
        case .list(let items): items.map { display($0, field) }.joined(separator: ", ")
        default: value.description
        }
    }
}

/// A context that adds the option under test to another context, for `options_filter`.
struct OptionContext<Base: EvaluationContext>: EvaluationContext {
    let base: Base
    let option: ChoiceOption?

    init(base: Base, option: ChoiceOption) {
        self.base = base
        self.option = option
    }

    func value(of field: FieldID) -> Value? { base.value(of: field) }
    func itemCount(of list: FieldID) -> Int { base.itemCount(of: list) }
    var today: Day { base.today }
}

extension String {
    // Lengths are counted in Unicode scalars, which takes a walk over the text; its UTF-8 length
    // is known at once. Text of n UTF-8 bytes has between ⌈n/4⌉ and n scalars, which settles
    // most comparisons without counting.

    /// Whether the text has fewer than `bound` Unicode scalars.
    func scalarCount(isBelow bound: Int) -> Bool {
        let bytes = utf8.count
        if bytes < bound { return true }
        if (bytes + 3) / 4 >= bound { return false }
        return unicodeScalars.count < bound
    }

    /// Whether the text has more than `bound` Unicode scalars.
    func scalarCount(isAbove bound: Int) -> Bool {
        let bytes = utf8.count
        if bytes <= bound { return false }
        if (bytes + 3) / 4 > bound { return true }
        return unicodeScalars.count > bound
    }
}
