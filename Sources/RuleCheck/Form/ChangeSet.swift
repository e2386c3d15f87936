/// What one edit changed: exactly the fields whose value, visibility, enabled state,
/// required-ness or issues changed, and the sections and gates whose state changed.
///
/// ```swift
/// let changes = try form.set("doc_type", to: "passport")
/// for (path, visible) in changes.visible { table.setHidden(!visible, row: path) }
/// ```
///
/// Paths are field paths (`doc_number`, `insurant.birth_date`) and, for list items,
/// `drivers[0].birth_date`. A path that appears or disappears with a list item is compared with
/// an absent field: no value, hidden, disabled, not required, no issues.
public struct ChangeSet: Hashable, Sendable {
    /// New values; `nil` means the field is now empty.
    public var values: [String: Value?] = [:]
    public var visible: [String: Bool] = [:]
    public var enabled: [String: Bool] = [:]
    public var required: [String: Bool] = [:]
    /// The new issues of each field whose issues changed (empty: now valid).
    public var issues: [String: [FieldIssue]] = [:]
    /// The issues to show now (``FieldState/shownIssues``) of each field where they changed: a
    /// cell re-renders its error text from here.
    public var shownIssues: [String: [FieldIssue]] = [:]
    /// Fields whose ``FieldState/Interaction`` changed (focus, blur, submit, reset): the new one.
    public var interaction: [String: FieldState.Interaction] = [:]
    /// Sections whose completeness changed: `true` when now complete.
    public var sections: [String: Bool] = [:]
    /// Gates whose state changed: `true` when now open.
    public var gates: [String: Bool] = [:]
    /// Lists whose number of items changed: the new count.
    public var items: [String: Int] = [:]
    /// Typed inputs, pages and a restored draft's dropped entries, which few edits have: kept out of line (an empty array costs an
    /// edit nothing), so that every ChangeSet stays as small as before they existed.
    private var rare: [Rare] = []

    private struct Rare: Hashable, Sendable {
        var inputs: [String: FieldInput?] = [:]
        var listChanges: [String: ListChange] = [:]
        var pages: PageChange?
        var dropped: [SnapshotDrop] = []
    }

    /// Fields whose typed text, caret or input state changed (``Form/type(_:text:caret:)``): the
    /// new ``FieldInput``; `nil` when the value no longer comes from typing (set, cleared by the
    /// engine), and the text box shows ``Form/displayText(_:)`` again.
    public var inputs: [String: FieldInput?] {
        get { rare.first?.inputs ?? [:] }
        set { setRare { $0.inputs = newValue } }
    }

    /// What changed about the pages of a paged form (the current page, the pages shown, which
    /// are valid); `nil` when nothing did.
    public var pages: PageChange? {
        get { rare.first?.pages }
        set { setRare { $0.pages = newValue } }
    }

    /// Fields whose value is a list (a multi_choice's options, a `values` field's values) that
    /// changed: the elements added and removed, so that a screen updates only those rows of a
    /// multi-select rather than diffing the whole array of ``values``.
    public var listChanges: [String: ListChange] {
        get { rare.first?.listChanges ?? [:] }
        set { setRare { $0.listChanges = newValue } }
    }

    /// What a restored draft held that these rules cannot take (a ``FormEdit/restore(_:)``
    /// edit of a draft saved under older rules), as ``Form/restoring(_:snapshot:today:locale:)``
    /// reports it; empty for every other edit.
    public var dropped: [SnapshotDrop] {
        get { rare.first?.dropped ?? [] }
        set { setRare { $0.dropped = newValue } }
    }

    public init() {}

    /// Changes the rare parts; none at all when they are empty (so that equal change sets are
    /// equal however they were made).
    private mutating func setRare(_ change: (inout Rare) -> Void) {
        var part = rare.first ?? Rare()
        change(&part)
        rare = part.inputs.isEmpty && part.pages == nil && part.dropped.isEmpty && part.listChanges.isEmpty ? [] : [part]
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        values.isEmpty && visible.isEmpty && enabled.isEmpty && required.isEmpty && issues.isEmpty
            && shownIssues.isEmpty && interaction.isEmpty && sections.isEmpty && gates.isEmpty && items.isEmpty
            && rare.isEmpty
    }

    /// Makes room for changes to about `count` fields.
    mutating func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
        visible.reserveCapacity(count)
        required.reserveCapacity(count)
        issues.reserveCapacity(count)
    }

    /// Records the difference between two states of the field at `path` (the path is built only
    /// when something differs).
    @inline(__always)
    mutating func record(_ path: @autoclosure () -> String, from old: FieldState, to new: FieldState) {
        let valueChanged = old.value != new.value, visibleChanged = old.isVisible != new.isVisible
        let enabledChanged = old.isEnabled != new.isEnabled, requiredChanged = old.isRequired != new.isRequired
        let issuesChanged = old.issues != new.issues
        let interactionChanged = old.interaction != new.interaction
        // Whether a partial text's `type` issue is held back changes only with the typed text,
        // which changes the issue's message (it quotes the text): issuesChanged covers it. A
        // `pattern` issue's message may stay the same while the text stops being a beginning
        // of a match (`09` → `08`): its hold is compared.
        let holdChanged = old.status.holdsPatternIssue != new.status.holdsPatternIssue
        let shownChanged = (issuesChanged || interactionChanged || holdChanged) && old.shownIssues != new.shownIssues
        guard
            valueChanged || visibleChanged || enabledChanged || requiredChanged || issuesChanged
                || interactionChanged || shownChanged
        else { return }
        let path = path()
        if valueChanged {
            values[path] = .some(new.value)
            if let before = Self.elements(old.value), let after = Self.elements(new.value) {
                listChanges[path] = ListChange(from: before, to: after)
            }
        }
        if visibleChanged { visible[path] = new.isVisible }
        if enabledChanged { enabled[path] = new.isEnabled }
        if requiredChanged { required[path] = new.isRequired }
        if issuesChanged { issues[path] = new.issues }
        if shownChanged { shownIssues[path] = new.shownIssues }
        if interactionChanged { interaction[path] = new.interaction }
    }

    /// A list value's elements; none for an empty value; `nil` for a value of another kind.
    private static func elements(_ value: Value?) -> [Value]? {
        switch value {
        case .list(let elements)?: elements
        case nil: []
        default: nil
        }
    }
}
