/// How much a form holds: its list items, and an estimate of the memory its state takes.
///
/// ```swift
/// let footprint = form.footprint
/// footprint.items     // 3: the list items of every list together
/// footprint.bytes     // 21_840: slots, values, issues, typed text and options sent by a server
/// ```
///
/// ``bytes`` is an estimate, not what the allocator counts: each slot (a form-level field, or a
/// field of one list item) by the size of its value and state, plus the UTF-8 bytes of every text
/// the form holds — values, issue messages, typed text, options a server sent. The rule set, which
/// every form of it shares, is not counted. It grows with what clients can make a form hold, which
/// is what a ``FormBudget`` bounds.
public struct FormFootprint: Hashable, Sendable {
    /// The list items of every list of the form together.
    public var items: Int
    /// The estimated bytes of the form's state.
    public var bytes: Int

    public init(items: Int, bytes: Int) {
        self.items = items
        self.bytes = bytes
    }
}
