/// Edits of repeating lists: append, insert, remove and move items.
extension Form {
    /// Adds an item at the end of a list, with its fields' initial values.
    @discardableResult
    public mutating func append(_ list: String) throws(FormError) -> ChangeSet {
        try insert(list, at: itemCount(list))
    }

    /// Inserts an item before position `index` (0…count).
    @discardableResult
    public mutating func insert(_ list: String, at index: Int) throws(FormError) -> ChangeSet {
        let (field, ordinal) = try editableList(list)
        let count = values.itemCount(ordinal: ordinal)
        guard (0...count).contains(index) else {
            throw FormError(.indexOutOfRange, "'\(list)' has \(count) items; cannot insert at \(index)")
        }
        return try perform("insert \(list)[\(index)]") { form, record in
            record.countsBefore[field.id] = count
            form.touchItems(of: field, from: index, to: count, &record)
            let fresh = field.members.map { form.initialState(form.rules.fields[$0.index]) }
            form.values.insertItem(fresh.map(\.value), ordinal: ordinal, at: index)
            form.states.insertItem(fresh.map(\.status), ordinal: ordinal, at: index)
            form.moveTypedInputs(of: field) { $0 >= index ? $0 + 1 : $0 }
            record.seeds = [Slot(field.id)] + field.members.map { Slot($0, item: index) }
            record.changed.insert(Slot(field.id))
        }
    }

    /// Removes the item at `index`.
    @discardableResult
    public mutating func remove(_ list: String, at index: Int) throws(FormError) -> ChangeSet {
        let (field, ordinal) = try editableList(list)
        let count = values.itemCount(ordinal: ordinal)
        guard (0..<count).contains(index) else {
            throw FormError(.indexOutOfRange, "'\(list)' has \(count) items; there is no item \(index)")
        }
        return try perform("remove \(list)[\(index)]") { form, record in
            record.countsBefore[field.id] = count
            form.touchItems(of: field, from: index, to: count - 1, &record)
            form.values.removeItem(ordinal: ordinal, at: index)
            form.states.removeItem(ordinal: ordinal, at: index)
            form.moveTypedInputs(of: field) { $0 == index ? nil : $0 > index ? $0 - 1 : $0 }
            record.seeds = [Slot(field.id)]
            record.changed.insert(Slot(field.id))
        }
    }

    /// Moves the item at `source` to position `destination` (both 0…count-1).
    @discardableResult
    public mutating func move(_ list: String, from source: Int, to destination: Int) throws(FormError) -> ChangeSet {
        let (field, ordinal) = try editableList(list)
        let count = values.itemCount(ordinal: ordinal)
        guard (0..<count).contains(source), (0..<count).contains(destination) else {
            throw FormError(.indexOutOfRange, "'\(list)' has \(count) items; cannot move \(source) to \(destination)")
        }
        guard source != destination else { return ChangeSet() }
        return try perform("move \(list)[\(source)] to \(destination)") { form, record in
            form.touchItems(of: field, from: min(source, destination), to: max(source, destination), &record)
            form.values.moveItem(ordinal: ordinal, from: source, to: destination)
            form.states.moveItem(ordinal: ordinal, from: source, to: destination)
            form.moveTypedInputs(of: field) { item in
                if item == source { return destination }
                if source < destination, (source + 1...destination).contains(item) { return item - 1 }
                if destination < source, (destination..<source).contains(item) { return item + 1 }
                return item
            }
            record.seeds = [Slot(field.id)]
        }
    }

    private func editableList(_ path: String) throws(FormError) -> (FieldRules, Int) {
        guard let field = rules.field(path), field.list == nil else {
            throw FormError(.unknownField, "no list '\(path)'")
        }
        guard field.type == .list else { throw FormError(.notAValueField, "'\(path)' is not a list") }
        guard states[Slot(field.id)].isEnabled else { throw FormError(.disabledField, "'\(path)' is disabled") }
        return (field, rules.listOrdinal[field.id.index])
    }

    /// Records the states of the item slots at positions `from...to` (those that will move,
    /// appear or disappear) before a structural edit.
    private func touchItems(of list: FieldRules, from: Int, to: Int, _ record: inout EditRecord) {
        guard from <= to else { return }
        for item in from...to {
            for member in list.members { record.touch(Slot(member, item: item), self) }
        }
    }
}
