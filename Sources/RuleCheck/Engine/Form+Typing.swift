import Patterns

/// Typing into a field as a text box does: the field's mask (or its date format) applied to each
/// keystroke, the caret moved, and what the text stands for stored as the value.
extension Form {
    /// The user typed: `text` is what the field's text box holds now, `caret` where the caret is
    /// in it (Unicode scalars; `nil`: at the end).
    ///
    /// ```swift
    /// try form.focus("phone")
    /// let changes = try form.type("phone", text: "916", caret: 3)
    /// changes.inputs["phone"]      // FieldInput(text: "+7 (916", caret: 7, state: .partial)
    /// form["phone"].value          // "+7 (916": the mask's partial value
    /// form["phone"].shownIssues    // []: a partial value is not an error while editing
    /// ```
    ///
    /// By the field's type:
    /// * **text with a mask**: the mask formats the text (alternatives, digits of other scripts
    ///   as 0–9, the caret moved over fixed characters; a refused character is dropped) and the
    ///   value is the formatted text, or the extracted value under `mask_value: extracted`; the
    ///   `mask` issue of a partial value is held back while the field is edited;
    /// * **text**: the text as typed;
    /// * **date**: a fixed-width format (`dd.MM.yyyy`) works as the mask `00.00.0000`; the value
    ///   is the day once the text is a real one; until then the field is empty and has a `type`
    ///   issue, held back while the text may still become a date (`12.05.`);
    /// * **number, integer**: the text is kept as typed (`12.50`); the value is its number; a
    ///   beginning such as `-` or `12.` is partial, anything else (`12a`) invalid;
    /// * **bool, choice, multi_choice**: read as ``set(_:text:)`` reads them.
    ///
    /// The field's ``FieldState/input`` holds the formatted text, the caret and the state until
    /// another edit sets the value; the ChangeSet has it under ``ChangeSet/inputs``.
    ///
    /// - Throws: ``FormError`` as ``set(_:to:)`` does; for bool and choice fields, also for text
    ///   that is no value of theirs.
    @discardableResult
    public mutating func type(_ path: String, text: String, caret: Int? = nil) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        let field = rules.fields[slot.field.index]
        let current = state(slot)
        try checkEditable(field, current, path: path, provenance: .user)
        let (value, typed) = try read(typed: text, caret: caret, for: field, path: path)
        let normalized = try normalize(value, for: field, slot: slot, path: path)
        if normalized != nil && !current.isVisible && rules.hiddenValues == .clear {
            throw FormError(.hiddenField, "'\(path)' is hidden, and hidden fields hold no value (hidden_values: clear)")
        }
        return try perform("type \(path)") { form, record throws(FormError) in
            record.touch(slot, form)
            var state = current
            state.provenance = normalized == nil ? .cleared(.user, edit: "type \(path)") : .user
            state.value = normalized
            state.typed = typed
            form.setState(state, slot)
            record.seeds.append(slot)
            if normalized != current.value { record.changed.insert(slot) }
        }
    }

    /// The value typed text stands for, and the input to keep.
    private func read(typed text: String, caret: Int?, for field: FieldRules,
                      path: String) throws(FormError) -> (Value?, TypedInput) {
        let length = text.unicodeScalars.count
        let caret = min(max(caret ?? length, 0), length)
        switch field.type {
        case .text:
            guard let mask = field.mask else {
                return (.text(text), TypedInput(FieldInput(text: text, caret: caret, state: .complete), failure: nil, isFixable: false))
            }
            let result = mask.format(text, caret: caret)
            let input = FieldInput(text: result.text, caret: result.caret, state: FieldInput.State(result.state))
            // What the mask took is always a beginning of a value: its `mask` issue says the rest.
            return (.text(field.maskValue == .extracted ? result.raw : result.text),
                    TypedInput(input, failure: nil, isFixable: false))
        case .date:
            return readDate(text, caret: caret, field)
        case .number, .integer:
            return readNumber(text, caret: caret, field)
        case .bool, .choice, .multiChoice:
            switch ValueReader.read(text: text, for: field) {
            case .success(let value):
                return (value, TypedInput(FieldInput(text: text, caret: caret, state: .complete), failure: nil, isFixable: false))
            case .failure(let failure):
                throw FormError(.typeMismatch, "'\(text)' is not \(failure.expected) for '\(path)'")
            }
        case .group, .list:
            throw FormError(.notAValueField, "'\(path)' is a \(field.type) and has no value of its own")
        }
    }

    private func readDate(_ text: String, caret: Int, _ field: FieldRules) -> (Value?, TypedInput) {
        var shown = text, newCaret = caret
        var refused = false
        if let mask = PartialText.mask(for: field.dateFormat, digits: field.digits) {
            let result = mask.format(text, caret: caret)
            (shown, newCaret, refused) = (result.text, result.caret, result.state == .invalid)
        }
        let expected = Failure.type(.date(format: field.dateFormat.pattern))
        if shown.isEmpty {
            return (nil, TypedInput(FieldInput(text: shown, caret: newCaret, state: refused ? .invalid : .partial),
                                    failure: nil, isFixable: true))
        }
        if let day = field.dateFormat.parse(shown, digits: field.digits) {
            return (.date(day), TypedInput(FieldInput(text: shown, caret: newCaret, state: refused ? .invalid : .complete),
                                           failure: nil, isFixable: false))
        }
        let prefix = PartialText.couldBecomeADate(shown, field.dateFormat, digits: field.digits)
        let state: FieldInput.State = prefix && !refused ? .partial : .invalid
        return (nil, TypedInput(FieldInput(text: shown, caret: newCaret, state: state), failure: expected, isFixable: prefix))
    }

    private func readNumber(_ text: String, caret: Int, _ field: FieldRules) -> (Value?, TypedInput) {
        switch ValueReader.read(text: text, for: field) {
        case .success(let value):
            return (value, TypedInput(FieldInput(text: text, caret: caret, state: text.isEmpty ? .partial : .complete),
                                      failure: nil, isFixable: false))
        case .failure(let unreadable):
            let prefix = PartialText.couldBecomeANumber(text, digits: field.digits, whole: field.type == .integer)
            return (nil, TypedInput(FieldInput(text: text, caret: caret, state: prefix ? .partial : .invalid),
                                    failure: unreadable.failure, isFixable: prefix))
        }
    }

    /// Throws unless the user may edit the field (as ``set(_:to:)`` and the other edits check).
    func checkEditable(_ field: FieldRules, _ current: FieldState, path: String,
                       provenance: Provenance) throws(FormError) {
        guard field.type.holdsValue else {
            throw FormError(.notAValueField, "'\(path)' is a \(field.type) and has no value of its own")
        }
        guard field.computed == nil else {
            throw FormError(.computedField, "'\(path)' is computed by its value expression and cannot be set")
        }
        guard current.isEnabled || provenance == .suggestion else {
            throw FormError(.disabledField, "'\(path)' is disabled")
        }
    }
}

private extension FieldInput.State {
    init(_ state: MaskResult.State) {
        switch state {
        case .complete: self = .complete
        case .partial: self = .partial
        case .invalid: self = .invalid
        }
    }
}
