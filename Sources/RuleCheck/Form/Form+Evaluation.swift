/// Evaluating slots: one at a time, all of them, or just what is downstream of a change.
extension Form {
    /// What an edit has done to stored values before re-evaluation.
    struct EditRecord {
        /// Slots to re-evaluate even if none of their inputs changed (the edited slot, new items).
        var seeds: [Slot] = []
        /// Slots whose value (or, for a list, whose items) changed.
        var changed: Set<Slot> = []
        /// The state of every touched slot before the edit, each slot once.
        var before: [Touched] = []
        /// Slots touched before re-evaluation (the edited one, moved list items): the only ones
        /// re-evaluation may meet again, since it pops each slot at most once. Usually one, so
        /// a list searched in order; a set once there are many.
        private var touchedFirst: [Slot] = []
        private var touchedFirstSet: Set<Slot> = []
        /// The item counts of lists changed by the edit, before it, by the list's slot (a nested
        /// list's slot is in its outer item).
        var countsBefore: [Slot: Int] = [:]
        /// Paths a structural edit of nested items made disappear, with their state before
        /// (slots that still exist are in ``before``).
        var vanished: [(path: String, state: FieldState)] = []
        /// Paths of inner lists with items that a structural edit made disappear.
        var listsGone: [String] = []
        /// The edit, for provenance: `set city`, `remove drivers[1]`.
        let edit: String

        /// A slot and its state before the edit. A struct rather than a tuple: an array of tuples
        /// is destroyed element by element through the runtime's generic tuple witness, which
        /// cost 5% of an edit that touches a hundred fields.
        struct Touched {
            let slot: Slot
            let state: FieldState
        }

        init(edit: String) {
            self.edit = edit
        }

        /// Records a slot's state before the edit changes it (once per slot).
        mutating func touch(_ slot: Slot, _ form: Form) {
            guard !touchedEarlier(slot) else { return }
            touch(slot, before: form.state(slot))
        }

        /// Records a slot's state before the edit, known already (a structural edit renumbered
        /// the slot: its state before was read at its path).
        mutating func touch(_ slot: Slot, before state: FieldState) {
            guard !touchedEarlier(slot) else { return }
            touchedFirst.append(slot)
            if touchedFirst.count > 8 { touchedFirstSet.insert(slot) }
            if touchedFirst.count == 9 { touchedFirstSet.formUnion(touchedFirst) }
            before.append(Touched(slot: slot, state: state))
        }

        /// Records a slot popped by re-evaluation: popped slots are never popped again, so only
        /// the slots touched before re-evaluation need checking.
        mutating func touchPopped(_ slot: Slot, _ form: Form) {
            if !touchedEarlier(slot) { before.append(Touched(slot: slot, state: form.state(slot))) }
        }

        private func touchedEarlier(_ slot: Slot) -> Bool {
            touchedFirst.count > 8 ? touchedFirstSet.contains(slot) : touchedFirst.contains(slot)
        }
    }

    /// Runs an edit: `change` validates (throwing before it changes anything) and updates stored
    /// values; then the form is re-evaluated incrementally or fully and the changes are returned.
    @inline(__always)  // one call fewer per edit: each edit's closure specialises it anyway
    mutating func perform(_ edit: String, _ change: (inout Form, inout EditRecord) throws(FormError) -> Void) throws(FormError) -> ChangeSet
    {
        if !typedChanged.isEmpty { typedChanged = [] }
        guard evaluationMode == .incremental else { return try performFully(edit, change) }
        var record = EditRecord(edit: edit)
        try change(&self, &record)
        if record.seeds.isEmpty && record.changed.isEmpty && record.countsBefore.isEmpty {
            return ChangeSet()
        }
        let recordIssuesBefore = schemaState.recordIssues
        guard rules.pages.isEmpty else {
            let pagesBefore = pageSummary
            propagate(&record)
            settleSchema { slot, state in record.touch(slot, before: state) }
            var changes = finish(record)
            settleCurrentPage()
            changes.pages = pageChange(from: pagesBefore)
            if schemaState.recordIssues != recordIssuesBefore { changes.issues[""] = schemaState.recordIssues }
            return changes
        }
        propagate(&record)
        guard rules.recordSchema != nil else { return finish(record) }
        settleSchema { slot, state in record.touch(slot, before: state) }
        var changes = finish(record)
        if schemaState.recordIssues != recordIssuesBefore { changes.issues[""] = schemaState.recordIssues }
        return changes
    }

    /// ``perform(_:_:)`` in ``EvaluationMode/full``: the whole form re-evaluated, and the changes
    /// found by comparing it with the form before.
    private mutating func performFully(
        _ edit: String,
        _ change: (inout Form, inout EditRecord) throws(FormError) -> Void
    ) throws(FormError) -> ChangeSet {
        let previous = self
        var record = EditRecord(edit: edit)
        try change(&self, &record)
        if record.seeds.isEmpty && record.changed.isEmpty && record.countsBefore.isEmpty {
            return ChangeSet()
        }
        recomputeAll(changed: record.changed, edit: record.edit)
        recountValidity()
        settleCurrentPage()
        typedChanged = []
        return difference(from: previous)
    }

    /// Re-evaluates the seeds and everything downstream of a changed value, in topological order.
    ///
    /// - Complexity: proportional to the slots affected, not to the size of the form.
    private mutating func propagate(_ record: inout EditRecord) {
        var queue = SlotQueue()
        for seed in record.seeds { queue.push(seed, rank: rules.rank[seed.field.index]) }
        for slot in record.changed {
            for next in successorSlots(of: slot) { queue.push(next, rank: rules.rank[next.field.index]) }
        }
        while let slot = queue.pop() {
            // Only in a batch of edits, which puts the whole form back when it is cancelled.
            if let cancellation, cancellation.isCancelled { return }
            record.touchPopped(slot, self)
            if evaluate(slot, changed: record.changed, edit: record.edit) {
                record.changed.insert(slot)
                for next in successorSlots(of: slot) { queue.push(next, rank: rules.rank[next.field.index]) }
            }
        }
    }

    /// Evaluates every slot in topological order; `changed` holds the slots whose value the edit
    /// changed, and grows with those that change on the way.
    mutating func recomputeAll(changed: Set<Slot>, edit: String?) {
        var changed = changed
        for slot in allSlots() {
            if let cancellation, cancellation.isCancelled { return }  // as in `propagate`
            if evaluate(slot, changed: changed, edit: edit) { changed.insert(slot) }
        }
        settleSchema()
    }

    /// The slots that read `slot`: a form-level reader once, an item field in the same item, an
    /// item field in every item when a form-level field changed — or when the reader reads the
    /// slot's field in every item of its list (an aggregate: ``RuleSet/acrossSuccessors``) — and
    /// an inner item's field in every inner item of the outer item whose field changed.
    func successorSlots(of slot: Slot) -> [Slot] {
        var result: [Slot] = []
        let across = slot.item >= 0 ? rules.acrossSuccessors[slot.field.index] : []
        let places = values.layout.places
        for next in rules.successors[slot.field.index] {
            guard let list = rules.fields[next.index].list else {
                result.append(Slot(next))
                continue
            }
            if slot.item < 0 || across.contains(next) {
                for item in 0..<values.itemCount(of: list) { result.append(Slot(next, item: item)) }
                continue
            }
            let from = places[slot.field.index].list
            let to = places[next.index].list
            if from == to {
                result.append(Slot(next, item: slot.item))
            } else {
                for item in innerItems(of: slot.item, in: Int(from), ordinal: Int(to)) { result.append(Slot(next, item: item)) }
            }
        }
        return result
    }

    /// The items of nested list `ordinal` inside item `item` of list `outer` (which holds it,
    /// directly or further out).
    func innerItems(of item: Int, in outer: Int, ordinal: Int) -> [Int] {
        let parent = values.layout.parents[ordinal]
        guard parent >= 0 else { return [] }
        if parent == outer { return Array(values.items(ordinal: ordinal, owner: item)) }
        return innerItems(of: item, in: outer, ordinal: parent).flatMap { values.items(ordinal: ordinal, owner: $0) }
    }

    // MARK: - One slot

    /// Re-evaluates one slot from its inputs through the value step (``FieldEvaluator``) and
    /// applies the outcome; returns whether its value changed.
    mutating func evaluate(_ slot: Slot, changed: Set<Slot>, edit: String?) -> Bool {
        let field = rules.fields[slot.field.index]
        let old = states[slot]
        var input = FieldEvaluator.Input()
        input.changedParent = changedParent(field, slot, changed)
        var typed = typedInputs.isEmpty ? nil : typedInputs[slot]
        // Text being typed goes with a cascade clear, like a value.
        if typed != nil && input.changedParent != nil { typed = dropTyped(slot) }
        input.isUnreadable = typed?.failure != nil
        var outcome = FieldEvaluator.Outcome()
        evaluator.step(field, slot, input, mode: .form, values: &values, today: today, into: &outcome)
        if typed != nil && (outcome.valueChanged || (!outcome.isVisible && rules.hiddenValues == .clear)) {
            typed = dropTyped(slot)
        }
        var status = FieldStatus(
            provenance: old.provenance, isVisible: outcome.isVisible, isEnabled: outcome.isEnabled,
            isRequired: outcome.isRequired, issues: [], interaction: old.interaction,
            holdsTypeIssue: typed?.isFixable ?? false)
        // Typed text that is not a value yet: the field is empty, and says why (while visible).
        if let unreadable = typed?.failure, outcome.isVisible { outcome.failures.insert(unreadable, at: 0) }
        // A server's issues (code `external`) stay with the value they were about, while visible.
        let external =
            old.issues.isEmpty || outcome.valueChanged || !outcome.isVisible || changed.contains(slot)
            ? [] : old.issues.filter { $0.code == .external }
        if field.isComputed {
            status.provenance = .computed
        } else if let cause = outcome.cleared {
            status.provenance = .cleared(cause, edit: edit)
        }
        if !outcome.failures.isEmpty {
            let messages = evaluator.messages
            let value = values[slot]
            let written = typed?.input.text
            status.issues = values.withContext(slot, today: today, numbers: evaluator.numbers) { context in
                outcome.failures.map { messages.issue($0, field, value: value, written: written, context) }
            }
            status.holdsPatternIssue = Self.patternsMayStillMatch(outcome.failures, field, value)
        }
        if !external.isEmpty { status.issues += external }
        states[slot] = status
        // The slot's issues are its rules' own again: the schema step judges them anew.
        if !schemaState.ownIssues.isEmpty { schemaState.ownIssues[slot] = nil }
        return outcome.valueChanged
    }

    /// Drops the slot's typed text (its value no longer comes from it); returns nil.
    private mutating func dropTyped(_ slot: Slot) -> TypedInput? {
        typedInputs[slot] = nil
        typedChanged.insert(slot)
        return nil
    }

    /// The first `depends_on` parent of the slot whose value changed in this edit.
    private func changedParent(_ field: FieldRules, _ slot: Slot, _ changed: Set<Slot>) -> Slot? {
        guard !changed.isEmpty else { return nil }
        for parent in field.dependsOn {
            let parentSlot =
                switch rules.fields[parent.index].list {
                case nil: Slot(parent)
                case field.list: Slot(parent, item: slot.item)
                // A field of an enclosing list's item: the item that holds this one.
                case .some(let list):
                    Slot(
                        parent,
                        item: values.ancestorItem(
                            slot.item, of: rules.listOrdinal[field.list?.index ?? 0], at: rules.listOrdinal[list.index]))
                }
            if changed.contains(parentSlot) { return parentSlot }
        }
        return nil
    }

    // MARK: - Sections, gates and the change set

    /// Counts invalid slots per section and gate from scratch.
    mutating func recountValidity() {
        invalidInSection = Array(repeating: 0, count: rules.sections.count)
        invalidInGate = Array(repeating: 0, count: rules.gates.count)
        for slot in allSlots() where !states[slot].issues.isEmpty {
            adjustCounters(slot.field, by: 1)
        }
        guard !rules.pages.isEmpty else { return }
        visibleInSection = Array(repeating: 0, count: rules.sections.count)
        for slot in allSlots() where states[slot].isVisible {
            visibleInSection[rules.fields[slot.field.index].section] += 1
        }
    }

    private mutating func adjustCounters(_ field: FieldID, by delta: Int) {
        invalidInSection[rules.fields[field.index].section] += delta
        for gate in rules.gatesOfField[field.index] { invalidInGate[gate] += delta }
    }

    /// Builds the change set of an incremental edit and updates the section and gate counters,
    /// in O(1) per touched slot.
    private mutating func finish(_ record: EditRecord) -> ChangeSet {
        var changes = ChangeSet()
        if record.before.count > 16 { changes.reserveCapacity(record.before.count) }
        var sectionsBefore: [Int: Bool] = [:]
        var gatesBefore: [Int: Bool] = [:]
        let rules = rules
        for touched in record.before {
            let (slot, old) = (touched.slot, touched.state)
            let new = state(slot)
            changes.record(values.path(of: slot, rules), from: old, to: new)
            let wasInvalid = !old.issues.isEmpty
            guard wasInvalid != !new.issues.isEmpty else { continue }
            let section = rules.fields[slot.field.index].section
            if sectionsBefore[section] == nil { sectionsBefore[section] = invalidInSection[section] == 0 }
            for gate in rules.gatesOfField[slot.field.index] where gatesBefore[gate] == nil {
                gatesBefore[gate] = invalidInGate[gate] == 0
            }
            adjustCounters(slot.field, by: wasInvalid ? -1 : 1)
        }
        for (section, wasComplete) in sectionsBefore where (invalidInSection[section] == 0) != wasComplete {
            changes.sections[rules.sections[section].id] = !wasComplete
        }
        for (gate, wasOpen) in gatesBefore where (invalidInGate[gate] == 0) != wasOpen {
            changes.gates[rules.gates[gate].name] = !wasOpen
        }
        for (list, countBefore) in record.countsBefore {
            let count = itemCount(of: list)
            if count != countBefore { changes.items[path(list)] = count }
        }
        for (path, state) in record.vanished { changes.record(path, from: state, to: .absent) }
        for path in record.listsGone { changes.items[path] = 0 }
        if !rules.pages.isEmpty { countVisible(record) }
        if !typedChanged.isEmpty { reportTypedInputs(into: &changes) }
        return changes
    }

    /// Updates how many slots of each section are visible (paged forms: a page with nothing
    /// visible is skipped) from the slots an edit touched.
    private mutating func countVisible(_ record: EditRecord) {
        for touched in record.before where touched.state.isVisible != states[touched.slot].isVisible {
            visibleInSection[rules.fields[touched.slot.field.index].section] += touched.state.isVisible ? -1 : 1
        }
    }

    /// Puts the typed text the edit set or dropped into the ChangeSet.
    private mutating func reportTypedInputs(into changes: inout ChangeSet) {
        for slot in typedChanged { changes.inputs[path(slot)] = .some(typedInputs[slot]?.input) }
        typedChanged = []
    }

    /// The change set between two whole forms (for full evaluation and `reset`).
    func difference(from previous: Form) -> ChangeSet {
        if rules.layout.hasNesting || previous.rules.layout.hasNesting { return differenceByPath(from: previous) }
        var changes = ChangeSet()
        var slots = Set(previous.allSlots())
        slots.formUnion(allSlots())
        let rules = rules
        for slot in slots {
            changes.record(
                rules.path(of: rules.fields[slot.field.index], item: slot.item), from: previous.state(slot),
                to: state(slot))
        }
        recordSectionsAndGates(into: &changes, from: previous)
        for list in rules.lists where values.itemCount(of: list) != previous.values.itemCount(of: list) {
            changes.items[rules.fields[list.index].path] = values.itemCount(of: list)
        }
        if !rules.pages.isEmpty { changes.pages = pageChange(from: previous.pageSummary) }
        for slot in Set(typedInputs.keys).union(previous.typedInputs.keys)
        where typedInputs[slot]?.input != previous.typedInputs[slot]?.input {
            changes.inputs[path(slot)] = .some(typedInputs[slot]?.input)
        }
        return changes
    }

    /// ``difference(from:)`` for forms with lists inside list items, whose slots are numbered
    /// across outer items: the same slot may be another path in the other form, so slots are
    /// compared by path.
    private func differenceByPath(from previous: Form) -> ChangeSet {
        var changes = ChangeSet()
        var before: [String: FieldState] = [:]
        var countsBefore: [String: Int] = [:]
        for slot in previous.allSlots() {
            let path = previous.path(slot)
            before[path] = previous.state(slot)
            if previous.rules.fields[slot.field.index].type == .list { countsBefore[path] = previous.itemCount(of: slot) }
        }
        for slot in allSlots() {
            let path = path(slot)
            changes.record(path, from: before.removeValue(forKey: path) ?? .absent, to: state(slot))
            if rules.fields[slot.field.index].type == .list {
                let count = itemCount(of: slot)
                if count != countsBefore.removeValue(forKey: path) ?? 0 { changes.items[path] = count }
            }
        }
        for (path, state) in before { changes.record(path, from: state, to: .absent) }
        for (path, count) in countsBefore where count > 0 { changes.items[path] = 0 }
        recordSectionsAndGates(into: &changes, from: previous)
        if !rules.pages.isEmpty { changes.pages = pageChange(from: previous.pageSummary) }
        var typedBefore: [String: FieldInput] = [:]
        for (slot, typed) in previous.typedInputs { typedBefore[previous.path(slot)] = typed.input }
        for (slot, typed) in typedInputs {
            let path = path(slot)
            if typedBefore.removeValue(forKey: path) != typed.input { changes.inputs[path] = .some(typed.input) }
        }
        for path in typedBefore.keys { changes.inputs[path] = .some(nil) }
        return changes
    }

    /// The sections and gates whose validity differs from `previous`'s, into `changes`; and the
    /// record's own issues (its JSON Schema's) when they changed, under the empty path.
    private func recordSectionsAndGates(into changes: inout ChangeSet, from previous: Form) {
        if recordIssues != previous.recordIssues { changes.issues[""] = recordIssues }
        for (index, section) in rules.sections.enumerated()
        where (invalidInSection[index] == 0) != (previous.invalidInSection[index] == 0) {
            changes.sections[section.id] = invalidInSection[index] == 0
        }
        for (index, gate) in rules.gates.enumerated()
        where (invalidInGate[index] == 0) != (previous.invalidInGate[index] == 0) {
            changes.gates[gate.name] = invalidInGate[index] == 0
        }
    }
}
