/// One element per slot of a form or record — a form-level field, or an item field in one list
/// item — in the flat layout of a ``SlotLayout``: form-level fields by field id, each list's items
/// one after another.
///
/// The Form engine keeps its values and field states in tables like this, and the record checker
/// its values and the texts it read: one layout and one way to find a slot for both. A value
/// type: copies share storage until one of them changes.
struct SlotTable<Element> {
    let layout: SlotLayout
    /// Form-level fields' elements by field id (the entries of item fields are unused).
    private(set) var fields: ContiguousArray<Element>
    /// For each list (by ordinal): its items' elements, item after item, each item's fields in
    /// their ``SlotLayout/itemIndex`` order.
    private(set) var lists: [ContiguousArray<Element>]
    /// For each list: how many items it has.
    private(set) var counts: [Int]
    /// What new slots hold (`nil`, an empty state …).
    let blank: Element

    init(layout: SlotLayout, blank: Element) {
        self.layout = layout
        self.blank = blank
        fields = ContiguousArray(repeating: blank, count: layout.fieldCount)
        lists = Array(repeating: [], count: layout.widths.count)
        counts = Array(repeating: 0, count: layout.widths.count)
    }

    /// The number of items of list `ordinal`.
    func itemCount(ordinal: Int) -> Int { counts[ordinal] }

    /// The element of `slot`. A slot of an item that does not exist reads as ``blank``.
    subscript(slot: Slot) -> Element {
        get { self[slot.field, item: slot.item] }
        set { self[slot.field, item: slot.item] = newValue }
    }

    /// The element of `field` (in item `item` for an item field).
    subscript(field: FieldID, item item: Int) -> Element {
        get {
            let place = layout.places[field.index]
            guard place.list >= 0 else { return fields[field.index] }
            let ordinal = Int(place.list)
            guard item >= 0, item < counts[ordinal] else { return blank }
            return lists[ordinal][item * layout.widths[ordinal] + Int(place.itemIndex)]
        }
        set {
            let place = layout.places[field.index]
            guard place.list >= 0 else {
                fields[field.index] = newValue
                return
            }
            let ordinal = Int(place.list)
            precondition(item >= 0 && item < counts[ordinal], "no item \(item) in list \(ordinal)")
            lists[ordinal][item * layout.widths[ordinal] + Int(place.itemIndex)] = newValue
        }
    }

    // MARK: - Items

    /// Inserts an item before position `index` of list `ordinal`, its slots holding `elements`
    /// (in item-field order).
    mutating func insertItem(_ elements: some Collection<Element>, ordinal: Int, at index: Int) {
        assert(elements.count == layout.widths[ordinal], "an item has \(layout.widths[ordinal]) fields")
        lists[ordinal].insert(contentsOf: elements, at: index * layout.widths[ordinal])
        counts[ordinal] += 1
    }

    /// Removes the item at `index` of list `ordinal`.
    mutating func removeItem(ordinal: Int, at index: Int) {
        let width = layout.widths[ordinal]
        lists[ordinal].removeSubrange(index * width..<(index + 1) * width)
        counts[ordinal] -= 1
    }

    /// Moves the item at `source` of list `ordinal` to position `destination`.
    mutating func moveItem(ordinal: Int, from source: Int, to destination: Int) {
        let width = layout.widths[ordinal]
        let moved = Array(lists[ordinal][source * width..<(source + 1) * width])
        lists[ordinal].removeSubrange(source * width..<(source + 1) * width)
        lists[ordinal].insert(contentsOf: moved, at: destination * width)
    }

    /// Gives list `ordinal` `count` items of blank slots, replacing any it had, keeping memory.
    mutating func resetItems(ordinal: Int, count: Int) {
        lists[ordinal].removeAll(keepingCapacity: true)
        lists[ordinal].append(contentsOf: repeatElement(blank, count: count * layout.widths[ordinal]))
        counts[ordinal] = count
    }

    /// Adds an item of blank slots at the end of list `ordinal`.
    mutating func appendBlankItem(ordinal: Int) {
        lists[ordinal].append(contentsOf: repeatElement(blank, count: layout.widths[ordinal]))
        counts[ordinal] += 1
    }

    /// Makes every slot blank and every list empty, keeping the memory.
    mutating func clear() {
        let blank = blank
        fields.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
        for ordinal in lists.indices where counts[ordinal] > 0 || !lists[ordinal].isEmpty {
            lists[ordinal].removeAll(keepingCapacity: true)
            counts[ordinal] = 0
        }
    }
}

extension SlotTable: Sendable where Element: Sendable {}

extension SlotTable {
    /// The number of items of the list field `list`.
    func itemCount(of list: FieldID) -> Int { counts[layout.ordinalOfList[list.index]] }
}

extension SlotTable<Value?> {
    /// Whether the slot of `field` (in `item` for an item field) has a value; reads the element
    /// in place rather than copying it out (and retaining its text).
    func hasValue(_ field: FieldID, item: Int) -> Bool {
        let place = layout.places[field.index]
        guard place.list >= 0 else { return fields.withUnsafeBufferPointer { $0[field.index] != nil } }
        let ordinal = Int(place.list)
        guard item >= 0, item < counts[ordinal] else { return false }
        let index = item * layout.widths[ordinal] + Int(place.itemIndex)
        return lists[ordinal].withUnsafeBufferPointer { $0[index] != nil }
    }
}
