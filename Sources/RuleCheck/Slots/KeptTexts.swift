/// A record's texts kept as the bytes it wrote (``WrittenText/keptBytes(_:)``), as a
/// ``SlotContext`` reads them: such a slot has a value although the value table holds none for
/// it, and that value is the text of its bytes.
///
/// Borrows the record's slot states and bytes: it exists only inside
/// ``SlotTable/withKeptTexts(in:_:)``.
struct KeptTexts {
    /// The slot states, borrowed for one `withKeptTexts` call.
    private let written: UnsafePointer<SlotTable<WrittenText>>
    /// The bytes the states point into.
    private let buffer: UnsafeBufferPointer<UInt8>

    fileprivate init(written: UnsafePointer<SlotTable<WrittenText>>, buffer: UnsafeBufferPointer<UInt8>) {
        self.written = written
        self.buffer = buffer
    }

    /// Where the kept text of `field` is in the buffer (in `item` for an item field), or nil.
    @inline(__always)
    func range(_ field: FieldID, item: Int) -> Range<Int>? {
        if case .keptBytes(let range) = written.pointee[field, item: item] { return range }
        return nil
    }

    /// ``range(_:item:)`` for `field` read from item `item` of list `scope`
    /// (``SlotTable/element(_:seenFrom:scope:)``).
    func range(_ field: FieldID, seenFrom item: Int, scope: Int32) -> Range<Int>? {
        if case .keptBytes(let range) = written.pointee.element(field, seenFrom: item, scope: scope) { return range }
        return nil
    }

    /// The text of bytes `range`.
    func text(_ range: Range<Int>) -> Value {
        .text(String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self))
    }
}

extension SlotTable<WrittenText> {
    /// Calls `body` with the texts of this table kept as bytes of `buffer`. They borrow the table
    /// and the buffer, and must not escape `body`; `body` must not change the table.
    mutating func withKeptTexts<Result>(
        in buffer: UnsafeBufferPointer<UInt8>, _ body: (KeptTexts) throws -> Result
    ) rethrows -> Result {
        try withUnsafePointer(to: &self) { try body(KeptTexts(written: $0, buffer: buffer)) }
    }
}
