/// What expressions read while a form or a record is evaluated: the values of its slots, seen
/// from one list item (an item field's bare name means the same item's field) or from form level.
/// The Form engine and the record checker evaluate through this one context.
struct SlotContext: EvaluationContext {
    let values: SlotTable<Value?>
    /// The item whose fields bare item-field names read; -1 at form level.
    let item: Int
    let today: Day
    var option: ChoiceOption? { nil }

    func value(of field: FieldID) -> Value? { values[field, item: item] }

    func itemCount(of list: FieldID) -> Int { values.itemCount(of: list) }
}

/// A context that adds the option under test to another context, for `options_filter`.
struct OptionContext<Base: EvaluationContext>: EvaluationContext {
    let base: Base
    let option: ChoiceOption?

    init(base: Base, option: ChoiceOption) {
        self.base = base
        self.option = option
    }

    func value(of field: FieldID) -> Value? { base.value(of: field) }
    func itemCount(of list: FieldID) -> Int { base.itemCount(of: list) }
    var today: Day { base.today }
}
