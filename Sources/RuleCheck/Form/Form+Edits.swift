/// Edits of single fields: set, clear, suggest, reset.
extension Form {
    /// Sets the value of a field, as the user does.
    ///
    /// ```swift
    /// let changes = try form.set("doc_type", to: "passport")
    /// changes.values["doc_number"]      // .some(nil): cleared because it depends on doc_type
    /// ```
    ///
    /// The value must be of the field's type (`.number` for number and integer fields, `.date`
    /// for dates, an offered option for choices); empty text counts as empty. Setting the value
    /// a field already has changes nothing. Then every field that `depends_on` it is cleared
    /// (transitively), and everything downstream is re-evaluated.
    ///
    /// - Throws: ``FormError`` for an unknown path, a group or list, a computed or disabled
    ///   field, a hidden field (under `hidden_values: clear`), or a value of the wrong type or
    ///   not on offer. The form is then unchanged.
    @discardableResult
    public mutating func set(_ path: String, to value: Value?) throws(FormError) -> ChangeSet {
        try edit(path, value: value, provenance: .user)
    }

    /// Sets a field from text, read as a batch check reads a CSV cell: numbers in plain decimal,
    /// dates in the field's format, bools as true/false, yes/no or 1/0.
    @discardableResult
    public mutating func set(_ path: String, text: String) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        let field = rules.fields[slot.field.index]
        switch ValueReader.read(text: text, for: field, options: evaluator.options(of: field), locale: evaluator.numbers) {
        case .success(let value): return try edit(path, value: value, provenance: .user)
        case .failure(let failure):
            throw typeRefusal(failure.failure, field, value: text, path: path)
        }
    }

    /// Empties a field, as the user does.
    @discardableResult
    public mutating func clear(_ path: String) throws(FormError) -> ChangeSet {
        try edit(path, value: nil, provenance: .cleared(.user, edit: "clear \(path)"))
    }

    /// Fills a field with a suggested value (one fetched from a server, say) without disturbing
    /// the user: a value the user entered is never overwritten, but a field that is empty — never
    /// filled, or cleared by the user — is filled whenever the user is not typing in it (it does
    /// not have the focus).
    ///
    /// - Returns: the changes; empty when the user's own entry wins.
    @discardableResult
    public mutating func suggest(_ path: String, _ value: Value?) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        let status = states[slot]
        if status.provenance.isUserEdited, values[slot] != nil || status.interaction == .editing { return ChangeSet() }
        return try edit(path, value: value, provenance: .suggestion)
    }

    /// Restores every field's initial value and removes every list item.
    @discardableResult
    public mutating func reset() -> ChangeSet {
        let previous = self
        values = SlotTable(layout: rules.layout, blank: nil)
        states = SlotTable(layout: rules.layout, blank: .absent)
        typedInputs = [:]
        for field in rules.fields where field.list == nil {
            setState(initialState(field), Slot(field.id))
        }
        recomputeAll(changed: [], edit: nil)
        recountValidity()
        currentPageIndex = firstShownPage(from: 0, step: 1) ?? (rules.pages.isEmpty ? -1 : 0)
        return difference(from: previous)
    }

    private mutating func edit(_ path: String, value: Value?, provenance: FieldState.Provenance) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        let field = rules.fields[slot.field.index]
        let current = state(slot)
        try checkEditable(field, current, path: path, provenance: provenance)
        let normalized = try normalize(value, for: field, slot: slot, path: path)
        if normalized != nil && !current.isVisible && rules.hiddenValues == .clear {
            throw refusal(.hiddenField, "hidden_field", ["field": path])
        }
        let verb =
            switch provenance {
            case .suggestion: "suggest"
            case .cleared: "clear"
            default: "set"
            }
        return try perform("\(verb) \(path)") { form, record throws(FormError) in
            var state = current
            state.provenance =
                normalized == nil && provenance == .user
                ? .cleared(.user, edit: "set \(path)") : provenance
            let wasTyped = !form.typedInputs.isEmpty && form.typedInputs[slot] != nil
            guard normalized != current.value || wasTyped else {
                // The same value again changes nothing but who entered it.
                form.setState(state, slot)
                return
            }
            if wasTyped {
                // A value set as a whole replaces what was being typed.
                form.typedInputs[slot] = nil
                form.typedChanged.insert(slot)
                state.holdsTypeIssue = false
            }
            record.touch(slot, form)
            state.value = normalized
            form.setState(state, slot)
            record.seeds.append(slot)
            if normalized != current.value { record.changed.insert(slot) }
        }
    }

    /// `value` as the field's type, or a ``FormError``: read by ``ValueReader/read(value:for:options:)``,
    /// the one table of which value a field takes, so that a form takes what a record takes.
    func normalize(_ value: Value?, for field: FieldRules, slot: Slot, path: String) throws(FormError) -> Value? {
        // Empty text or an empty list is no value (where empty values are not values); a json
        // field's text is any JSON string, the empty one too.
        guard let given = field.type == .json ? value : value.flatMap({ ValueReader.kept($0, field) }) else { return nil }
        let read: Value?
        switch ValueReader.read(value: given, for: field, options: evaluator.options(of: field)) {
        case .success(let value): read = value
        case .failure(let unreadable): throw refusal(of: given, unreadable.failure, field, path: path)
        }
        guard let read else { return nil }
        if field.optionsFilter != nil && !withContext(slot, { evaluator.isOffered(read, field, $0) }) {
            throw refusal(.notAnOption, "not_an_option.offered", ["value": read.description, "field": path])
        }
        return read
    }

    /// The error of setting `value`, which the field does not take (`failure`).
    private func refusal(of value: Value, _ failure: Failure, _ field: FieldRules, path: String) -> FormError {
        if field.type == .json {
            return typeRefusal(.type(.jsonTypes(field.jsonTypes ?? .all)), field, value: value.description, path: path)
        }
        if case .option = failure {
            return refusal(
                .notAnOption, field.type == .multiChoice ? "not_an_option.list" : "not_an_option",
                ["value": value.description, "field": path])
        }
        return refusal(
            .typeMismatch, "type_mismatch", ["value": value.description, "type": evaluator.messages.typeName(field.type), "field": path])
    }

    // MARK: - Paths

    /// The slot at `path`: `doc_number`, `insurant.birth_date`, `drivers[0].birth_date`, and in a
    /// list inside a list's item `drivers[0].violations[1].code` (each index within its item).
    func slot(_ path: String) throws(FormError) -> Slot {
        // Each `[i]` steps into an item: of a form-level list, then of the list inside that item.
        var list: FieldRules?
        var item = -1
        var plain = ""
        var rest = Substring(path)
        // Most paths name no item: one pass over the bytes spares them the search by characters.
        let namesItems = path.utf8.contains(UInt8(ascii: "["))
        while namesItems, let open = rest.firstIndex(of: "[") {
            let listPath = plain + rest[..<open]
            guard let close = rest[open...].firstIndex(of: "]"), let index = Int(rest[rest.index(after: open)..<close]),
                let inner = rules.field(listPath), inner.type == .list, inner.list == list?.id
            else { throw unknownField(path) }
            let items = values.items(ordinal: rules.listOrdinal[inner.id.index], owner: item)
            guard (0..<items.count).contains(index) else {
                let shown = list == nil ? listPath : String(path[..<open])
                throw indexOutOfRange(shown, count: items.count, index: index)
            }
            (list, item, plain) = (inner, items.lowerBound + index, listPath)
            rest = rest[rest.index(after: close)...]
            guard rest.first == "." else { throw unknownField(path) }
        }
        guard let field = rules.field(namesItems ? plain + rest : path) else { throw unknownField(path) }
        if let owner = field.list, owner != list?.id {
            let listPath = rules.fields[owner.index].path
            // How the item would be named: the indices already written, then `[0]` for the rest.
            let written = list.map { String(path.prefix(path.count - rest.count)) + listPath.dropFirst($0.path.count) } ?? listPath
            throw refusal(
                .unknownField, "unknown_field.item",
                ["field": path, "list": written, "example": "\(written)[0]\(field.path.dropFirst(listPath.count))"])
        }
        return Slot(field.id, item: item)
    }
}
