/// What a form may hold: list items (every list together) and estimated bytes of state (see
/// ``FormFootprint``). A server that keeps forms for its clients gives each one a budget, so that
/// no client can make one form take the server's memory.
///
/// ```swift
/// let budget = FormBudget(maxItems: 10_000, maxBytes: 16 << 20)
/// try budget.check(snapshot: draft)                 // before restoring it: its list items
/// try form.apply(edits, budget: budget)             // all or nothing
/// try budget.check(form.footprint)
/// ```
public struct FormBudget: Hashable, Sendable {
    /// The most list items a form may hold, every list together; nil: no limit.
    public var maxItems: Int?
    /// The most bytes of state (``FormFootprint/bytes``) a form may hold; nil: no limit.
    public var maxBytes: Int?

    public init(maxItems: Int? = nil, maxBytes: Int? = nil) {
        self.maxItems = maxItems
        self.maxBytes = maxBytes
    }

    /// No limit.
    public static let unlimited = FormBudget()

    /// Checks a form's footprint against the budget.
    ///
    /// - Throws: ``FormLimitError`` (``FormLimitError/Kind/tooManyItems`` or
    ///   ``FormLimitError/Kind/tooManyBytes``) when it holds more than the budget allows.
    public func check(_ footprint: FormFootprint) throws(FormLimitError) {
        try check(items: footprint.items)
        if let maxBytes, footprint.bytes > maxBytes { throw .tooManyBytes(footprint.bytes, limit: maxBytes) }
    }

    /// Checks the list items a snapshot would give a form, before it is restored (restoring
    /// makes every item the snapshot counts, whatever its values).
    ///
    /// - Throws: ``FormLimitError`` ``FormLimitError/Kind/tooManyItems``.
    public func check(snapshot: FormSnapshot) throws(FormLimitError) {
        guard maxItems != nil else { return }
        var total = 0
        for count in snapshot.items.values where count > 0 {
            let (sum, overflow) = total.addingReportingOverflow(count)
            total = overflow ? Int.max : sum
        }
        try check(items: total)
    }

    func check(items: Int) throws(FormLimitError) {
        if let maxItems, items > maxItems { throw .tooManyItems(items, limit: maxItems) }
    }
}
