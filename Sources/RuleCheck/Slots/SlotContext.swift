/// What expressions read while a form or a record is evaluated: the values of its slots, seen
/// from one list item (an item field's bare name means the same item's field) or from form level.
/// The Form engine and the record checker evaluate through this one context.
///
/// A context borrows the values it reads (no copy, no reference counting on the hot path of a
/// batch check): it exists only inside ``SlotTable/withContext(item:today:_:)``.
struct SlotContext: EvaluationContext {
    /// The values, borrowed for one `withContext` call.
    private let values: UnsafePointer<SlotTable<Value?>>
    /// The item whose fields bare item-field names read; -1 at form level.
    let item: Int
    let today: Day
    var option: ChoiceOption? { nil }

    fileprivate init(values: UnsafePointer<SlotTable<Value?>>, item: Int, today: Day) {
        self.values = values
        self.item = item
        self.today = today
    }

    func value(of field: FieldID) -> Value? { values.pointee[field, item: item] }

    func hasValue(_ field: FieldID) -> Bool { values.pointee.hasValue(field, item: item) }

    func itemCount(of list: FieldID) -> Int { values.pointee.itemCount(of: list) }

    func value(of field: FieldID, item: Int) -> Value? { values.pointee[field, item: item] }

    func seen(fromItem item: Int) -> SlotContext { SlotContext(values: values, item: item, today: today) }
}

extension SlotTable<Value?> {
    /// Calls `body` with a context that reads these values from `item`'s point of view (-1: form
    /// level). The context borrows the table and must not escape `body`; `body` must not change
    /// the table.
    mutating func withContext<Result>(item: Int, today: Day, _ body: (SlotContext) throws -> Result) rethrows -> Result {
        try withUnsafePointer(to: &self) { try body(SlotContext(values: $0, item: item, today: today)) }
    }

    /// The same, for a table that cannot be borrowed mutably: it is copied first (which shares
    /// its storage, at the cost of a few reference counts).
    func withContextOfCopy<Result>(item: Int, today: Day, _ body: (SlotContext) throws -> Result) rethrows -> Result {
        var copy = self
        return try copy.withContext(item: item, today: today, body)
    }
}

/// A context that adds the option under test to another context, for `options_filter`.
struct OptionContext<Base: EvaluationContext>: EvaluationContext {
    let base: Base
    let option: ChoiceOption?

    init(base: Base, option: ChoiceOption?) {
        self.base = base
        self.option = option
    }

    func value(of field: FieldID) -> Value? { base.value(of: field) }
    func hasValue(_ field: FieldID) -> Bool { base.hasValue(field) }
    func itemCount(of list: FieldID) -> Int { base.itemCount(of: list) }
    func value(of field: FieldID, item: Int) -> Value? { base.value(of: field, item: item) }
    func seen(fromItem item: Int) -> Self { Self(base: base.seen(fromItem: item), option: option) }
    var today: Day { base.today }
    func regexLimitReached() { base.regexLimitReached() }
}

/// A context that notes, in a flag its caller owns, when a `matches()` hit PCRE2's limits, so
/// that the field gets `regex_limit` instead of a decision made on a regex that gave up.
struct RegexLimitWatch<Base: EvaluationContext>: EvaluationContext {
    let base: Base
    /// Borrowed for one evaluation.
    let limitReached: UnsafeMutablePointer<Bool>

    func value(of field: FieldID) -> Value? { base.value(of: field) }
    func hasValue(_ field: FieldID) -> Bool { base.hasValue(field) }
    func itemCount(of list: FieldID) -> Int { base.itemCount(of: list) }
    func value(of field: FieldID, item: Int) -> Value? { base.value(of: field, item: item) }
    func seen(fromItem item: Int) -> Self { Self(base: base.seen(fromItem: item), limitReached: limitReached) }
    var today: Day { base.today }
    var option: ChoiceOption? { base.option }
    func regexLimitReached() { limitReached.pointee = true }
}
