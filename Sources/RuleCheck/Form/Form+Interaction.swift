/// What the user does besides editing values: moving into a field, leaving it, submitting.
/// These decide which issues a screen shows (``FieldState/shownIssues``); the issues themselves
/// are always computed.
extension Form {
    /// The user moved into the field: it is being edited until ``blur(_:)`` or a focus
    /// elsewhere, which leaves it touched. While it is edited, issues that more typing may still
    /// fix (`required`, `min_length`, `mask`) are held back.
    ///
    /// ```swift
    /// try form.focus("phone")
    /// try form.set("phone", to: "+7 (916) 12")
    /// form["phone"].shownIssues     // []: a partial mask is not an error yet
    /// try form.blur("phone")        // its ChangeSet has shownIssues["phone"]: the mask issue
    /// ```
    ///
    /// - Returns: the fields whose shown issues changed (this one, and the one that had the
    ///   focus before).
    /// - Throws: ``FormError`` for an unknown path.
    @discardableResult
    public mutating func focus(_ path: String) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        var changes = ChangeSet()
        for other in allSlots() where other != slot && states[other].interaction == .editing {
            setInteraction(.touched, of: other, into: &changes)
        }
        setInteraction(.editing, of: slot, into: &changes)
        return changes
    }

    /// The user left the field: it is touched, and every issue of it shows.
    ///
    /// - Throws: ``FormError`` for an unknown path.
    @discardableResult
    public mutating func blur(_ path: String) throws(FormError) -> ChangeSet {
        let slot = try self.slot(path)
        var changes = ChangeSet()
        setInteraction(.touched, of: slot, into: &changes)
        return changes
    }

    /// Submitting: every field (list items included) is touched, so every issue shows.
    @discardableResult
    public mutating func touchAll() -> ChangeSet {
        var changes = ChangeSet()
        for slot in allSlots() { setInteraction(.touched, of: slot, into: &changes) }
        return changes
    }

    mutating func setInteraction(_ interaction: FieldState.Interaction, of slot: Slot, into changes: inout ChangeSet) {
        guard states[slot].interaction != interaction else { return }
        let old = state(slot)
        states[slot].interaction = interaction
        changes.record(path(slot), from: old, to: state(slot))
    }
}
