/// Where a record's own text of a slot is: the state of the slot that the record checker reads
/// besides its value (``RecordEvaluator/written``). A trivial value (no reference counting):
/// every slot of every record reads one.
///
/// A text kept as bytes (``keptBytes(_:)``) has no value in the value table: the slot's state
/// is what says that it is there, to every reader of the slots (``SlotContext`` through
/// ``KeptTexts``).
enum WrittenText: Equatable {
    /// The record does not have the slot.
    case absent
    /// The record has the slot, empty: an empty cell, a JSON null.
    case empty
    /// Bytes of ``RecordEvaluator/buffer``, valid UTF-8: a CSV cell as written, or the text of a
    /// JSON string without escapes.
    case bytes(Range<Int>)
    /// Bytes of ``RecordEvaluator/buffer`` as ``bytes(_:)`` that are a text field's value itself
    /// (``RecordKeys/keepsBytes``): the value table holds nothing for the slot, its rules read
    /// these bytes, and no `String` is made unless a violation shows it (or an expression reads
    /// it, which ``RecordKeys/keepsBytes`` rules out for the rules of a check).
    case keptBytes(Range<Int>)
    /// Bytes of ``RecordEvaluator/buffer`` as ``bytes(_:)``, that name option `index` of a
    /// choice field.
    case option(Range<Int>, index: Int)
    /// Bytes of ``RecordEvaluator/buffer`` holding a JSON value other than a string (a number,
    /// `true`, an array), written out as JSON only when a violation shows it.
    case jsonBytes(Range<Int>)
    /// Text `n` of ``RecordEvaluator/texts``.
    case text(Int)
    /// JSON value `n` of ``RecordEvaluator/jsons``, written out as text only when a violation
    /// shows it: most values never are, and writing every number and list back out as JSON
    /// text took a tenth of the time of checking a JSON Lines record.
    case json(Int)
}
