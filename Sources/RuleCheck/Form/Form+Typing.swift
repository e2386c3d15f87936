import Patterns

/// Typing into a field as a text box does: the field's mask (or its date format) applied to each
/// keystroke, the caret moved, and what the text stands for stored as the value.
extension Form {
    /// The user typed: `text` is what the field's text box holds now, `caret` where the caret is
    /// in it, in UTF-16 code units as UIKit and browsers count (`nil`: at the end).
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
    /// * **text with a mask** (its own, or the mask of a check whose `when` holds: see
    ///   ``FieldMetadata/mask``): the mask formats the text (alternatives, digits of other
    ///   scripts as 0–9, the caret moved over fixed characters; a character no position takes is
    ///   dropped and the rest kept) and the value is the formatted text, or the extracted value
    ///   under `mask_value: extracted`; the `mask` issue of a partial value is held back while
    ///   the field is edited;
    /// * **text**: the text as typed;
    /// * **date**: a fixed-width format (`dd.MM.yyyy`) works as the mask `00.00.0000`; the value
    ///   is the day once the text is a real one — of the field's `calendar:` (`1403/05/12` is
    ///   2024-08-02 under `calendar: persian`); until then the field is empty and has a `type`
    ///   issue, held back while the text may still become a date (`12.05.`);
    /// * **number, integer**: the text is kept as typed (`12.50`, `12,5` in French, `۱۲٫۵` in
    ///   Persian); the value is its number, read as the form's locale writes numbers; a
    ///   beginning such as `-`, `12.` or `1 2` is partial, anything else (`12a`) invalid;
    /// * **bool, choice, multi_choice**: read as ``set(_:text:)`` reads them.
    ///
    /// ``input(_:)`` holds the formatted text, the caret and the state until
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
        let mask = maskNow(of: field, item: slot.item)
        // A limit, never a silent cut: a mask longer than it can still be typed to its end.
        // (A mask's notation has a character at least for each position.)
        let limit = max(
            Self.maxTypedScalars, mask.map { ([$0.notation] + $0.alternatives).map(\.unicodeScalars.count).max() ?? 0 } ?? 0)
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= limit else {
            throw refusal(.textTooLong, "text_too_long", ["field": path, "length": String(scalars.count), "limit": String(limit)])
        }
        let (value, typed) = try read(
            typed: text, caret: Self.scalarOffset(utf16: caret, in: scalars),
            for: field, mask: mask, path: path)
        let normalized = try normalize(value, for: field, slot: slot, path: path)
        if normalized != nil && !current.isVisible && rules.hiddenValues == .clear {
            throw refusal(.hiddenField, "hidden_field", ["field": path])
        }
        return try perform("type \(path)") { form, record throws(FormError) in
            record.touch(slot, form)
            var state = current
            state.provenance = normalized == nil ? .cleared(.user, edit: "type \(path)") : .user
            state.value = normalized
            state.holdsTypeIssue = typed.isFixable
            form.setState(state, slot)
            form.typedInputs[slot] = typed
            form.typedChanged.insert(slot)
            record.seeds.append(slot)
            if normalized != current.value { record.changed.insert(slot) }
        }
    }

    /// The most a keystroke's text may hold (or a field's mask, when longer): longer text (a
    /// paste) is refused with ``FormError/Code/textTooLong``; set the value instead.
    public static let maxTypedScalars = 512

    /// The value typed text stands for, and the input to keep; `caret` in Unicode scalars (the
    /// input's caret is in UTF-16 code units).
    private func read(
        typed text: String, caret: Int, for field: FieldRules, mask: Mask?,
        path: String
    ) throws(FormError) -> (Value?, TypedInput) {
        switch field.type {
        case .text:
            guard let mask else {
                // `digits: fold`: shown as typed, stored with 0–9.
                return (.text(ValueReader.maskedText(text, field)), Self.typed(text, caret, .complete))
            }
            let result = mask.format(text, caret: caret, droppingRefused: true)
            // What the mask took is always a beginning of a value: its `mask` issue says the rest.
            return (
                .text(field.maskValue == .extracted ? result.raw : result.text),
                Self.typed(result.text, result.caret, FieldInput.State(result.state))
            )
        case .date:
            return readDate(text, caret: caret, field)
        case .number, .integer:
            switch ValueReader.read(text: text, for: field, options: evaluator.options(of: field), locale: evaluator.numbers) {
            case .success(let value):
                return (value, Self.typed(text, caret, text.isEmpty ? .partial : .complete))
            case .failure(let unreadable):
                let prefix = NumberText.couldBecome(
                    text, digits: field.digits, locale: evaluator.numbers, whole: field.type == .integer)
                return (
                    nil,
                    Self.typed(
                        text, caret, prefix ? .partial : .invalid, failure: unreadable.failure,
                        isFixable: prefix)
                )
            }
        case .bool, .choice, .multiChoice, .values:
            switch ValueReader.read(text: text, for: field, options: evaluator.options(of: field), locale: evaluator.numbers) {
            case .success(let value): return (value, Self.typed(text, caret, .complete))
            case .failure(let unreadable):
                // Typed text is never `not_an_option`: it may be a beginning of one.
                let messages = evaluator.messages
                let expected = if case .type(let kind) = unreadable.failure { messages.phrase(kind) } else { messages.optionPhrase }
                throw refusal(.typeMismatch, "type_mismatch.expected", ["value": text, "expected": expected, "field": path])
            }
        case .json:
            // The JSON the text reads as, else the text as a string; a value of a type the field
            // does not take may still become one as typing goes on (`[1, ` before `[1, 2]`).
            switch ValueReader.read(text: text, for: field, locale: evaluator.numbers) {
            case .success(let value): return (value, Self.typed(text, caret, text.isEmpty ? .partial : .complete))
            case .failure(let unreadable):
                return (nil, Self.typed(text, caret, .partial, failure: unreadable.failure, isFixable: true))
            }
        case .file:
            throw refusal(.typeMismatch, "type_mismatch.file", ["field": path])
        case .group, .list:
            throw refusal(.notAValueField, "not_a_value_field", ["field": path, "type": evaluator.messages.typeName(field.type)])
        }
    }

    private func readDate(_ text: String, caret: Int, _ field: FieldRules) -> (Value?, TypedInput) {
        var shown = text, newCaret = caret
        if let mask = PartialText.mask(for: field.dateFormat, digits: field.digits) {
            let result = mask.format(text, caret: caret, droppingRefused: true)
            (shown, newCaret) = (result.text, result.caret)
        }
        if shown.isEmpty { return (nil, Self.typed(shown, newCaret, .partial, isFixable: true)) }
        if let day = field.dateFormat.parse(shown, digits: field.digits, calendar: field.calendar) {
            return (.date(day), Self.typed(shown, newCaret, .complete))
        }
        let prefix = PartialText.couldBecomeADate(shown, field.dateFormat, digits: field.digits)
        return (
            nil,
            Self.typed(
                shown, newCaret, prefix ? .partial : .invalid,
                failure: .type(.date(format: field.dateFormat.pattern)), isFixable: prefix)
        )
    }

    /// The input kept for typed text; `caret` in Unicode scalars, kept in UTF-16 code units.
    private static func typed(
        _ text: String, _ caret: Int, _ state: FieldInput.State, failure: Failure? = nil,
        isFixable: Bool = false
    ) -> TypedInput {
        TypedInput(
            FieldInput(text: text, caret: utf16Offset(scalars: caret, in: text), state: state),
            failure: failure, isFixable: isFixable)
    }

    /// A caret given in UTF-16 code units as an offset in Unicode scalars (the end for `nil`; a
    /// caret inside a surrogate pair goes after the pair).
    private static func scalarOffset(utf16 caret: Int?, in scalars: [Unicode.Scalar]) -> Int {
        guard let caret else { return scalars.count }
        var units = 0
        for (offset, scalar) in scalars.enumerated() {
            if units >= caret { return offset }
            units += UTF16.width(scalar)
        }
        return scalars.count
    }

    /// An offset in Unicode scalars as UTF-16 code units of `text`.
    private static func utf16Offset(scalars offset: Int, in text: String) -> Int {
        text.unicodeScalars.prefix(max(offset, 0)).reduce(0) { $0 + UTF16.width($1) }
    }

    /// What the field's text box holds after ``type(_:text:caret:)``: the formatted text, where
    /// the caret goes and whether the text is a value yet; `nil` when the value was not typed
    /// (set, cleared, computed, restored) — a screen then shows ``displayText(_:)``.
    ///
    /// ```swift
    /// try form.type("phone", text: "916", caret: 3)
    /// form.input("phone")     // FieldInput(text: "+7 (916", caret: 7, state: .partial)
    /// ```
    public func input(_ path: String) -> FieldInput? {
        guard !typedInputs.isEmpty, let slot = try? slot(path) else { return nil }
        return typedInputs[slot]?.input
    }

    /// Moves the typed text of a list's item fields with their items (`item` → its new index,
    /// `nil` for a removed item), and that of the items of lists inside them as `renumbering`
    /// says; the ChangeSet reports the paths whose text changed.
    mutating func moveTypedInputs(
        of list: FieldRules, _ renumbering: SlotTable<Value?>.Renumbering, _ newItem: (Int) -> Int?
    ) {
        guard !typedInputs.isEmpty else { return }
        let members = Set(list.members)
        var moved: [Slot: TypedInput] = [:]
        for (slot, typed) in typedInputs {
            let ordinal = rules.fields[slot.field.index].list.map { rules.listOrdinal[$0.index] } ?? -1
            if ordinal >= 0, renumbering.maps[ordinal] != nil {
                typedChanged.insert(slot)
                if let item = renumbering.newIndex(slot.item, ordinal: ordinal) {
                    moved[Slot(slot.field, item: item)] = typed
                    typedChanged.insert(Slot(slot.field, item: item))
                }
                continue
            }
            guard members.contains(slot.field) else {
                moved[slot] = typed
                continue
            }
            typedChanged.insert(slot)
            if let item = newItem(slot.item) {
                moved[Slot(slot.field, item: item)] = typed
                typedChanged.insert(Slot(slot.field, item: item))
            }
        }
        typedInputs = moved
    }

    /// Throws unless the user may edit the field (as ``set(_:to:)`` and the other edits check).
    func checkEditable(
        _ field: FieldRules, _ current: FieldState, path: String,
        provenance: FieldState.Provenance
    ) throws(FormError) {
        guard field.type.holdsValue else {
            throw refusal(.notAValueField, "not_a_value_field", ["field": path, "type": evaluator.messages.typeName(field.type)])
        }
        guard field.computed == nil else {
            throw refusal(.computedField, "computed_field", ["field": path])
        }
        guard current.isEnabled || provenance == .suggestion else {
            throw refusal(.disabledField, "disabled_field", ["field": path])
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
