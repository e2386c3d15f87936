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
    private var heap: [(rank: Int, slot: Slot)] = []
    private var last: Slot?

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ slot: Slot, rank: Int) {
        heap.append((rank, slot))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Slot? {
        while let top = popAny() {
            if top != last {
                last = top
                return top
            }
        }
        return nil
    }

    private mutating func popAny() -> Slot? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count && Self.before(heap[left], heap[first]) { first = left }
            if right < heap.count && Self.before(heap[right], heap[first]) { first = right }
            guard first != parent else { break }
            heap.swapAt(parent, first)
            parent = first
        }
        return top.slot
    }

    private static func before(_ a: (rank: Int, slot: Slot), _ b: (rank: Int, slot: Slot)) -> Bool {
        (a.rank, a.slot.item) < (b.rank, b.slot.item)
    }
}
