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
        switch ValueReader.read(text: text, for: field, options: evaluator.options(of: field)) {
        case .success(let value): return try edit(path, value: value, provenance: .user)
        case .failure(let failure):
            throw failure.formError(written: "'\(text)'", path: path)
        }
    }

    /// Empties a field, as the user does.
    @discardableResult
    public mutating func clear(_ path: String) throws(FormError) -> ChangeSet {
        try edit(path, value: nil, provenance: .cleared(.user, edit: "clear \(path)"))
    }

    /// Fills a field with a suggested value (one fetched from a server, say) — only while the
    /// user has not edited the field; a value the user entered or cleared is never overwritten.
    ///
    /// - Returns: the changes; empty when the user's own entry wins.
    @discardableResult
    public mutating func suggest(_ path: String, _ value: Value?) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        if state(slot).provenance.isUserEdited { return ChangeSet() }
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

    private mutating func edit(_ path: String, value: Value?, provenance: Provenance) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        let field = rules.fields[slot.field.index]
        let current = state(slot)
        try checkEditable(field, current, path: path, provenance: provenance)
        let normalized = try normalize(value, for: field, slot: slot, path: path)
        if normalized != nil && !current.isVisible && rules.hiddenValues == .clear {
            throw FormError(.hiddenField, "'\(path)' is hidden, and hidden fields hold no value (hidden_values: clear)")
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

    /// `value` as the field's type, or a ``FormError``.
    func normalize(_ value: Value?, for field: FieldRules, slot: Slot, path: String) throws(FormError) -> Value? {
        if field.type == .json {
            // Any JSON value, held to the field's json_types.
            guard let value else { return nil }
            guard let json = ValueReader.anyValue(value.json), field.jsonTypes?.admits(json) ?? true, value.date == nil else {
                throw FormError(
                    .typeMismatch, "'\(value)' is not \(MessageBuilder.english.phrase(.jsonTypes(field.jsonTypes ?? .all))) for '\(path)'")
            }
            return json
        }
        guard var value = value.flatMap({ ValueReader.kept($0, field) }) else { return nil }
        if case .text(let text) = value { value = .text(ValueReader.maskedText(text, field)) }
        if field.itemType == .json, case .list(let items) = value { value = .list(items.map { ValueReader.anyElement($0.json) }) }
        if field.letters != .exact {
            // `letters: arabic_variants`: a choice's text names its option (كرج is کرج); the option's own value is kept.
            let options = evaluator.options(of: field)
            switch (field.type, value) {
            case (.choice, .text): value = field.letters.option(value, among: options) ?? value
            case (.multiChoice, .list(let values)): value = .list(values.map { field.letters.option($0, among: options) ?? $0 })
            default: break
            }
        }
        let fits: Bool
        switch (field.type, value) {
        case (.text, .text), (.number, .number), (.number, .decimal), (.date, .date), (.bool, .bool):
            fits = true
        case (.integer, .number), (.integer, .decimal):
            fits = value.isWholeNumber
        case (.choice, _):
            fits = evaluator.options(of: field).contains { $0.value == value }
            if !fits { throw FormError(.notAnOption, "'\(value)' is not an option of '\(path)'") }
        case (.values, .list(let values)):
            fits = values.allSatisfy { Self.fits($0, field.itemType ?? .text) }
        case (.file, .list):
            fits = value.files != nil
        case (.multiChoice, .list(let values)):
            let options = evaluator.options(of: field)
            fits = values.allSatisfy { value in options.contains { $0.value == value } }
            if !fits { throw FormError(.notAnOption, "'\(value)' are not all options of '\(path)'") }
        default:
            fits = false
        }
        guard fits else {
            throw FormError(
                .typeMismatch, "'\(value)' is not a valid \(field.type == .integer ? "whole number" : field.type.rawValue) for '\(path)'")
        }
        if field.optionsFilter != nil && !withContext(slot, { evaluator.isOffered(value, field, $0) }) {
            throw FormError(.notAnOption, "'\(value)' is not among the options offered for '\(path)' now")
        }
        return value
    }

    /// Whether a value of a `values` field is of its item type.
    private static func fits(_ value: Value, _ type: FieldType) -> Bool {
        switch (type, value) {
        case (.text, .text), (.number, .number), (.number, .decimal), (.date, .date), (.bool, .bool): true
        case (.integer, .number), (.integer, .decimal): value.isWholeNumber
        case (.json, let value): value.date == nil
        default: false
        }
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
            else { throw unknown(path) }
            let items = values.items(ordinal: rules.listOrdinal[inner.id.index], owner: item)
            guard (0..<items.count).contains(index) else {
                let shown = list == nil ? listPath : String(path[..<open])
                throw FormError(.indexOutOfRange, "'\(shown)' has \(items.count) items; there is no item \(index)")
            }
            (list, item, plain) = (inner, items.lowerBound + index, listPath)
            rest = rest[rest.index(after: close)...]
            guard rest.first == "." else { throw unknown(path) }
        }
        guard let field = rules.field(namesItems ? plain + rest : path) else { throw unknown(path) }
        if let owner = field.list, owner != list?.id {
            let listPath = rules.fields[owner.index].path
            // How the item would be named: the indices already written, then `[0]` for the rest.
            let written = list.map { String(path.prefix(path.count - rest.count)) + listPath.dropFirst($0.path.count) } ?? listPath
            throw FormError(
                .unknownField,
                "'\(path)' is a field of each item of '\(written)'; name an item, as in \(written)[0]\(field.path.dropFirst(listPath.count))"
            )
        }
        return Slot(field.id, item: item)
    }

    private func unknown(_ path: String) -> FormError {
        let plain = path.replacing(/\[\d+\]/, with: "")
        let suggestion = NearMiss.didYouMean(plain, among: rules.fields.map(\.path))
        return FormError(.unknownField, "no field '\(path)'\(suggestion)")
    }
}
