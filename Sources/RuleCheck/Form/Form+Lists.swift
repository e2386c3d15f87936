/// Edits of repeating lists: append, insert, remove and move items.
///
/// A list is named by its path: `drivers`, or for a list inside a list's item the item's
/// `drivers[1].violations`. Indices are within that list (of a nested list, within its item).
extension Form {
    /// Adds an item at the end of a list, with its fields' initial values.
    @discardableResult
    public mutating func append(_ list: String) throws(FormError) -> ChangeSet {
        let (_, ordinal, owner) = try editableList(list)
        return try insert(list, at: values.items(ordinal: ordinal, owner: owner.item).count)
    }

    /// Inserts an item before position `index` (0…count).
    @discardableResult
    public mutating func insert(_ list: String, at index: Int) throws(FormError) -> ChangeSet {
        let (field, ordinal, listSlot) = try editableList(list)
        let items = values.items(ordinal: ordinal, owner: listSlot.item)
        let count = items.count
        guard (0...count).contains(index) else {
            throw indexOutOfRange(list, count: count, index: index, variant: "insert")
        }
        let global = items.lowerBound + index
        return try perform("insert \(list)[\(index)]") { form, record in
            record.countsBefore[listSlot] = count
            let before = form.touchItems(of: field, from: global, to: items.upperBound, existing: global..<items.upperBound, &record)
            let fresh = field.members.map { form.initialState(form.rules.fields[$0.index]) }
            let renumbering = form.values.insertItem(fresh.map(\.value), ordinal: ordinal, at: global, owner: listSlot.item)
            form.states.insertItem(fresh.map(\.status), ordinal: ordinal, at: global, owner: listSlot.item)
            form.moveTypedInputs(of: field, renumbering) { $0 >= global ? $0 + 1 : $0 }
            form.touchByPath(before, of: field, items: global..<items.upperBound + 1, &record)
            record.seeds = [listSlot] + field.members.map { Slot($0, item: global) }
            record.changed.insert(listSlot)
        }
    }

    /// Removes the item at `index` (and the items of any list inside it).
    @discardableResult
    public mutating func remove(_ list: String, at index: Int) throws(FormError) -> ChangeSet {
        let (field, ordinal, listSlot) = try editableList(list)
        let items = values.items(ordinal: ordinal, owner: listSlot.item)
        let count = items.count
        guard (0..<count).contains(index) else {
            throw indexOutOfRange(list, count: count, index: index)
        }
        let global = items.lowerBound + index
        return try perform("remove \(list)[\(index)]") { form, record in
            record.countsBefore[listSlot] = count
            let before = form.touchItems(of: field, from: global, to: items.upperBound - 1, existing: global..<items.upperBound, &record)
            let renumbering = form.values.removeItem(ordinal: ordinal, at: global)
            form.states.removeItem(ordinal: ordinal, at: global)
            form.moveTypedInputs(of: field, renumbering) { $0 == global ? nil : $0 > global ? $0 - 1 : $0 }
            form.touchByPath(before, of: field, items: global..<items.upperBound - 1, &record)
            record.seeds = [listSlot]
            record.changed.insert(listSlot)
        }
    }

    /// Moves the item at `source` to position `destination` (both 0…count-1), with the items
    /// of any list inside it.
    @discardableResult
    public mutating func move(_ list: String, from source: Int, to destination: Int) throws(FormError) -> ChangeSet {
        let (field, ordinal, listSlot) = try editableList(list)
        let items = values.items(ordinal: ordinal, owner: listSlot.item)
        let count = items.count
        guard (0..<count).contains(source), (0..<count).contains(destination) else {
            let messages = evaluator.messages
            throw refusal(
                .indexOutOfRange, "index_out_of_range.move",
                ["list": list, "count": messages.count(count), "from": messages.count(source), "to": messages.count(destination)])
        }
        guard source != destination else { return ChangeSet() }
        let (from, to) = (items.lowerBound + source, items.lowerBound + destination)
        return try perform("move \(list)[\(source)] to \(destination)") { form, record in
            let before = form.touchItems(
                of: field, from: min(from, to), to: max(from, to), existing: min(from, to)..<max(from, to) + 1, &record)
            let renumbering = form.values.moveItem(ordinal: ordinal, from: from, to: to)
            form.states.moveItem(ordinal: ordinal, from: from, to: to)
            form.moveTypedInputs(of: field, renumbering) { item in
                if item == from { return to }
                if from < to, (from + 1...to).contains(item) { return item - 1 }
                if to < from, (to..<from).contains(item) { return item + 1 }
                return item
            }
            form.touchByPath(before, of: field, items: min(from, to)..<max(from, to) + 1, &record)
            record.seeds = [listSlot]
        }
    }

    /// The list at `path` (`drivers`, `drivers[1].violations`), its ordinal, and its own slot
    /// (for a nested list, in the outer item: that item is the owner of its items).
    private func editableList(_ path: String) throws(FormError) -> (FieldRules, Int, Slot) {
        let slot: Slot
        do throws(FormError) {
            slot = try self.slot(path)
        } catch  where error.code == .indexOutOfRange {
            throw error
        } catch {
            throw refusal(.unknownField, "unknown_field.list", ["field": path])
        }
        let field = rules.fields[slot.field.index]
        guard field.type == .list else { throw refusal(.notAValueField, "not_a_value_field.list", ["field": path]) }
        guard states[slot].isEnabled else { throw refusal(.disabledField, "disabled_field", ["field": path]) }
        return (field, rules.listOrdinal[field.id.index], slot)
    }

    /// What a structural edit of a list that is nested or holds lists recorded before it, by
    /// path (the edit renumbers those slots): each slot's state, each inner list's count.
    struct StatesByPath {
        var states: [String: FieldState] = [:]
        var counts: [String: Int] = [:]
    }

    /// Records the states of the item slots at positions `from...to` (those that will move,
    /// appear or disappear) before a structural edit. For a form-level list that holds no list
    /// a slot is a position, the same before and after; otherwise (a nested list, whose items
    /// are numbered across outer items, or a list whose items hold lists) the states are kept
    /// by path, for ``touchByPath(_:of:items:_:)`` after the edit: those of `existing`, the
    /// items at those positions now.
    private func touchItems(
        of list: FieldRules, from: Int, to: Int, existing: Range<Int>, _ record: inout EditRecord
    ) -> StatesByPath? {
        let ordinal = rules.listOrdinal[list.id.index]
        guard list.list != nil || !values.layout.children[ordinal].isEmpty else {
            guard from <= to else { return nil }
            for item in from...to {
                for member in list.members { record.touch(Slot(member, item: item), self) }
            }
            return nil
        }
        var before = StatesByPath()
        for slot in slotsByPath(of: list, items: existing) {
            let path = path(slot)
            before.states[path] = state(slot)
            if rules.fields[slot.field.index].type == .list { before.counts[path] = itemCount(of: slot) }
        }
        return before
    }

    /// After a structural edit: touches the slots of items `items` of the edited list (the
    /// positions of ``touchItems(of:from:to:existing:_:)`` as they are now) and of the
    /// lists inside them with their state before at the same path (absent for a path new to the
    /// edit), and records the paths that are gone.
    private func touchByPath(_ before: StatesByPath?, of list: FieldRules, items: Range<Int>, _ record: inout EditRecord) {
        guard var before else { return }
        for slot in slotsByPath(of: list, items: items) {
            let path = path(slot)
            record.touch(slot, before: before.states.removeValue(forKey: path) ?? .absent)
            if rules.fields[slot.field.index].type == .list {
                record.countsBefore[slot] = before.counts.removeValue(forKey: path) ?? 0
            }
        }
        for (path, state) in before.states { record.vanished.append((path, state)) }
        for (path, count) in before.counts where count > 0 { record.listsGone.append(path) }
    }

    /// The slots of items `items` of `list` (of a nested list: only those of the edited list's
    /// outer item lie in the range) and of the items of the lists inside them.
    private func slotsByPath(of list: FieldRules, items: Range<Int>) -> [Slot] {
        var slots: [Slot] = []
        for item in items {
            for member in list.members { slots.append(Slot(member, item: item)) }
        }
        return slots + nestedSlots(ordinal: rules.listOrdinal[list.id.index], items: Array(items))
    }

    /// The slots of the items of the lists inside items `items` of list `ordinal`, at every level.
    func nestedSlots(ordinal: Int, items: [Int]) -> [Slot] {
        var slots: [Slot] = []
        for child in values.layout.children[ordinal] {
            let inner = items.flatMap { values.items(ordinal: child, owner: $0) }
            let members = rules.fields[rules.lists[child].index].members
            for item in inner {
                for member in members { slots.append(Slot(member, item: item)) }
            }
            slots += nestedSlots(ordinal: child, items: inner)
        }
        return slots
    }

    /// The number of items of the list whose slot is `slot` (of a nested list: in its outer
    /// item; 0 when that item does not exist).
    func itemCount(of slot: Slot) -> Int {
        let ordinal = rules.listOrdinal[slot.field.index]
        let parent = values.layout.parents[ordinal]
        guard parent >= 0 else { return values.itemCount(ordinal: ordinal) }
        guard slot.item >= 0, slot.item < values.itemCount(ordinal: parent) else { return 0 }
        return values.items(ordinal: ordinal, owner: slot.item).count
    }
}
