/// Starting a form from parts of another: a renewal that keeps the documents and the drivers.
extension Form {
    /// Copies the values of the fields in `sections` of `other` into this form, and the items
    /// of its lists there; the other form may be of older rules, or of another form altogether.
    ///
    /// ```swift
    /// var renewal = Form(rules, today: today)
    /// let (changes, dropped) = try renewal.copy(sections: ["documents", "drivers"], from: lastYear)
    /// ```
    ///
    /// Each value keeps where it came from (the user's stays the user's). Fields are matched by
    /// path; what this form's rules cannot take — a field or list they do not have, a value no
    /// longer of the field's type or among its options — is left out and returned, as
    /// ``restoring(_:snapshot:today:locale:)`` reports it. Fields of those sections that are
    /// empty in `other` keep their value here.
    ///
    /// - Parameters:
    ///   - sections: ids of `other`'s sections.
    ///   - other: the form to copy from, of the same or other rules.
    /// - Returns: the changes to this form, and what could not be copied.
    /// - Throws: ``FormError`` with ``FormError/Code/unknownSection`` for an id `other` has no
    ///   section of; the form is then unchanged.
    @discardableResult
    public mutating func copy(sections: [String], from other: Form) throws(FormError) -> (changes: ChangeSet, dropped: [SnapshotDrop]) {
        var chosen = Set<Int>()
        for id in sections {
            guard let index = other.rules.sections.firstIndex(where: { $0.id == id }) else {
                let suggestion = NearMiss.didYouMean(id, among: other.rules.sections.map(\.id))
                throw FormError(.unknownSection, "the other form has no section '\(id)'\(suggestion)")
            }
            chosen.insert(index)
        }
        let whole = other.snapshot
        var part = FormSnapshot(form: whole.form, fields: [:], items: [:])
        for slot in other.allSlots() where chosen.contains(other.rules.fields[slot.field.index].section) {
            let path = other.path(slot)
            if let entry = whole.fields[path] { part.fields[path] = entry }
        }
        for slot in other.allSlots()
        where other.rules.fields[slot.field.index].type == .list && chosen.contains(other.rules.fields[slot.field.index].section) {
            let path = other.path(slot)
            part.items[path] = whole.items[path]
        }
        let previous = self
        let dropped = try restore(part, lenient: true, anyForm: true)
        return (difference(from: previous), dropped)
    }
}
