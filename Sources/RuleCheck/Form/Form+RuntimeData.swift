/// What a server adds to a form at run time: options it sends, and issues it found on submit.
extension Form {
    /// Gives a choice or multi_choice field the options a server sent, in place of the rules'
    /// (for every item of a list's field). They take part in the DAG like any options: a value
    /// no longer offered is cleared, and what depends on it follows.
    ///
    /// ```swift
    /// try form.setOptions("model", [ChoiceOption(value: "vesta", title: "Vesta"), ChoiceOption(value: "granta")])
    /// ```
    ///
    /// - Throws: ``FormError`` for an unknown path or a field that is not a choice.
    @discardableResult
    public mutating func setOptions(_ path: String, _ options: [ChoiceOption]) throws(FormError) -> ChangeSet {
        let field = rules.fields[try slot(path).field.index]
        guard field.type == .choice || field.type == .multiChoice else {
            throw FormError(.typeMismatch, "'\(path)' is a \(field.type) field, not a choice: it has no options")
        }
        return try perform("options \(field.path)") { form, record throws(FormError) in
            form.evaluator.runtimeOptions[field.id] = options
            for slot in form.slots(of: field) {
                record.touch(slot, form)
                record.seeds.append(slot)
            }
        }
    }

    /// Attaches issues a server reported for a field's current value (say, after submit); they
    /// show like the rules' own issues (code ``IssueCode/external``) and go when the value
    /// changes or the field is hidden. An empty list removes them.
    ///
    /// ```swift
    /// try form.setExternalIssues("email", ["this address is already registered"])
    /// ```
    ///
    /// - Throws: ``FormError`` for an unknown path.
    @discardableResult
    public mutating func setExternalIssues(_ path: String, _ messages: [String]) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        let field = rules.fields[slot.field.index]
        let issues = messages.map { message in
            FieldIssue(
                code: .external, message: evaluator.messages.message(.external, ["title": field.title(in: locale), "message": message]),
                rule: "external")
        }
        return try perform("external issues \(path)") { form, record throws(FormError) in
            record.touch(slot, form)
            form.states[slot].issues = form.states[slot].issues.filter { $0.code != .external } + issues
            record.seeds.append(slot)
        }
    }

    /// Every slot of a field: one, or one per item of its list.
    func slots(of field: FieldRules) -> [Slot] {
        guard let list = field.list else { return [Slot(field.id)] }
        return (0..<values.itemCount(of: list)).map { Slot(field.id, item: $0) }
    }
}
