/// Edits applied as one request: all of them, or — when they are cancelled or would take the form
/// past its budget — none.
extension Form {
    /// Applies `edits` in order, as `rulecheck replay` applies its lines: each gives its ChangeSet,
    /// or the ``FormError`` that refused it (a refused edit changes nothing, and the next goes on).
    ///
    /// ```swift
    /// let edits = [FormEdit.append("drivers"), .set("drivers[0].full_name", "Ivanov Ivan")]
    /// let results = try form.apply(edits, budget: FormBudget(maxItems: 100), cancellation: flag)
    /// results[1]     // .success(ChangeSet …)
    /// ```
    ///
    /// The batch is all or nothing: when `cancellation` is set before the last edit is done (it is
    /// looked at before every edit, and while an edit re-evaluates the form), or when an edit takes
    /// the form past `budget`, the form is put back as it was before the first edit, and the batch
    /// throws. The list items are checked after every edit (and a `restore` edit's snapshot before
    /// it is applied); the bytes once, after the last edit.
    ///
    /// - Returns: one result per edit, in order.
    /// - Throws: ``FormLimitError``; the form is then unchanged.
    /// - Complexity: the edits' own cost, plus one copy of the form's state (as the first edit of a
    ///   copy makes), plus one ``footprint`` when `budget` limits bytes.
    public mutating func apply(
        _ edits: [FormEdit], budget: FormBudget = .unlimited, cancellation: CancellationFlag? = nil
    ) throws(FormLimitError) -> [Result<ChangeSet, FormError>] {
        let before = self
        defer { self.cancellation = nil }
        var results: [Result<ChangeSet, FormError>] = []
        results.reserveCapacity(edits.count)
        do throws(FormLimitError) {
            for edit in edits {
                if let cancellation, cancellation.isCancelled { throw .cancelled }
                // Again before each edit: a `restore` edit makes the form anew.
                self.cancellation = cancellation
                if case .restore(let snapshot) = edit { try budget.check(snapshot: snapshot) }
                do {
                    results.append(.success(try apply(edit)))
                } catch {
                    results.append(.failure(error))
                }
                if budget.maxItems != nil { try budget.check(items: itemTotal) }
            }
            // The last edit may have been cut short.
            if let cancellation, cancellation.isCancelled { throw .cancelled }
            if budget.maxBytes != nil { try budget.check(footprint) }
        } catch {
            self = before
            throw error
        }
        return results
    }
}
