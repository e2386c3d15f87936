/// Which of the steps of ``FieldEvaluator/step(_:_:_:mode:values:today:into:)`` a field has rules
/// for, worked out once per rule set: a plain set of bits, so that the step skips what a field does
/// not have without reading (and reference counting) the field's arrays and expressions. Most
/// fields of a real form have few of them: `required: true` and a pattern, say.
struct FieldPlan: OptionSet, Sendable {
    let rawValue: UInt32

    /// `visible_if` conditions, its own or its containers'.
    static let visibility = FieldPlan(rawValue: 1 << 0)
    /// `enabled_if` conditions.
    static let enabling = FieldPlan(rawValue: 1 << 1)
    /// A `value:` expression.
    static let computed = FieldPlan(rawValue: 1 << 2)
    /// The field holds a value (it is not a group or a list).
    static let holdsValue = FieldPlan(rawValue: 1 << 3)
    /// A `required:` condition.
    static let required = FieldPlan(rawValue: 1 << 4)
    /// `required: true`: the condition always holds.
    static let alwaysRequired = FieldPlan(rawValue: 1 << 5)
    /// `depends_on` parents.
    static let dependsOn = FieldPlan(rawValue: 1 << 6)
    /// `min_length`, `max_length`, `pattern` or `mask`.
    static let textRules = FieldPlan(rawValue: 1 << 7)
    /// `min` or `max`.
    static let bounds = FieldPlan(rawValue: 1 << 8)
    /// `checks:`.
    static let checks = FieldPlan(rawValue: 1 << 9)
    /// A file field's `max_size` or `media_types`.
    static let fileRules = FieldPlan(rawValue: 1 << 10)
    /// Any rule that ``FieldEvaluator`` holds a value itself to: text rules, bounds, file rules.
    static let valueRules: FieldPlan = [.textRules, .bounds, .fileRules]
    /// An `options_filter`.
    static let optionsFilter = FieldPlan(rawValue: 1 << 11)
    /// What the step's value part reads: with none of these, the field's value is never computed,
    /// cleared or hidden by its own rules (a form's edit may still clear it: see
    /// ``FieldEvaluator/step(_:_:_:mode:values:today:into:)``).
    static let valueStepRules: FieldPlan = [.visibility, .enabling, .computed, .optionsFilter]

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    init(_ field: FieldRules) {
        var plan: FieldPlan = []
        if !field.visibleConditions.isEmpty { plan.insert(.visibility) }
        if !field.enabledConditions.isEmpty { plan.insert(.enabling) }
        if field.computed != nil { plan.insert(.computed) }
        if field.type.holdsValue { plan.insert(.holdsValue) }
        if let required = field.required {
            plan.insert(.required)
            if case .constant(holds: true) = required.shape { plan.insert(.alwaysRequired) }
        }
        if !field.dependsOn.isEmpty { plan.insert(.dependsOn) }
        for rule in field.keyRules { plan.insert(rule.isBound ? .bounds : .textRules) }
        if !field.checks.isEmpty { plan.insert(.checks) }
        if field.maxSize != nil || !field.mediaTypes.isEmpty { plan.insert(.fileRules) }
        if field.optionsFilter != nil { plan.insert(.optionsFilter) }
        self = plan
    }
}
