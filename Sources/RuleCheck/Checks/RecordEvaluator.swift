/// Reads one record's values into slots, then evaluates every field once in topological order
/// and collects the violations. ``clear(columns:)`` makes it ready for the next record, keeping its
/// memory.
struct RecordEvaluator {
    let checker: RecordChecker
    let rules: RuleSet
    private(set) var columns: ColumnMap?
    let slots: RecordSlots
    /// The record's own text of each form-level field that has one (as written).
    var raw: ContiguousArray<Written?>
    /// The same for list items' fields: for each list (by ordinal), item after item, each item's
    /// fields by ``FieldRules/itemIndex`` (like ``RecordSlots/items``, but in one array).
    var itemRaw: [ContiguousArray<Written?>]
    /// Slots whose text could not be read as the field's type: what was expected.
    var failures: [Slot: String] = [:]
    /// Keys of a JSON or dictionary record that no field matches.
    var unknownKeys: [String] = []
    private var found: [(key: SortKey, violation: Violation)] = []
    private var sequence = 0

    init(checker: RecordChecker, columns: ColumnMap? = nil) {
        self.checker = checker
        rules = checker.rules
        self.columns = columns
        slots = RecordSlots(rules: checker.rules)
        raw = ContiguousArray(repeating: nil, count: checker.rules.fields.count)
        itemRaw = Array(repeating: [], count: checker.rules.lists.count)
    }

    /// Forgets the record read so far, keeping the memory, for a record under `columns`.
    mutating func clear(columns: ColumnMap?) {
        self.columns = columns
        slots.clear()
        for index in raw.indices { raw[index] = nil }
        for ordinal in itemRaw.indices { itemRaw[ordinal].removeAll(keepingCapacity: true) }
        if !failures.isEmpty { failures.removeAll(keepingCapacity: true) }
        unknownKeys.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        sequence = 0
    }

    // MARK: - Reading

    /// Checks one CSV record from scratch: clears, reads every cell that has a field, finishes.
    mutating func check(cells: [String], columns: ColumnMap) -> [Violation] {
        clear(columns: columns)
        for (index, text) in cells.enumerated() where index < columns.fields.count {
            guard let field = columns.fields[index] else { continue }
            read(text: text, field: rules.fields[field.index])
        }
        return finish()
    }

    mutating func read(text: String, key: String) {
        guard let field = rules.field(key), field.list == nil, field.type != .group else {
            unknownKeys.append(key)
            return
        }
        read(text: text, field: field)
    }

    mutating func read(text: String, field: FieldRules) {
        let slot = Slot(field.id)
        if field.type == .list {
            guard !text.isEmpty else { return }
            raw[field.id.index] = .text(text)
            switch Result(catching: { () throws(JSONParseError) in try JSONParser().parse(text) }) {
            case .success(.array(let elements)): readItems(elements, of: field)
            default: failures[slot] = "a JSON array of item objects"
            }
            return
        }
        if !text.isEmpty { raw[field.id.index] = .text(text) }
        switch ValueReader.read(text: text, for: field) {
        case .success(let value): slots.values[field.id.index] = value
        case .failure(let failure): failures[slot] = failure.expected
        }
    }

    /// Reads a JSON object's entries in key order. That order decides the order of unknown keys,
    /// and which value wins when a group's object and a dotted key name the same field.
    mutating func read(json object: [String: JSONValue]) {
        if readInAnyOrder(object) { return }
        clear(columns: columns)
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            read(json: value, key: key)
        }
    }

    /// Reads the entries in the dictionary's own order, which saves sorting the keys, when that
    /// order cannot matter: every key is a form-level field's that is not a group, and at most
    /// one is a list's (its items are then the only source of unknown keys). Returns false as soon
    /// as a key breaks that; the caller then clears and reads in key order.
    private mutating func readInAnyOrder(_ object: [String: JSONValue]) -> Bool {
        var lists = 0
        for (key, value) in object {
            guard let field = rules.field(key), field.list == nil, field.type != .group else { return false }
            if field.type == .list {
                lists += 1
                guard lists == 1 else { return false }
            }
            read(json: value, field: field)
        }
        return true
    }

    mutating func read(json: JSONValue, key: String) {
        guard let field = rules.field(key), field.list == nil else {
            unknownKeys.append(key)
            return
        }
        read(json: json, field: field)
    }

    private mutating func read(json: JSONValue, field: FieldRules) {
        switch (field.type, json) {
        case (.group, .object(let members)):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                read(json: member, key: field.path + "." + name)
            }
        case (.group, .null):
            break
        case (.list, .array(let elements)):
            raw[field.id.index] = .json(json)
            readItems(elements, of: field)
        case (.list, .null):
            break
        default:
            let slot = Slot(field.id)
            if case .null = json {} else { raw[field.id.index] = .json(json) }
            switch ValueReader.read(json: json, for: field) {
            case .success(let value): slots.values[field.id.index] = value
            case .failure(let failure): failures[slot] = field.type == .group || field.type == .list
                ? "a JSON \(field.type == .group ? "object" : "array")" : failure.expected
            }
        }
    }

    /// Reads a list's items. An element that is not an object is a `type` failure of the list,
    /// which then counts as empty.
    private mutating func readItems(_ elements: [JSONValue], of list: FieldRules) {
        if let bad = elements.firstIndex(where: { if case .object = $0 { false } else { true } }) {
            failures[Slot(list.id)] = "a JSON array of item objects (item \(bad) is not an object)"
            return
        }
        let ordinal = rules.listOrdinal[list.id.index]
        slots.resetItems(ordinal, count: elements.count)
        itemRaw[ordinal].removeAll(keepingCapacity: true)
        itemRaw[ordinal].append(contentsOf: repeatElement(nil, count: slots.itemWidths[ordinal] * elements.count))
        for (item, element) in elements.enumerated() {
            if case .object(let object) = element {
                readItem(object, prefix: "", list: list, item: item)
            }
        }
    }

    /// Reads one item's keys; `prefix` is the path inside the item of the group they are in
    /// (`""`, `address.`).
    ///
    /// The keys are read in key order (which decides the order of unknown keys) unless every key
    /// is an item field outside a group: then the dictionary's own order does as well and saves
    /// sorting. Reading a value only sets that field's slot, so the values read before a key
    /// turns out otherwise are simply read again, to the same effect, in key order.
    private mutating func readItem(_ object: [String: JSONValue], prefix: String, list: FieldRules, item: Int) {
        let ordinal = rules.listOrdinal[list.id.index]
        if prefix.isEmpty, readItemInAnyOrder(object, ordinal: ordinal, item: item) { return }
        for (key, json) in object.sorted(by: { $0.key < $1.key }) {
            guard let field = checker.itemFields[ordinal][prefix.isEmpty ? key : prefix + key] else {
                unknownKeys.append(list.path + "[]." + prefix + key)
                continue
            }
            if field.type == .group {
                if case .object(let members) = json { readItem(members, prefix: prefix + key + ".", list: list, item: item) }
                continue
            }
            readItemValue(json, field: field, ordinal: ordinal, item: item)
        }
    }

    private mutating func readItemInAnyOrder(_ object: [String: JSONValue], ordinal: Int, item: Int) -> Bool {
        for (key, json) in object {
            guard let field = checker.itemFields[ordinal][key], field.type != .group else { return false }
            readItemValue(json, field: field, ordinal: ordinal, item: item)
        }
        return true
    }

    private mutating func readItemValue(_ json: JSONValue, field: FieldRules, ordinal: Int, item: Int) {
        if case .null = json {} else {
            itemRaw[ordinal][slots.offset(ordinal: ordinal, item: item, itemIndex: field.itemIndex)] = .json(json)
        }
        switch ValueReader.read(json: json, for: field) {
        case .success(let value): slots[ordinal, item, field.itemIndex] = value
        case .failure(let failure): failures[Slot(field.id, item: item)] = failure.expected
        }
    }

    /// A value as the record wrote it. JSON input keeps the JSON value, written out as text only
    /// when a violation shows it: most values never are, and writing every number and list back
    /// out as JSON text took a tenth of the time of checking a JSON Lines record.
    enum Written {
        case text(String)
        case json(JSONValue)

        /// The text: a JSON string as is, other JSON values as JSON text.
        var text: String {
            switch self {
            case .text(let text), .json(.string(let text)): text
            case .json(let json): JSONWriter.string(json)
            }
        }
    }

    // MARK: - Evaluating

    /// Evaluates every field once, in topological order; returns the violations ordered by the
    /// fields' order in the rules (a list's items in item order), after an `unknown_column`
    /// warning for each unknown key when `reportingUnknownKeys`.
    mutating func finish(reportingUnknownKeys: Bool = true) -> [Violation] {
        // One context for the form-level fields, made once: each holds references to the rules
        // and the slots, and retaining the rules (shared by every worker thread) is costly.
        let formContext = RecordContext(rules: rules, slots: slots, item: -1, today: checker.today)
        for id in rules.order {
            let field = rules.fields[id.index]
            if let list = field.list {
                for item in 0..<slots.itemCounts[rules.listOrdinal[list.index]] {
                    evaluate(Slot(id, item: item), field,
                             RecordContext(rules: rules, slots: slots, item: item, today: checker.today))
                }
            } else {
                evaluate(Slot(id), field, formContext)
            }
        }
        for key in unknownKeys where reportingUnknownKeys {
            sequence += 1
            found.append((SortKey(anchor: -1, item: -1, field: -1, sequence: sequence),
                          Violation(field: key, code: .unknownColumn, value: nil,
                                    message: "'\(key)' is not a field of these rules")))
        }
        return found.sorted { $0.key < $1.key }.map(\.violation)
    }

    /// Evaluates one slot; `context` reads the record for the slot's item.
    private mutating func evaluate(_ slot: Slot, _ field: FieldRules, _ context: RecordContext) {
        let written = self.written(slot, field)
        var value = self.value(slot, field)
        // Failures are rare: do not hash the slot when there are none.
        let failure = failures.isEmpty ? nil : failures[slot]

        if let computed = field.computed {
            let expected = Value.normalized(computed.evaluate(context))
            if let written, failure == nil, value != expected {
                let shown = expected.map { checker.evaluator.display($0, field) } ?? ""
                report(slot, field, Violation(
                    field: path(slot, field), code: .computed, value: written.text,
                    message: checker.evaluator.messages.issue(.computed, field, rule: "value: \(field.computedText ?? "")",
                                                      variant: expected == nil ? "empty" : nil,
                                                      parameters: ["value": written.text, "expected": shown]).message,
                    rule: "value: \(field.computedText ?? "")"))
            }
            value = expected
            setValue(value, slot, field)
        }
        let visible = checker.evaluator.isVisible(field, context)
        if !visible {
            if let written {
                report(slot, field, Violation(field: path(slot, field), code: .hiddenValue, value: written.text,
                                              message: checker.evaluator.messages.issue(.hiddenValue, field, rule: "").message,
                                              rule: field.visibleTexts.map { "visible_if: \($0)" }.joined(separator: " and ")))
            }
            if rules.hiddenValues == .clear { setValue(nil, slot, field) }
            return
        }
        if value != nil || written != nil, let parent = emptyParent(field, slot, context) {
            report(slot, field, Violation(
                field: path(slot, field), code: .orphan, value: written?.text,
                message: checker.evaluator.messages.issue(.orphan, field, rule: "", parameters: ["parent": parent]).message,
                rule: "depends_on: \(parent)"))
        }
        if let expected = failure {
            report(slot, field, Violation(
                field: path(slot, field), code: .type, value: written?.text,
                message: checker.evaluator.messages.issue(.type, field, rule: "type: \(field.type)",
                                                  parameters: ["value": written?.text ?? "", "expected": expected]).message,
                rule: "type: \(field.type)"))
            return
        }
        let required = checker.evaluator.isRequired(field, visible: true, context)
        for issue in checker.evaluator.issues(field, value: value, required: required, context) {
            if issue.code == .required, let columns, field.list == nil, field.type.holdsValue || field.type == .list,
               !columns.hasColumn[field.id.index] {
                report(slot, field, Violation(field: path(slot, field), code: .missingColumn, value: nil,
                                              message: "\(field.title) is required but the input has no column '\(field.path)'",
                                              rule: issue.rule))
                continue
            }
            report(slot, field, Violation(field: path(slot, field), code: issue.code, value: written?.text, message: issue.message,
                                          rule: issue.rule))
        }
    }

    /// The path of the first `depends_on` parent that is empty.
    private func emptyParent(_ field: FieldRules, _ slot: Slot, _ context: RecordContext) -> String? {
        for parent in field.dependsOn {
            let parentField = rules.fields[parent.index]
            let empty = parentField.type == .list ? context.itemCount(of: parent) == 0 : context.value(of: parent) == nil
            if empty { return path(Slot(parent, item: parentField.list == nil ? -1 : slot.item), parentField) }
        }
        return nil
    }

    /// The record's own text of a slot's field, as written.
    private func written(_ slot: Slot, _ field: FieldRules) -> Written? {
        guard let list = field.list else { return raw[field.id.index] }
        let ordinal = rules.listOrdinal[list.index]
        return itemRaw[ordinal][slots.offset(ordinal: ordinal, item: slot.item, itemIndex: field.itemIndex)]
    }

    private func value(_ slot: Slot, _ field: FieldRules) -> Value? {
        guard let list = field.list else { return slots.values[field.id.index] }
        return slots[rules.listOrdinal[list.index], slot.item, field.itemIndex]
    }

    private func setValue(_ value: Value?, _ slot: Slot, _ field: FieldRules) {
        if let list = field.list {
            slots[rules.listOrdinal[list.index], slot.item, field.itemIndex] = value
        } else {
            slots.values[field.id.index] = value
        }
    }

    private func path(_ slot: Slot, _ field: FieldRules) -> String {
        rules.path(of: field, item: slot.item)
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
