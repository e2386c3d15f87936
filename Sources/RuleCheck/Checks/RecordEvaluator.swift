/// Checks one record at a time: reads its values into slots (``RecordEvaluator+Reading``), then
/// puts every slot through the value step (``FieldEvaluator``) once, in topological order, and
/// turns the failures into violations. ``clear(columns:)`` makes it ready for the next record,
/// keeping its memory.
struct RecordEvaluator {
    let checker: RecordChecker
    let rules: RuleSet
    private(set) var columns: ColumnMap?
    /// Every slot's value, as the Form engine keeps them.
    var values: SlotTable<Value?>
    /// What the record wrote for each slot it has (a column or key): `.empty` for an empty cell
    /// or a JSON null; `nil` for a slot the record does not have.
    var written: SlotTable<Written?>
    /// Slots whose text could not be read as their field's type, with the failure. Usually
    /// empty, so a dictionary rather than a table.
    var unreadable: [Slot: Failure] = [:]
    /// Keys of a JSON or dictionary record that no field matches.
    var unknownKeys: [String] = []
    private var found: [(key: SortKey, violation: Violation)] = []
    private var sequence = 0

    init(checker: RecordChecker, columns: ColumnMap? = nil) {
        self.checker = checker
        rules = checker.rules
        self.columns = columns
        values = SlotTable(layout: checker.rules.layout, blank: nil)
        written = SlotTable(layout: checker.rules.layout, blank: nil)
    }

    /// Forgets the record read so far, keeping the memory, for a record under `columns`.
    mutating func clear(columns: ColumnMap?) {
        self.columns = columns
        values.clear()
        written.clear()
        if !unreadable.isEmpty { unreadable.removeAll(keepingCapacity: true) }
        unknownKeys.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        sequence = 0
    }

    /// A value as the record wrote it. JSON input keeps the JSON value, written out as text only
    /// when a violation shows it: most values never are, and writing every number and list back
    /// out as JSON text took a tenth of the time of checking a JSON Lines record.
    enum Written {
        /// The record has the slot, empty: an empty cell, a JSON null.
        case empty
        case text(String)
        case json(JSONValue)

        /// The text: a JSON string as is, other JSON values as JSON text; `nil` when empty.
        var text: String? {
            switch self {
            case .empty: nil
            case .text(let text), .json(.string(let text)): text
            case .json(let json): JSONWriter.string(json)
            }
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
        let written = self.written[slot]
        var input = FieldEvaluator.Input(value: values[slot])
        input.written = written?.text
        input.given = written != nil
        input.unreadable = unreadable.isEmpty ? nil : unreadable[slot]
        if let columns, field.list == nil, field.type != .group {
            input.columnMissing = !columns.hasColumn[field.id.index]
        }
        let outcome = checker.evaluator.step(field, slot, input, mode: .record, values: &values, today: checker.today)
        guard !outcome.failures.isEmpty else { return }
        let context = SlotContext(values: values, item: slot.item, today: checker.today)
        let path = rules.path(of: field, item: slot.item)
        let messages = checker.evaluator.messages
        for failure in outcome.failures {
            let shown: Value? = if case .computed = failure { nil } else { outcome.value }
            report(slot, field, Violation(field: path, code: failure.code, value: input.written,
                                          message: messages.message(failure, field, value: shown, written: input.written, context),
                                          rule: messages.rule(failure, field)))
        }
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
