/// The values of one record while it is checked, in a class so that expressions can read them
/// while the checker fills them in, without copying. Reused from record to record by a
/// ``RecordChecker/Session``: ``clear()`` keeps the arrays' memory.
final class RecordSlots {
    /// Form-level fields' values by field id. Unsafe buffers rather than arrays for the hot slots:
    /// a class's `var` arrays would be checked for exclusive access on every read and write.
    let values: UnsafeMutableBufferPointer<Value?>
    /// For each list (by ordinal): its items' values, item after item, each item's fields by
    /// ``FieldRules/itemIndex`` — one array per list rather than one per item.
    var items: [ContiguousArray<Value?>]
    /// For each list: how many items the record has.
    let itemCounts: UnsafeMutableBufferPointer<Int>
    /// For each list: how many fields an item has (its ``FieldRules/members``).
    let itemWidths: [Int]

    init(rules: RuleSet) {
        values = .allocate(capacity: rules.fields.count)
        values.initialize(repeating: nil)
        itemCounts = .allocate(capacity: rules.lists.count)
        itemCounts.initialize(repeating: 0)
        items = Array(repeating: [], count: rules.lists.count)
        itemWidths = rules.lists.map { rules.fields[$0.index].members.count }
    }

    deinit {
        values.deinitialize()
        values.deallocate()
        itemCounts.deallocate()
    }

    /// Gives list `ordinal` `count` empty items (replacing any it had).
    func resetItems(_ ordinal: Int, count: Int) {
        items[ordinal].removeAll(keepingCapacity: true)
        items[ordinal].append(contentsOf: repeatElement(nil, count: count * itemWidths[ordinal]))
        itemCounts[ordinal] = count
    }

    /// Where item `item`'s field at `itemIndex` sits in list `ordinal`'s array (in ``items``, and
    /// in any array laid out the same way).
    func offset(ordinal: Int, item: Int, itemIndex: Int) -> Int {
        item * itemWidths[ordinal] + itemIndex
    }

    /// The value of item `item`'s field at `itemIndex` in list `ordinal`.
    subscript(ordinal: Int, item: Int, itemIndex: Int) -> Value? {
        get { items[ordinal][offset(ordinal: ordinal, item: item, itemIndex: itemIndex)] }
        set { items[ordinal][offset(ordinal: ordinal, item: item, itemIndex: itemIndex)] = newValue }
    }

    /// Empties every slot, keeping the memory.
    func clear() {
        for index in values.indices { values[index] = nil }
        for ordinal in items.indices {
            items[ordinal].removeAll(keepingCapacity: true)
            itemCounts[ordinal] = 0
        }
    }
}

/// What expressions read while a record is checked.
struct RecordContext: EvaluationContext {
    let rules: RuleSet
    let slots: RecordSlots
    let item: Int
    let today: Day
    var option: ChoiceOption? { nil }

    func value(of field: FieldID) -> Value? {
        let rules = rules.fields[field.index]
        guard let list = rules.list else { return slots.values[field.index] }
        let ordinal = self.rules.listOrdinal[list.index]
        guard item >= 0, item < slots.itemCounts[ordinal] else { return nil }
        return slots[ordinal, item, rules.itemIndex]
    }

    func itemCount(of list: FieldID) -> Int {
        slots.itemCounts[rules.listOrdinal[list.index]]
    }
}
