/// What changed in a list value (a multi_choice's options, a `values` field's values): the
/// elements added and the elements removed, each in its list's order; an element that is there
/// twice counts twice.
///
/// ```swift
/// let changes = try form.set("amenities", to: .list([.text("parking"), .text("lift")]))
/// changes.listChanges["amenities"]    // ListChange(added: ["lift"], removed: ["storage"])
/// ```
public struct ListChange: Hashable, Sendable {
    public var added: [Value]
    public var removed: [Value]

    public init(added: [Value], removed: [Value]) {
        self.added = added
        self.removed = removed
    }

    /// The difference from `before` to `after`.
    init(from before: [Value], to after: [Value]) {
        var left = before
        var added: [Value] = []
        for element in after {
            if let index = left.firstIndex(of: element) { left.remove(at: index) } else { added.append(element) }
        }
        self.init(added: added, removed: left)
    }
}
