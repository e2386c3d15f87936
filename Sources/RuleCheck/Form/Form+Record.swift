/// A form's values as one nested JSON record — groups as objects, lists as arrays of item
/// objects, dates in each field's format — the shape a server expects and the shape
/// `rulecheck check` reads from JSON Lines, so that what a form sends is checked on submit by the
/// same rules in the same way.
extension Form {
    /// The values as a nested JSON record; empty fields are left out.
    ///
    /// ```swift
    /// form.record    // ["doc_type": "passport", "insurant": ["birth_date": "1990-02-01"], "drivers": [[…]]]
    /// ```
    public var record: JSONObject {
        values.record(rules)
    }

    /// A form filled from a nested JSON record (as ``record`` writes it, or as a server sends
    /// it): every value that can be read is set as the user's; keys no field has, and values of
    /// the wrong type or not among the options, are returned as the violations a batch check
    /// reports for them (`unknown_column`, `type`, `option`).
    public static func filled(
        _ rules: RuleSet, record: JSONObject, today: Day = .today(),
        locale: String? = nil
    ) -> (form: Form, dropped: [Violation]) {
        let checker = RecordChecker(rules, today: today, locale: locale)
        var reader = RecordEvaluator(checker: checker)
        reader.read(json: record)
        return filled(rules, reader: reader, checker: checker, today: today, locale: locale)
    }

    /// ``filled(_:record:today:locale:)`` within a budget: the record's list items are counted
    /// as it is read, before the form is made, and the form made is measured.
    ///
    /// ```swift
    /// let (form, dropped) = try Form.filled(rules, record: record, budget: FormBudget(maxItems: 1_000))
    /// ```
    ///
    /// - Throws: ``FormLimitError`` when the form would hold more than `budget` allows.
    public static func filled(
        _ rules: RuleSet, record: JSONObject, today: Day = .today(), locale: String? = nil,
        budget: FormBudget
    ) throws(FormLimitError) -> (form: Form, dropped: [Violation]) {
        let checker = RecordChecker(rules, today: today, locale: locale)
        var reader = RecordEvaluator(checker: checker)
        reader.read(json: record)
        try budget.check(items: rules.lists.reduce(0) { $0 + reader.values.itemCount(of: $1) })
        let filled = filled(rules, reader: reader, checker: checker, today: today, locale: locale)
        if budget.maxBytes != nil { try budget.check(filled.form.footprint) }
        return filled
    }

    /// The form of a record `reader` has read. The record is read once: its violations are those
    /// of a copy of `reader` (what ``RecordChecker/check(json:)`` would read again), and the form
    /// takes the values as read.
    private static func filled(
        _ rules: RuleSet, reader: RecordEvaluator, checker: RecordChecker, today: Day, locale: String?
    ) -> (form: Form, dropped: [Violation]) {
        var checking = reader
        let violations = checking.finish(reportingUnknownKeys: false)
        let dropped =
            reader.unknownKeys.map { checker.violation(for: .unknownKey($0)) }
            + violations.filter { $0.code == .type || $0.code == .option }
        var form = Form(rules, today: today, locale: locale)
        for list in rules.lists {
            let ordinal = rules.listOrdinal[list.index]
            let fresh = rules.fields[list.index].members.map { form.initialState(rules.fields[$0.index]) }
            form.states.resetItems(ordinal: ordinal, count: 0)
            // Outer lists come first: a nested list's items go into the outer items read.
            let nested = rules.fields[list.index].list != nil
            for item in 0..<reader.values.itemCount(of: list) {
                let owner = nested ? reader.values.owner(ofItem: item, ordinal: ordinal) : -1
                form.states.insertItem(fresh.map(\.status), ordinal: ordinal, at: item, owner: owner)
            }
        }
        form.values = reader.values
        // A group or list the record gave as an object or array keeps it (`empty_values:
        // present`): `{}` and `[]` are there, so their checks run in the form as in the checker.
        for slot in form.allSlots() where !rules.fields[slot.field.index].isComputed {
            form.states[slot].provenance = form.values[slot] == nil ? .empty : .user
        }
        form.recomputeAll(changed: [], edit: nil)
        form.recountValidity()
        form.currentPageIndex = form.firstShownPage(from: 0, step: 1) ?? (rules.pages.isEmpty ? -1 : 0)
        return (form, dropped)
    }
}
