import Patterns

/// The rules of one field applied to one slot: the one value step of RuleCheck.
///
/// The Form engine and the record checker both evaluate every slot through ``step(_:_:_:mode:values:today:)``:
/// the value (computed, or cleared), visibility, enabled state, required-ness and the failures of
/// the value, in one order. A form applies the outcome to its state; the checker reports its
/// failures. So a form and a batch check agree by construction.
struct FieldEvaluator: Sendable {
    let rules: RuleSet
    let messages: MessageBuilder
    /// The locale whose numbers typed or written text is read in (`12,5` in French); `nil` when
    /// none was given: plain decimal then, and a number only a locale reads is a finding.
    let numbers: NumberSymbols?
    /// Options a form was given at run time (``Form/setOptions(_:_:)``), in place of the rules'.
    var runtimeOptions: [FieldID: [ChoiceOption]] = [:]

    /// A choice field's options: the ones given at run time, else the rules'.
    func options(of field: FieldRules) -> [ChoiceOption] {
        runtimeOptions.isEmpty ? field.options : runtimeOptions[field.id] ?? field.options
    }

    /// Whether a value of the field may stop being on offer: it has an `options_filter`, or
    /// options given at run time.
    func hasChangingOptions(_ field: FieldRules) -> Bool {
        field.optionsFilter != nil || (!runtimeOptions.isEmpty && runtimeOptions[field.id] != nil)
    }

    /// The `min` and `max` bounds that read only `today`, evaluated once for the day a record
    /// checker checks against (nil for a form's evaluator, whose day may change).
    let folded: FoldedBounds?
    /// By field index: the rules' options of a choice, to find the one with a value without
    /// comparing it with each.
    let optionTables: [OptionTable?]
    /// By field index: which steps the field has rules for.
    let plans: [FieldPlan]
    /// Every field's own rules of text, compiled to operations.
    let textRules: TextRulePlan

    /// An evaluator for `rules` with messages in `locale`, numbers read in `numbers` (``RuleSet/
    /// locale`` when `nil`, then none); with `today`, the bounds that read only `today` (`max: today -
    /// 18y`) are evaluated once, here, rather than for every record.
    init(rules: RuleSet, locale: String, numbers: String?, today: Day? = nil) {
        self.rules = rules
        messages = MessageBuilder(locale: locale)
        let numbers = (numbers ?? rules.locale).map { NumberSymbols(locale: $0) }
        self.numbers = numbers
        folded = today.map { FoldedBounds(rules: rules, today: $0, numbers: numbers) }
        optionTables = rules.fields.map { OptionTable($0) }
        plans = rules.fields.map { FieldPlan($0) }
        textRules = TextRulePlan(rules: rules)
    }

    /// Whether the step runs for a form being edited or for a record being checked.
    enum Mode: Sendable {
        /// An edit clears a slot whose `depends_on` parent changed, and a value that its
        /// `options_filter` no longer offers.
        case form
        /// A record is checked as written: no clearing by `depends_on` (an empty parent is an
        /// `orphan`), a value not on offer is an `option` failure, and the record's own values of
        /// computed and hidden fields are reported.
        case record
    }

    /// What the step reads besides the rules and the slots' values (the slot's own stored value
    /// included: a form's, or the one read from a record).
    struct Input {
        /// Form: the `depends_on` parent of the slot whose value the current edit changed.
        var changedParent: Slot?
        /// Record: the record has something written for the slot (a non-empty cell, a JSON value
        /// other than null).
        var isWritten = false
        /// Record: the record has the slot's column or key (perhaps empty): the record's value of
        /// a computed field is compared then.
        var given = false
        /// The written text (a record's; a form's typed text) could not be read as the field's
        /// type. The field then counts as empty, and the step stops after visibility and
        /// `orphan`: the caller, who read the text, reports the failure.
        var isUnreadable = false
        /// Record: the input is a CSV file without a column for the field.
        var columnMissing = false
        /// Record: the text value's UTF-8 bytes as the record wrote them, for a text that is kept
        /// as bytes (no expression reads it as text, so no `String` was made): the value table
        /// holds nothing for the slot (its state says that it has a value, ``KeptTexts``), and
        /// the rules of the text read these bytes.
        var text: UnsafeBufferPointer<UInt8>?
        /// Record: the index of the option the value is, when reading the record found it (so
        /// that the options need not be searched again).
        var option: Int?
    }

    /// What the step decided. The slot's new value is in the table.
    struct Outcome: Equatable {
        /// Whether the step changed the slot's value.
        var valueChanged = false
        /// Why the step cleared a value the slot had (form).
        var cleared: FieldState.ClearCause?
        var isVisible = true
        var isEnabled = true
        var isRequired = false
        /// The rules the value fails, in a fixed order (none for a hidden field in a form); in
        /// record mode also the findings about the record's own value (computed, hidden, orphan).
        var failures: [Failure] = []

        /// Makes the outcome ready for another step, keeping the memory of its failures.
        mutating func reset() {
            valueChanged = false
            if cleared != nil { cleared = nil }
            isVisible = true
            isEnabled = true
            isRequired = false
            if !failures.isEmpty { failures.removeAll(keepingCapacity: true) }
        }
    }

    /// Evaluates one slot, stores its new value in `values`, and puts what it decided in
    /// `outcome` (which it resets first: a caller reuses one outcome for every slot).
    ///
    /// In order: the value (computed; or cleared because a `depends_on` parent changed in this
    /// edit); visibility (a hidden value is cleared under `hidden_values: clear`); the options on
    /// offer; enabled; required; the failures of the value. Checks may read the field's own value,
    /// so the new value is stored before they run.
    ///
    /// `kept`: a record's texts kept as bytes, which have no value in `values` (``KeptTexts``).
    func step(
        _ field: FieldRules, _ slot: Slot, _ input: Input, mode: Mode, values: inout SlotTable<Value?>,
        kept: KeptTexts? = nil, today: Day, into outcome: inout Outcome
    ) {
        outcome.reset()
        let plan = plans[field.id.index]
        // Most fields of a record have no visibility, enabling, computed value or options filter:
        // the value step then leaves the slot as it is, visible and enabled, and is skipped. A
        // form's edit can still clear such a field's value (a `depends_on` parent changed, or its
        // options were replaced at run time), so the step runs then.
        if !plan.isDisjoint(with: .valueStepRules) || input.changedParent != nil
            || (mode == .form && !runtimeOptions.isEmpty)
        {
            let change = values.withContext(slot, today: today, numbers: numbers, kept: kept) { context in
                valueStep(field, plan, slot, input, mode: mode, context, &outcome)
            }
            if case .changed(let value) = change {
                values[slot] = value
                outcome.valueChanged = true
            }
            guard outcome.isVisible else { return }
        }
        values.withContext(slot, today: today, numbers: numbers, kept: kept) { context in
            checkStep(field, plan, slot, input, mode: mode, context, &outcome)
        }
    }

    /// ``step(_:_:_:mode:values:kept:today:into:)`` for a record (`mode` `.record`) whose texts kept
    /// as bytes (``KeptTexts``) are in `written`, pointing into `buffer`.
    ///
    /// The kept texts are made here, inside the evaluator's own method: made by the caller, the
    /// closure that borrows them copied the whole evaluator for every slot (about 25,000
    /// instructions per OSAGO record).
    func step(
        _ field: FieldRules, _ slot: Slot, _ input: Input, values: inout SlotTable<Value?>,
        written: inout SlotTable<WrittenText>, buffer: UnsafeBufferPointer<UInt8>, today: Day,
        into outcome: inout Outcome
    ) {
        written.withKeptTexts(in: buffer) { kept in
            step(field, slot, input, mode: .record, values: &values, kept: kept, today: today, into: &outcome)
        }
    }

    /// A new value for a slot, or none.
    private enum Change {
        case unchanged
        case changed(Value?)
    }

    /// Required-ness and the failures of a visible slot's (new) value.
    private func checkStep(
        _ field: FieldRules, _ plan: FieldPlan, _ slot: Slot, _ input: Input, mode: Mode,
        _ context: SlotContext, _ outcome: inout Outcome
    ) {
        // A text kept as bytes is read from them (`input.text`), not made a `String` here.
        let value = input.text == nil ? context.value(of: field.id) : nil
        if mode == .record, plan.contains(.dependsOn), value != nil || input.isWritten,
            let parent = emptyParent(field, slot, context)
        {
            outcome.failures.append(.orphan(parent: parent))
        }
        // Required-ness comes first: text that is no value (yet) leaves the field as required as
        // it was (a screen's `*` does not flicker while a date is typed).
        if plan.contains(.alwaysRequired) {
            outcome.isRequired = true
        } else if plan.contains(.required), let required = field.required {
            outcome.isRequired = holds(required, context, &outcome.failures)
        }
        // The other checks need a value: a field whose text cannot be read (a record's cell, a
        // form's typed text) counts as empty, and its caller reports why.
        if input.isUnreadable { return }
        let start = outcome.failures.count
        failures(
            field, plan: plan, value: value, text: input.text, option: input.option, required: outcome.isRequired,
            context, into: &outcome.failures)
        if input.columnMissing, outcome.failures.count > start, outcome.failures[start] == .required {
            outcome.failures[start] = .missingColumn
        }
    }

    /// The value, visibility and enabled state of a slot; returns the slot's new value, if it has one.
    private func valueStep(
        _ field: FieldRules, _ plan: FieldPlan, _ slot: Slot, _ input: Input, mode: Mode,
        _ context: SlotContext, _ outcome: inout Outcome
    ) -> Change {
        if plan.contains(.visibility) {
            for condition in field.visibleConditions where !holds(condition, context, &outcome.failures) {
                outcome.isVisible = false
                break
            }
        }
        // A record is checked whatever a UI would let the user edit: only a form needs enabled.
        if mode == .form, plan.contains(.enabling) {
            for condition in field.enabledConditions where !holds(condition, context, &outcome.failures) {
                outcome.isEnabled = false
                break
            }
        }
        let clearsHidden = !outcome.isVisible && rules.hiddenValues == .clear
        var change = Change.unchanged
        if plan.contains(.computed), let computed = field.computed {
            // A computed value always follows its inputs: empty while hidden under `clear`, or when
            // its options_filter does not offer it.
            let before = outcome.failures.count
            var value =
                clearsHidden
                ? nil : Value.normalized(evaluate(computed, context, &outcome.failures))
            // Overflowed: the rules compute no value they can tell, and `overflow` says so.
            let overflowed = outcome.failures[before...].contains { if case .overflow = $0 { true } else { false } }
            if let offered = value, hasChangingOptions(field), !isOffered(offered, field, context) { value = nil }
            let current = context.value(of: field.id)
            // A record's own value of a visible computed field must be what the rules compute (a
            // hidden one is a hidden value, reported below).
            if mode == .record, outcome.isVisible, input.given, !input.isUnreadable, !overflowed, current != value {
                outcome.failures.append(.computed(expected: value))
            }
            if current != value { change = .changed(value) }
        } else if plan.contains(.holdsValue), context.hasValue(field.id) {
            if mode == .form, let parent = input.changedParent {
                change = .changed(nil)
                outcome.cleared = .dependsOn(context.path(of: parent.field, rules))
            } else if clearsHidden {
                change = .changed(nil)
                outcome.cleared = .hidden
            } else if mode == .form, hasChangingOptions(field), let current = context.value(of: field.id),
                !isOffered(current, field, context)
            {
                change = .changed(nil)
                outcome.cleared = .optionsFilter
            }
        }
        if !outcome.isVisible {
            if mode == .record, input.isWritten { outcome.failures.append(.hiddenValue) }
            if mode == .form, !outcome.failures.isEmpty { outcome.failures.removeAll() }
        }
        return change
    }

    /// The path of the first `depends_on` parent of the slot that is empty.
    private func emptyParent(_ field: FieldRules, _ slot: Slot, _ context: SlotContext) -> String? {
        for parent in field.dependsOn {
            let parentField = rules.fields[parent.index]
            let empty = parentField.type == .list ? context.itemCount(of: parent) == 0 : !context.hasValue(parent)
            if empty { return context.path(of: parent, rules) }
        }
        return nil
    }

    // MARK: - Conditions

    /// Whether a field is visible in `context` (every one of its and its containers' `visible_if`).
    func isVisible<Context: EvaluationContext>(_ field: FieldRules, _ context: Context) -> Bool {
        field.visibleConditions.allSatisfy { $0.expr.holds(context) }
    }

    /// The options on offer: all of them, or those the `options_filter` keeps.
    func offeredOptions<Context: EvaluationContext>(_ field: FieldRules, _ context: Context) -> [ChoiceOption] {
        guard let filter = field.optionsFilter else { return options(of: field) }
        return options(of: field).filter { filter.expr.holds(OptionContext(base: context, option: $0)) }
    }

    /// Whether `value` (or, for a multi_choice, each of its values) is on offer.
    ///
    /// The same answer as looking in ``offeredOptions(_:_:)``, without building that list: only
    /// the options whose value matches are put to the `options_filter`.
    func isOffered<Context: EvaluationContext>(
        _ value: Value, _ field: FieldRules, _ context: Context,
        option: Int? = nil
    ) -> Bool {
        if case .list(let values) = value, field.type == .multiChoice {
            return values.allSatisfy { isOffered(option: $0, field, context) }
        }
        if let option, runtimeOptions.isEmpty || runtimeOptions[field.id] == nil {
            return isOffered(field.options[option], field, context)
        }
        return isOffered(option: value, field, context)
    }

    /// Whether `option`, one of the rules' options of the field, is on offer.
    private func isOffered<Context: EvaluationContext>(
        _ option: ChoiceOption, _ field: FieldRules,
        _ context: Context
    ) -> Bool {
        field.optionsFilter.map { $0.expr.holds(OptionContext(base: context, option: option)) } ?? true
    }

    /// Whether an option with this value exists and the `options_filter` (if any) keeps it.
    private func isOffered<Context: EvaluationContext>(
        option value: Value, _ field: FieldRules,
        _ context: Context
    ) -> Bool {
        if runtimeOptions.isEmpty || runtimeOptions[field.id] == nil, let table = optionTables[field.id.index] {
            switch table.lookup(value, of: field) {
            case .none: return false
            case .index(let index):
                return isOffered(field.options[index], field, context)
            case .unknown: break
            }
        }
        guard let filter = field.optionsFilter else { return options(of: field).contains { $0.value == value } }
        return options(of: field).contains { $0.value == value && filter.expr.holds(OptionContext(base: context, option: $0)) }
    }

    /// Evaluates one of the field's expressions; a regex limit or an arithmetic overflow inside
    /// it is a failure that names `rule` (by default, the expression's own rule as written).
    func evaluate<Context: EvaluationContext>(
        _ expression: WrittenExpression, rule: @autoclosure () -> String? = nil,
        _ context: Context, _ failures: inout [Failure]
    ) -> Value? {
        var trouble: EvaluationTrouble = []
        let value = withUnsafeMutablePointer(to: &trouble) { trouble in
            expression.expr.evaluate(TroubleWatch(base: context, trouble: trouble))
        }
        if !trouble.isEmpty {
            let rule = rule() ?? expression.rule
            if trouble.contains(.regexLimit) { failures.append(.expressionLimit(rule: rule)) }
            if trouble.contains(.overflow) { failures.append(.overflow(rule: rule)) }
        }
        return value
    }

    /// Whether one of the field's conditions holds.
    func holds<Context: EvaluationContext>(
        _ condition: WrittenExpression, rule: @autoclosure () -> String? = nil,
        _ context: Context, _ failures: inout [Failure]
    ) -> Bool {
        if let holds = condition.holdsByShape(context) { return holds }
        return evaluate(condition, rule: rule(), context, &failures) == .bool(true)
    }
}
