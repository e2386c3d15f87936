/// What expressions read inside a form: stored values, at form level or in one list item.
struct FormContext: EvaluationContext {
    let rules: RuleSet
    let states: ContiguousArray<FieldState>
    let items: [[ContiguousArray<FieldState>]]
    let item: Int
    let today: Day
    var option: ChoiceOption? { nil }

    func value(of field: FieldID) -> Value? {
        let rules = rules.fields[field.index]
        guard let list = rules.list else { return states[field.index].value }
        let listItems = items[self.rules.listOrdinal[list.index]]
        guard listItems.indices.contains(item) else { return nil }
        return listItems[item][rules.itemIndex].value
    }

    func itemCount(of list: FieldID) -> Int {
        items[rules.listOrdinal[list.index]].count
    }
}
