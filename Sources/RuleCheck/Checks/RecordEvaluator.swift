/// Checks one record at a time: reads its values into slots (``RecordEvaluator+Reading``), then
/// puts every slot through the value step (``FieldEvaluator``) once, in topological order, and
/// turns the failures into violations. ``clear(columns:)`` makes it ready for the next record,
/// keeping its memory.
struct RecordEvaluator {
    let checker: RecordChecker
    let rules: RuleSet
    private(set) var columns: ColumnMap?
    /// For a CSV record: whether each field has a column (``ColumnMap/hasColumn``), kept apart so
    /// that each slot reads one array rather than copying the map.
    private var hasColumn: [Bool]?
    /// Every slot's value, as the Form engine keeps them.
    var values: SlotTable<Value?>
    /// What the record wrote for each slot it has (a column or key): where to find the text (or
    /// JSON value), `.empty` for an empty cell or a JSON null, `.absent` for a slot the record does
    /// not have. The texts themselves stay where they are, read only to show a violation.
    var written: SlotTable<Written>
    /// The cells of the CSV record being checked.
    private(set) var cells: [String] = []
    /// The texts of a dictionary record, and the JSON values of a JSON record, that ``written``
    /// points into.
    private(set) var texts: [String] = []
    private(set) var jsons: [JSONValue] = []
    /// Slots whose text could not be read as their field's type, with the failure. Usually
    /// empty, so a dictionary rather than a table.
    var unreadable: [Slot: Failure] = [:]
    /// Keys of a JSON or dictionary record that no field matches.
    var unknownKeys: [String] = []
    private var found: [(key: SortKey, violation: Violation)] = []
    private var sequence = 0
    /// The outcome of the slot being evaluated, reused from slot to slot.
    private var outcome = FieldEvaluator.Outcome()

    init(checker: RecordChecker, columns: ColumnMap? = nil) {
        self.checker = checker
        rules = checker.rules
        self.columns = columns
        hasColumn = columns?.hasColumn
        values = SlotTable(layout: checker.rules.layout, blank: nil)
        written = SlotTable(layout: checker.rules.layout, blank: .absent)
    }

    /// Forgets the record read so far, keeping the memory, for a record under `columns`.
    mutating func clear(columns: ColumnMap?) {
        self.columns = columns
        hasColumn = columns?.hasColumn
        values.clear()
        written.clear()
        if !texts.isEmpty { texts.removeAll(keepingCapacity: true) }
        if !jsons.isEmpty { jsons.removeAll(keepingCapacity: true) }
        if !unreadable.isEmpty { unreadable.removeAll(keepingCapacity: true) }
        unknownKeys.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        sequence = 0
    }

    /// Where the record's own text of a slot is. A trivial value (an index, no reference
    /// counting): every slot of every record reads one.
    enum Written: Equatable {
        /// The record does not have the slot.
        case absent
        /// The record has the slot, empty: an empty cell, a JSON null.
        case empty
        /// Cell `n` of the CSV record.
        case cell(Int)
        /// Text `n` of a dictionary record.
        case text(Int)
        /// JSON value `n` of a JSON record, written out as text only when a violation shows it:
        /// most values never are, and writing every number and list back out as JSON text took a
        /// tenth of the time of checking a JSON Lines record.
        case json(Int)
    }

    /// Uses the cells of a CSV record (so that ``Written/cell(_:)`` finds them).
    mutating func use(cells: [String]) {
        self.cells = cells
    }

    /// Records that the record wrote `text` for a slot.
    mutating func record(text: String, _ slot: Slot) {
        guard !text.isEmpty else {
            written[slot] = .empty
            return
        }
        texts.append(text)
        written[slot] = .text(texts.count - 1)
    }

    /// Records that the record wrote a JSON value for a slot.
    mutating func record(json: JSONValue, _ slot: Slot) {
        if case .null = json {
            written[slot] = .empty
            return
        }
        jsons.append(json)
        written[slot] = .json(jsons.count - 1)
    }

    /// The text the record wrote for a slot: a JSON string as is, other JSON values as JSON
    /// text; `nil` when it wrote nothing.
    func writtenText(_ slot: Slot) -> String? {
        switch written[slot] {
        case .absent, .empty: nil
        case .cell(let index): cells[index]
        case .text(let index): texts[index]
        case .json(let index):
            if case .string(let text) = jsons[index] { text } else { JSONWriter.string(jsons[index]) }
        }
    }

    // MARK: - Evaluating

    /// Evaluates every slot once, in topological order; returns the violations ordered by the
    /// fields' order in the rules (a list's items in item order), after an `unknown_column`
    /// warning for each unknown key when `reportingUnknownKeys`.
    mutating func finish(reportingUnknownKeys: Bool = true) -> [Violation] {
        for id in rules.order {
            let field = rules.fields[id.index]
            if let list = field.list {
                for item in 0..<values.itemCount(of: list) { evaluate(Slot(id, item: item), field) }
            } else {
                evaluate(Slot(id), field)
            }
        }
        if reportingUnknownKeys {
            for key in unknownKeys {
                sequence += 1
                found.append((SortKey(anchor: -1, item: -1, field: -1, sequence: sequence),
                              checker.violation(for: .unknownKey(key))))
            }
        }
        if found.count > 1 { found.sort { $0.key < $1.key } }
        return found.map(\.violation)
    }

    /// Puts one slot through the value step and reports its failures.
    private mutating func evaluate(_ slot: Slot, _ field: FieldRules) {
        var input = FieldEvaluator.Input()
        switch written[slot] {
        case .absent: break
        case .empty: input.given = true
        case .cell, .text, .json: (input.given, input.isWritten) = (true, true)
        }
        let readFailure = unreadable.isEmpty ? nil : unreadable[slot]
        input.isUnreadable = readFailure != nil
        if let hasColumn, field.list == nil, field.type != .group {
            input.columnMissing = !hasColumn[field.id.index]
        }
        checker.evaluator.step(field, slot, input, mode: .record, values: &values, today: checker.today, into: &outcome)
        // The step stops a visible field whose text could not be read: its failure is ours to report.
        if let readFailure, outcome.isVisible { outcome.failures.append(readFailure) }
        guard !outcome.failures.isEmpty else { return }
        let outcome = self.outcome
        let value = values[slot]
        // Most slots pass: the path, the text as written and the messages are made only now.
        let path = rules.path(of: field, item: slot.item)
        let text = writtenText(slot)
        let messages = checker.evaluator.messages
        let violations = values.withContext(item: slot.item, today: checker.today) { context in
            outcome.failures.map { failure in
                // A computed field's slot holds what the rules compute: a wrong computation and an
                // unreadable text show what the record wrote.
                let shown: Value? = switch failure {
                case .computed, .type: nil
                default: value
                }
                return Violation(field: path, code: failure.code, value: text,
                                 message: messages.message(failure, field, value: shown, written: text, context),
                                 rule: messages.rule(failure, field))
            }
        }
        for violation in violations { report(slot, field, violation) }
    }

    private mutating func report(_ slot: Slot, _ field: FieldRules, _ violation: Violation) {
        let anchor = field.list?.index ?? field.id.index
        sequence += 1
        found.append((SortKey(anchor: anchor, item: slot.item, field: field.id.index, sequence: sequence), violation))
    }

    /// Violations sort by the field's place in the rules; a list's items in item order.
    private struct SortKey: Comparable {
        let anchor: Int
        let item: Int
        let field: Int
        let sequence: Int

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            (lhs.anchor, lhs.item, lhs.field, lhs.sequence) < (rhs.anchor, rhs.item, rhs.field, rhs.sequence)
        }
    }
}
