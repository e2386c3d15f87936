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
    public var values: [String: Value?] {
        get { fields.valuesByPath }
        set { uniqueFields().valuesByPath = newValue }
    }
    public var visible: [String: Bool] {
        get { fields.visibleByPath }
        set { uniqueFields().visibleByPath = newValue }
    }
    public var enabled: [String: Bool] {
        get { fields.enabledByPath }
        set { uniqueFields().enabledByPath = newValue }
    }
    public var required: [String: Bool] {
        get { fields.requiredByPath }
        set { uniqueFields().requiredByPath = newValue }
    }
    /// The new issues of each field whose issues changed (empty: now valid).
    public var issues: [String: [FieldIssue]] {
        get { fields.issuesByPath }
        set { uniqueFields().issuesByPath = newValue }
    }
    /// The issues to show now (``FieldState/shownIssues``) of each field where they changed: a
    /// cell re-renders its error text from here.
    public var shownIssues: [String: [FieldIssue]] {
        get { fields.shownIssuesByPath }
        set { uniqueFields().shownIssuesByPath = newValue }
    }
    /// Fields whose ``Interaction`` changed (focus, blur, submit, reset): the new one.
    public var interaction: [String: Interaction] {
        get { fields.interactionByPath }
        set { uniqueFields().interactionByPath = newValue }
    }
    /// The seven dictionaries above, recorded as entries and each built when first read.
    private var fields = FieldChanges.none
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
        rare = part.inputs.isEmpty && part.pages == nil && part.dropped.isEmpty ? [] : [part]
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        sections.isEmpty && gates.isEmpty && items.isEmpty && rare.isEmpty && fields.isEmpty
    }

    /// Equal when every dictionary (and the rare parts) are equal, however they were recorded.
    public static func == (lhs: ChangeSet, rhs: ChangeSet) -> Bool {
        lhs.sections == rhs.sections && lhs.gates == rhs.gates && lhs.items == rhs.items && lhs.rare == rhs.rare
            && lhs.values == rhs.values && lhs.visible == rhs.visible && lhs.enabled == rhs.enabled
            && lhs.required == rhs.required && lhs.issues == rhs.issues && lhs.shownIssues == rhs.shownIssues
            && lhs.interaction == rhs.interaction
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
        hasher.combine(visible)
        hasher.combine(enabled)
        hasher.combine(required)
        hasher.combine(issues)
        hasher.combine(shownIssues)
        hasher.combine(interaction)
        hasher.combine(sections)
        hasher.combine(gates)
        hasher.combine(items)
        hasher.combine(rare)
    }

    /// The field changes, copied first unless this change set is their only owner.
    private mutating func uniqueFields() -> FieldChanges {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    /// Makes room for changes to about `count` fields.
    mutating func reserveCapacity(_ count: Int) {
        uniqueFields().reserveCapacity(count)
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
        // which changes the issue's message (it quotes the text): issuesChanged covers it.
        let shownChanged = (issuesChanged || interactionChanged) && old.shownIssues != new.shownIssues
        guard
            valueChanged || visibleChanged || enabledChanged || requiredChanged || issuesChanged
                || interactionChanged
        else { return }
        var changed: FieldChanges.Parts = []
        if valueChanged { changed.insert(.values) }
        if visibleChanged { changed.insert(.visible) }
        if enabledChanged { changed.insert(.enabled) }
        if requiredChanged { changed.insert(.required) }
        if issuesChanged { changed.insert(.issues) }
        if shownChanged { changed.insert(.shownIssues) }
        if interactionChanged { changed.insert(.interaction) }
        uniqueFields().append(FieldChanges.Entry(path: path(), changed: changed, new: new))
    }
}
