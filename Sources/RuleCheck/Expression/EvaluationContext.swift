/// What an expression reads while it is evaluated: field values, list sizes, today, and the
/// option under test in an `options_filter`.
protocol EvaluationContext {
    /// The value of `field` as expressions see it (for an item field: the current item's).
    func value(of field: FieldID) -> Value?
    /// Whether `field` has a value (``value(of:)`` is not nil), without copying the value.
    func hasValue(_ field: FieldID) -> Bool
    /// The number of items of the repeating list `list`.
    func itemCount(of list: FieldID) -> Int
    /// The value of the item field `field` in item `item` of its list (an aggregate reads every
    /// item's: `sum(drivers.premium)`).
    func value(of field: FieldID, item: Int) -> Value?
    /// The same context seen from item `item` of a list, where bare item-field names read that
    /// item's fields (the condition of `any()` and `all()`).
    func seen(fromItem item: Int, of list: FieldID) -> Self
    var today: Day { get }
    /// How the form's locale writes numbers, for `number()`; nil when no locale is given.
    var numbers: NumberSymbols? { get }
    /// The option being filtered, inside `options_filter`.
    var option: ChoiceOption? { get }
    /// Told when a `matches()` hit PCRE2's limits: what the expression decides is unknown.
    func regexLimitReached()
    /// Told when arithmetic (`+ - * /`, `sum()`) gave a number beyond the range of a `Double`:
    /// the expression goes on with null there, and what it decides is unknown.
    func arithmeticOverflowed()
}

extension EvaluationContext {
    func regexLimitReached() {}
    func arithmeticOverflowed() {}
    func hasValue(_ field: FieldID) -> Bool { value(of: field) != nil }
    /// A context without list items (a test's, a constant's) has no item values.
    func value(of field: FieldID, item: Int) -> Value? { nil }
    func seen(fromItem item: Int, of list: FieldID) -> Self { self }
}
