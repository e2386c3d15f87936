/// The values of one record while it is checked, in a class so that expressions can read them
/// while the checker fills them in, without copying.
final class RecordSlots {
    /// Form-level fields' values by field id.
    var values: ContiguousArray<Value?>
    /// For each list (by ordinal): its items' values by item index.
    var items: [[ContiguousArray<Value?>]]

    init(fieldCount: Int, listCount: Int) {
        values = ContiguousArray(repeating: nil, count: fieldCount)
        items = Array(repeating: [], count: listCount)
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
        let listItems = slots.items[self.rules.listOrdinal[list.index]]
        guard listItems.indices.contains(item) else { return nil }
        return listItems[item][rules.itemIndex]
    }

    func itemCount(of list: FieldID) -> Int {
        slots.items[rules.listOrdinal[list.index]].count
    }
}
