/// Walking a form as a UI does: fields in order, the next field to fill, the first invalid one,
/// group summaries and the options on offer.
extension Form {
    /// The paths of a section's fields in display order, list items expanded
    /// (`drivers`, `drivers[0].full_name`, …); groups come before their members.
    public func fields(in section: String) -> [String] {
        guard let index = rules.sections.firstIndex(where: { $0.id == section }) else { return [] }
        return slots(in: index).map { self.path($0) }
    }

    /// The next visible, enabled field with a value (not computed) after `path`, across
    /// sections; `nil` at the end. In a paged form, within the page of `path`: at its end, `nil`
    /// — the keyboard's "Next" then becomes ``nextPage()``.
    public func nextField(after path: String) -> String? {
        neighbour(of: path, step: 1)
    }

    /// The previous visible, enabled field with a value (not computed) before `path`, across
    /// sections (in a paged form, within its page); `nil` at the start.
    public func previousField(before path: String) -> String? {
        neighbour(of: path, step: -1)
    }

    private func neighbour(of path: String, step: Int) -> String? {
        guard let current = try? slot(path) else { return nil }
        let page = pageIndex(of: current)
        let all = page >= 0 ? slots(onPage: page) : rules.sections.indices.flatMap { slots(in: $0) }
        guard let position = all.firstIndex(of: current) else { return nil }
        let candidates = step > 0 ? Array(all[(position + 1)...]) : all[..<position].reversed()
        return candidates.first { slot in
            let status = states[slot]
            return status.isVisible && status.isEnabled && rules.fields[slot.field.index].type.holdsValue
                && !rules.fields[slot.field.index].isComputed
        }.map { self.path($0) }
    }

    /// The first field, in display order, that has issues.
    public var firstInvalidField: String? {
        rules.sections.indices.lazy.flatMap { slots(in: $0) }.first { !states[$0].issues.isEmpty }.map { self.path($0) }
    }

    /// A group's one-line summary from its `display:` template (`{last_name} {first_name}`);
    /// values as a screen shows them (an option's title, a date in its format), empty values as
    /// nothing, and no spaces at either end. For a group without a template: its members'
    /// values joined by spaces.
    public func display(_ path: String) -> String {
        guard let slot = try? slot(path) else { return "" }
        let group = rules.fields[slot.field.index]
        // Each member as a screen shows it (an option by its title), empty ones as nothing.
        let member = { (id: FieldID) -> String in
            let field = self.rules.fields[id.index]
            let memberSlot = Slot(id, item: field.list == nil ? -1 : slot.item)
            return self.values[memberSlot].map {
                self.evaluator.messages.displayText($0, field, options: self.evaluator.options(of: field))
            } ?? ""
        }
        guard let template = group.display else {
            return rules.valueDescendants[group.id.index].map(member).filter { !$0.isEmpty }.joined(separator: " ")
        }
        let text = template.parts.map { part in
            switch part {
            case .text(let text): text
            case .field(let id): member(id)
            }
        }.joined()
        // `{last_name} {first_name}` with no first name yet is "Ivanov", not "Ivanov ".
        return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The field's value as a screen shows it, for every type: an option's title (titles joined
    /// by commas for a multi_choice), a date in the field's format, a bool as the locale's yes or
    /// no, a number in plain decimal, a group's ``display(_:)`` summary, a list's number of
    /// items; empty for an empty field or an unknown path. While the value comes from
    /// ``type(_:text:caret:)``, the typed text as formatted (``input(_:)``).
    ///
    /// ```swift
    /// form.displayText("doc_type")      // "Passport" (the option's title), not "passport"
    /// form.displayText("birth_date")    // "01.02.1990" with format dd.MM.yyyy
    /// form.displayText("drivers")       // "Items: 2"
    /// ```
    public func displayText(_ path: String) -> String {
        guard let slot = try? slot(path) else { return "" }
        if !typedInputs.isEmpty, let typed = typedInputs[slot] { return typed.input.text }
        let field = rules.fields[slot.field.index]
        switch field.type {
        case .group: return display(path)
        case .list: return evaluator.messages.itemsText(values.itemCount(of: field.id))
        default: return values[slot].map { evaluator.messages.displayText($0, field, options: evaluator.options(of: field)) } ?? ""
        }
    }

    /// The options a choice field offers now (after its `options_filter`).
    public func options(for path: String) -> [ChoiceOption] {
        guard let slot = try? slot(path) else { return [] }
        return withContext(slot) { evaluator.offeredOptions(rules.fields[slot.field.index], $0) }
    }

    /// The slots of a section in display order: fields depth-first, each list followed by its
    /// items' fields item by item.
    func slots(in section: Int) -> [Slot] {
        var result: [Slot] = []
        for id in rules.sections[section].fields {
            let field = rules.fields[id.index]
            result.append(Slot(id))
            if field.type == .list {
                for item in 0..<values.itemCount(of: id) { itemSlots(of: field, item: item, into: &result) }
            }
        }
        return result
    }

    /// The slots of one item of `list`, in order; a list among them is followed by its items'
    /// slots, item by item (one level per nesting of lists).
    private func itemSlots(of list: FieldRules, item: Int, into result: inout [Slot]) {
        for member in list.members {
            result.append(Slot(member, item: item))
            let field = rules.fields[member.index]
            guard field.type == .list else { continue }
            for inner in values.items(ordinal: rules.listOrdinal[member.index], owner: item) {
                itemSlots(of: field, item: inner, into: &result)
            }
        }
    }
}
