import Patterns
/// Checks one record at a time: reads its values into slots (``RecordEvaluator+Reading``), then
/// puts every slot through the value step (``FieldEvaluator``) once, in topological order, and
/// turns the failures into violations. ``clear(columns:)`` makes it ready for the next record,
/// keeping its memory.
struct RecordEvaluator {
    let checker: RecordChecker
    let rules: RuleSet
    let keys: RecordKeys
    private(set) var columns: ColumnMap?
    /// For a CSV record: whether each field has a column (``ColumnMap/hasColumn``), kept apart so
    /// that each slot reads one array rather than copying the map.
    /// Empty for a record that is not a CSV row.
    private var hasColumn: [Bool] = []
    /// Every slot's value, as the Form engine keeps them.
    var values: SlotTable<Value?>
    /// What the record wrote for each slot it has (a column or key): where to find the text (or
    /// JSON value), `.empty` for an empty cell or a JSON null, `.absent` for a slot the record does
    /// not have. The texts themselves stay where they are, read only to show a violation — or,
    /// for a text kept as bytes (``WrittenText/keptBytes(_:)``), which has no value in ``values``,
    /// by its rules and by the expressions and steps that ask whether it is there.
    var written: SlotTable<WrittenText>
    /// The bytes of the record being checked, that ``WrittenText/bytes(_:)`` and ``WrittenText/jsonBytes(_:)``
    /// point into: set only for the length of one call that checks a record from its bytes.
    private(set) var buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// How deep the JSON of the record being read may nest (the reader's limit, which its values
    /// were parsed under).
    var maxJSONDepth = JSONParser.defaultMaxDepth
    /// The texts of a dictionary record (and escaped JSON strings), and the JSON values of a
    /// record read as values, that ``written`` points into.
    var texts: [String] = []
    private(set) var jsons: [JSONValue] = []
    /// Slots whose text could not be read as their field's type, with the failure. Usually
    /// empty, so a dictionary rather than a table.
    var unreadable: [Slot: Failure] = [:]
    /// Keys of a JSON or dictionary record that no field matches.
    var unknownKeys: [String] = []
    /// For a rule set with a JSON Schema (``RecordSchema``): the record as the schema sees it,
    /// when it was read as JSON (`nil`: made from the values read, or from ``buffer`` when
    /// ``bufferIsJSON``).
    var schemaRecord: JSONValue?
    /// Whether ``buffer`` holds the record's JSON text (a JSON Lines record read from its bytes).
    var bufferIsJSON = false
    /// For a rule set with a JSON Schema: the texts of a CSV record's cells that no field reads,
    /// by column (the schema sees them as strings).
    var unmatchedCells: [Int: String] = [:]
    private var found: [(key: SortKey, violation: Violation)] = []
    private var sequence = 0
    /// The outcome of the slot being evaluated, reused from slot to slot.
    private var outcome = FieldEvaluator.Outcome()

    init(checker: RecordChecker, columns: ColumnMap? = nil) {
        self.checker = checker
        rules = checker.rules
        keys = checker.keys
        self.columns = columns
        hasColumn = columns?.hasColumn ?? []
        values = SlotTable(layout: checker.rules.layout, blank: nil)
        written = SlotTable(layout: checker.rules.layout, blank: .absent)
    }

    /// Forgets the record read so far, keeping the memory, for a record under `columns`.
    mutating func clear(columns: ColumnMap?) {
        self.columns = columns
        hasColumn = columns?.hasColumn ?? []
        values.clearValues()
        written.clear()
        buffer = UnsafeBufferPointer(start: nil, count: 0)
        if !texts.isEmpty { texts.removeAll(keepingCapacity: true) }
        if !jsons.isEmpty { jsons.removeAll(keepingCapacity: true) }
        if !unreadable.isEmpty { unreadable.removeAll(keepingCapacity: true) }
        unknownKeys.removeAll(keepingCapacity: true)
        schemaRecord = nil
        bufferIsJSON = false
        if !unmatchedCells.isEmpty { unmatchedCells.removeAll(keepingCapacity: true) }
        found.removeAll(keepingCapacity: true)
        sequence = 0
    }

    /// What the value table holds for a group given as an object under `empty_values: present`
    /// (a group holds no value of its own): the object is there, so its checks run even with
    /// every member empty, and `required` holds.
    static let givenObject = Value.structured(.object([:]))

    /// What the value table holds for a list given as an array under `empty_values: present` (a
    /// list's items are in their own slots): the array is there, so `[]` is judged by
    /// `min_items` and its checks, and `required` holds.
    static let givenArray = Value.structured(.array([]))

    /// Checks a record from its bytes: sets ``buffer`` for the length of `body` only.
    mutating func withBuffer<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout RecordEvaluator) -> R) -> R {
        buffer = bytes
        defer { buffer = UnsafeBufferPointer(start: nil, count: 0) }
        return body(&self)
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
        case .bytes(let range), .keptBytes(let range), .option(let range, _):
            String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        case .jsonBytes(let range): jsonText(UnsafeBufferPointer(rebasing: buffer[range]))
        case .text(let index): texts[index]
        case .json(let index): Self.jsonText(jsons[index])
        }
    }

    /// A JSON value as a violation shows it: a string as is, anything else as JSON.
    private static func jsonText(_ json: JSONValue) -> String {
        if case .string(let text) = json { text } else { JSONWriter.string(json) }
    }

    /// The JSON value in `bytes` as a violation shows it (``jsonText(_:)-(JSONValue)``).
    private func jsonText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let value = try? JSONParser(maxDepth: maxJSONDepth).parse(UnsafeRawBufferPointer(bytes)) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return Self.jsonText(value)
    }

    // MARK: - Evaluating

    /// Evaluates every slot once, in topological order; returns the violations ordered by the
    /// fields' order in the rules (a list's items in item order), after an `unknown_column`
    /// warning for each unknown key when `reportingUnknownKeys`.
    mutating func finish(reportingUnknownKeys: Bool = true) -> [Violation] {
        // A job no longer wanted (its ``MatchBudget`` stopped) stops before its next list item:
        // its caller throws the result away, and a list of thousands of items is not worth finishing.
        let budget = MatchBudget.current
        for id in rules.order {
            // The rule set holds every field for as long as the check runs: no need to retain
            // (an `unowned(unsafe)` local was still retained and released around each mutating
            // call, once per slot).
            Unmanaged.passUnretained(rules.fields[id.index])._withUnsafeGuaranteedRef { field in
                if let list = field.list {
                    for item in 0..<values.itemCount(of: list) {
                        if let budget, budget.isStopped { break }
                        evaluate(Slot(id, item: item), field)
                    }
                } else {
                    evaluate(Slot(id), field)
                }
            }
        }
        // A JSON Schema says which members a record may have: an unknown key is its business.
        if reportingUnknownKeys, rules.recordSchema == nil {
            for key in unknownKeys {
                sequence += 1
                found.append(
                    (
                        SortKey(anchor: -1, item: -1, field: -1, sequence: sequence),
                        checker.violation(for: .unknownKey(key))
                    ))
            }
        }
        if found.count > 1 { found.sort { $0.key < $1.key } }
        guard let schema = rules.recordSchema else { return found.map(\.violation) }
        let record = recordForSchema()
        return SchemaVerdict(rules: rules, words: SchemaFailureWords(rules: rules, messages: checker.evaluator.messages))
            .violations(fields: found.map(\.violation), failures: schema.failures(record), record: record)
    }

    /// The record as its JSON Schema sees it: the JSON read, or a CSV record's values as JSON
    /// (``SlotTable/record(_:)``) with the texts of the columns no field has.
    private func recordForSchema() -> JSONValue {
        if let schemaRecord { return schemaRecord }
        if bufferIsJSON, let parsed = try? JSONParser(maxDepth: maxJSONDepth).parse(UnsafeRawBufferPointer(buffer)) {
            return parsed
        }
        var record = values.record(rules) { slot in
            if case .keptBytes = written[slot] { return writtenText(slot).map(JSONValue.string) }
            // A cell that is not of its field's type: the schema judges what was written — JSON
            // text for a field of any JSON, else the text.
            guard unreadable[slot] != nil, let text = writtenText(slot) else { return nil }
            if rules.fields[slot.field.index].type == .json, let json = try? JSONParser(maxDepth: maxJSONDepth).parse(text) {
                return json
            }
            return .string(text)
        }
        if let columns {
            for (index, name) in columns.header.enumerated() where columns.fields[index] == nil && record[name] == nil {
                if let text = unmatchedCells[index] { record[name] = .string(text) }
            }
        }
        return .object(record)
    }

    /// Puts one slot through the value step and reports its failures.
    private mutating func evaluate(_ slot: Slot, _ field: FieldRules) {
        var input = FieldEvaluator.Input()
        let state = written[slot]
        switch state {
        case .absent: break
        case .empty: input.given = true
        case .keptBytes(let range):
            (input.given, input.isWritten) = (true, true)
            input.text = UnsafeBufferPointer(rebasing: buffer[range])
        case .option(_, let index):
            (input.given, input.isWritten) = (true, true)
            input.option = index
        case .bytes, .jsonBytes, .text, .json: (input.given, input.isWritten) = (true, true)
        }
        let readFailure = unreadable.isEmpty ? nil : unreadable[slot]
        input.isUnreadable = readFailure != nil
        if !hasColumn.isEmpty, field.list == nil, field.type != .group {
            input.columnMissing = !hasColumn[field.id.index]
        }
        checker.evaluator.step(
            field, slot, input, values: &values, written: &written, buffer: buffer, today: checker.today, into: &self.outcome)
        if case .keptBytes(let range) = state, outcome.valueChanged {
            // The step cleared a kept text (hidden under `hidden_values: clear`): the slots after it
            // see it empty; a violation still shows what the record wrote.
            written[slot] = .bytes(range)
        }
        // The step stops a visible field whose text could not be read: its failure is ours to report.
        if let readFailure, outcome.isVisible { outcome.failures.append(readFailure) }
        guard !outcome.failures.isEmpty else { return }
        let outcome = self.outcome
        // Most slots pass: the path, the text as written and the messages are made only now.
        let path = values.path(of: slot, rules)
        let text = writtenText(slot)
        // A text kept as bytes is shown as the text it is.
        let value: Value? = if case .keptBytes = written[slot] { .text(text ?? "") } else { values[slot] }
        let (messages, today) = (checker.evaluator.messages, checker.today)
        let violations = written.withKeptTexts(in: buffer) { kept in
            values.withContext(slot, today: today, numbers: checker.evaluator.numbers, kept: kept) { context in
                outcome.failures.map { failure in
                    // A computed field's slot holds what the rules compute: a wrong computation and an
                    // unreadable text show what the record wrote.
                    let shown: Value? =
                        switch failure {
                        case .computed, .type: nil
                        default: value
                        }
                    return Violation(
                        field: path, code: failure.code, value: text,
                        message: messages.message(failure, field, value: shown, written: text, context),
                        rule: messages.rule(failure, field))
                }
            }
        }
        for violation in violations { report(slot, field, violation) }
    }

    private mutating func report(_ slot: Slot, _ field: FieldRules, _ violation: Violation) {
        sequence += 1
        guard let list = field.list, let outer = rules.fields[list.index].list else {
            let anchor = field.list?.index ?? field.id.index
            found.append((SortKey(anchor: anchor, item: slot.item, field: field.id.index, sequence: sequence), violation))
            return
        }
        // An inner item's field: in its outer item, at its list's place, then by inner item.
        let owner = values.owner(ofItem: slot.item, ordinal: rules.listOrdinal[list.index])
        let key = SortKey(
            anchor: outer.index, item: owner, field: list.index, innerItem: slot.item, innerField: field.id.index,
            sequence: sequence)
        found.append((key, violation))
    }

    /// Violations sort by the field's place in the rules; a list's items in item order (the
    /// items of a list inside an item in that item, at the inner list's place).
    private struct SortKey: Comparable {
        let anchor: Int
        let item: Int
        let field: Int
        var innerItem = -1
        var innerField = -1
        let sequence: Int

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            (lhs.anchor, lhs.item, lhs.field, lhs.innerItem, lhs.innerField, lhs.sequence)
                < (rhs.anchor, rhs.item, rhs.field, rhs.innerItem, rhs.innerField, rhs.sequence)
        }
    }
}
