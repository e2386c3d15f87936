/// One instance of a field in a form: a form-level field, or an item field in one list item.
struct Slot: Hashable, Sendable, Comparable {
    let field: FieldID
    /// The item index for an item field; -1 for a form-level field.
    let item: Int

    init(_ field: FieldID, item: Int = -1) {
        self.field = field
        self.item = item
    }

    static func < (lhs: Slot, rhs: Slot) -> Bool {
        (lhs.field.index, lhs.item) < (rhs.field.index, rhs.item)
    }
}

/// The slots waiting to be re-evaluated, popped in topological order (then by item), each once.
///
/// `(rank, item)` identifies a slot, so a slot pushed twice pops twice in a row: the repeat is
/// skipped, and no set of queued slots is needed.
struct SlotQueue {
    /// A queued slot, ordered by its field's topological rank, then by item.
    private struct Entry: Comparable {
        let rank: Int
        let slot: Slot

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.rank, lhs.slot.item) < (rhs.rank, rhs.slot.item)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.rank == rhs.rank && lhs.slot.item == rhs.slot.item
        }
    }

    private var heap = BinaryHeap<Entry>()
    private var last: Slot?

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ slot: Slot, rank: Int) {
        heap.insert(Entry(rank: rank, slot: slot))
    }

    mutating func pop() -> Slot? {
        while let top = heap.popMin()?.slot {
            if top != last {
                last = top
                return top
            }
        }
        return nil
    }
}
