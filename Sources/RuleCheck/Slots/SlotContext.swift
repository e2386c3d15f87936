/// What expressions read while a form or a record is evaluated: the values of its slots, seen
/// from one list item (an item field's bare name means the same item's field) or from form level.
/// The Form engine and the record checker evaluate through this one context.
///
/// Seen from an item of a nested list, a field of an enclosing list's item reads the item that
/// holds this one, and `count()` of a nested list counts the items in the outer item at hand.
///
/// A record's text kept as bytes (``WrittenText/keptBytes(_:)``) has no value in the table: the
/// context reads the record's slot states (``KeptTexts``) too, so that such a slot has a value,
/// the text of its bytes, for every reader.
///
/// A context borrows the values it reads (no copy, no reference counting on the hot path of a
/// batch check): it exists only inside ``SlotTable/withContext(_:today:numbers:kept:_:)``.
struct SlotContext: EvaluationContext {
    /// The values, borrowed for one `withContext` call.
    private let values: UnsafePointer<SlotTable<Value?>>
    /// A record's texts kept as bytes; nil for a form's values.
    private let kept: KeptTexts?
    /// The item whose fields bare item-field names read; -1 at form level.
    let item: Int
    /// The field whose slot the context reads from: its list is the one `item` is an item of.
    /// Looked up only where lists nest (the hot path of a batch check reads no more than before).
    private let field: FieldID
    /// The ordinal of the list `item` is an item of when the context was made for an item of a
    /// list rather than from a slot (``seen(fromItem:of:)``); -2 otherwise.
    private let listScope: Int32
    let today: Day
    let numbers: NumberSymbols?
    var option: ChoiceOption? { nil }

    fileprivate init(
        values: UnsafePointer<SlotTable<Value?>>, kept: KeptTexts?, slot: Slot, today: Day, numbers: NumberSymbols?
    ) {
        self.init(
            values: values, kept: kept, item: slot.item, field: slot.field, listScope: -2, today: today, numbers: numbers)
    }

    private init(
        values: UnsafePointer<SlotTable<Value?>>, kept: KeptTexts?, item: Int, field: FieldID, listScope: Int32, today: Day,
        numbers: NumberSymbols?
    ) {
        self.values = values
        self.kept = kept
        self.item = item
        self.field = field
        self.listScope = listScope
        self.today = today
        self.numbers = numbers
    }

    /// The ordinal of the list `item` is an item of; -1 at form level.
    var scope: Int32 {
        if listScope != -2 { return listScope }
        return item < 0 ? -1 : values.pointee.layout.places[field.index].list
    }

    @inline(__always)
    func value(of field: FieldID) -> Value? {
        let value =
            values.pointee.layout.hasNesting
            ? values.pointee.element(field, seenFrom: item, scope: scope) : values.pointee[field, item: item]
        if value == nil, let kept, let range = keptRange(field) { return kept.text(range) }
        return value
    }

    @inline(__always)
    func hasValue(_ field: FieldID) -> Bool {
        let has =
            values.pointee.layout.hasNesting
            ? values.pointee.hasValue(field, seenFrom: item, scope: scope) : values.pointee.hasValue(field, item: item)
        return has || (kept != nil && keptRange(field) != nil)
    }

    /// Where the text of `field`'s slot kept as bytes is, if it is one; apart from ``value(of:)``
    /// and ``hasValue(_:)`` so that what they do for a slot with a value stays small.
    @inline(never)
    private func keptRange(_ field: FieldID) -> Range<Int>? {
        guard let kept else { return nil }
        return values.pointee.layout.hasNesting
            ? kept.range(field, seenFrom: item, scope: scope) : kept.range(field, item: item)
    }

    func itemCount(of list: FieldID) -> Int {
        guard values.pointee.layout.hasNesting else { return values.pointee.itemCount(of: list) }
        return values.pointee.itemCount(of: list, seenFrom: item, scope: scope)
    }

    /// The slot of `field` as this context reads it: form level, this item, or the item of an
    /// enclosing list that holds this one.
    func slot(of field: FieldID) -> Slot {
        let list = values.pointee.layout.places[field.index].list
        guard list >= 0 else { return Slot(field) }
        guard list != scope, scope >= 0 else { return Slot(field, item: item) }
        return Slot(field, item: values.pointee.ancestorItem(item, of: Int(scope), at: Int(list)))
    }

    /// The path of `field`'s slot as this context reads it (``slot(of:)``): `drivers[1].full_name`.
    func path(of field: FieldID, _ rules: RuleSet) -> String {
        values.pointee.path(of: slot(of: field), rules)
    }

    func value(of field: FieldID, item: Int) -> Value? {
        if let value = values.pointee[field, item: item] { return value }
        return kept.flatMap { kept in kept.range(field, item: item).map(kept.text) }
    }

    /// The context of item `item` of `list` (an aggregate's condition, `any(drivers, …)`): bare
    /// item-field names read that item.
    func seen(fromItem item: Int, of list: FieldID) -> SlotContext {
        let scope = Int32(values.pointee.layout.ordinalOfList[list.index])
        return SlotContext(
            values: values, kept: kept, item: item, field: field, listScope: scope, today: today, numbers: numbers)
    }
}

extension SlotTable<Value?> {
    /// Calls `body` with a context that reads these values from the point of view of `slot`
    /// (its item, for an item field), a record's texts kept as bytes from `kept`, and numbers
    /// written as `numbers` says (`number()`). The context borrows the table and must not escape
    /// `body`; `body` must not change the table.
    mutating func withContext<Result>(
        _ slot: Slot, today: Day, numbers: NumberSymbols?, kept: KeptTexts? = nil, _ body: (SlotContext) throws -> Result
    ) rethrows -> Result {
        try withUnsafePointer(to: &self) {
            try body(SlotContext(values: $0, kept: kept, slot: slot, today: today, numbers: numbers))
        }
    }

    /// The same, for a table that cannot be borrowed mutably: it is copied first (which shares
    /// its storage, at the cost of a few reference counts).
    func withContextOfCopy<Result>(
        _ slot: Slot, today: Day, numbers: NumberSymbols?, _ body: (SlotContext) throws -> Result
    ) rethrows -> Result {
        var copy = self
        return try copy.withContext(slot, today: today, numbers: numbers, body)
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
    func seen(fromItem item: Int, of list: FieldID) -> Self { Self(base: base.seen(fromItem: item, of: list), option: option) }
    var today: Day { base.today }
    var numbers: NumberSymbols? { base.numbers }
    func regexLimitReached() { base.regexLimitReached() }
    func arithmeticOverflowed() { base.arithmeticOverflowed() }
}

/// What went wrong while an expression was evaluated, so that its outcome is unknown: a
/// `matches()` hit PCRE2's limits, arithmetic overflowed.
struct EvaluationTrouble: OptionSet {
    let rawValue: UInt8
    static let regexLimit = EvaluationTrouble(rawValue: 1)
    static let overflow = EvaluationTrouble(rawValue: 2)
}

/// A context that notes, in a set its caller owns, when a `matches()` hit PCRE2's limits or
/// arithmetic overflowed, so that the field gets `regex_limit` or `overflow` instead of a
/// decision made on a regex that gave up or on a number that is not there.
struct TroubleWatch<Base: EvaluationContext>: EvaluationContext {
    let base: Base
    /// Borrowed for one evaluation.
    let trouble: UnsafeMutablePointer<EvaluationTrouble>

    func value(of field: FieldID) -> Value? { base.value(of: field) }
    func hasValue(_ field: FieldID) -> Bool { base.hasValue(field) }
    func itemCount(of list: FieldID) -> Int { base.itemCount(of: list) }
    func value(of field: FieldID, item: Int) -> Value? { base.value(of: field, item: item) }
    func seen(fromItem item: Int, of list: FieldID) -> Self {
        Self(base: base.seen(fromItem: item, of: list), trouble: trouble)
    }
    var today: Day { base.today }
    var numbers: NumberSymbols? { base.numbers }
    var option: ChoiceOption? { base.option }
    func regexLimitReached() { trouble.pointee.insert(.regexLimit) }
    func arithmeticOverflowed() { trouble.pointee.insert(.overflow) }
}
