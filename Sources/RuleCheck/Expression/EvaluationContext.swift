/// What an expression reads while it is evaluated: field values, list sizes, today, and the
/// option under test in an `options_filter`.
protocol EvaluationContext {
    /// The value of `field` as expressions see it (for an item field: the current item's).
    func value(of field: FieldID) -> Value?
    /// Whether `field` has a value (``value(of:)`` is not nil), without copying the value.
    func hasValue(_ field: FieldID) -> Bool
    /// The number of items of the repeating list `list`.
    func itemCount(of list: FieldID) -> Int
    var today: Day { get }
    /// The option being filtered, inside `options_filter`.
    var option: ChoiceOption? { get }
    /// Told when a `matches()` hit PCRE2's limits: what the expression decides is unknown.
    func regexLimitReached()
}

extension EvaluationContext {
    func regexLimitReached() {}
    func hasValue(_ field: FieldID) -> Bool { value(of: field) != nil }
}
