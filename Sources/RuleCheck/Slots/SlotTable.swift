/// One element per slot of a form or record — a form-level field, or an item field in one list
/// item — in the flat layout of a ``SlotLayout``: form-level fields by field id, each list's items
/// one after another.
///
/// The items of a nested list (a list inside another list's item) are numbered across the whole
/// table, grouped by the outer item they belong to, in its order: ``owners`` says which outer item
/// each belongs to. A structural edit of an outer item (insert, remove, move) renumbers and
/// reorders its inner items with it.
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
    /// For each nested list (by ordinal): the outer item each of its items belongs to, in
    /// ascending order (empty for a form-level list).
    private(set) var owners: [ContiguousArray<Int>]
    /// What new slots hold (`nil`, an empty state …).
    let blank: Element

    init(layout: SlotLayout, blank: Element) {
        self.layout = layout
        self.blank = blank
        fields = ContiguousArray(repeating: blank, count: layout.fieldCount)
        lists = Array(repeating: [], count: layout.widths.count)
        counts = Array(repeating: 0, count: layout.widths.count)
        owners = Array(repeating: [], count: layout.widths.count)
    }

    /// The number of items of list `ordinal` (of a nested list: in all outer items together).
    func itemCount(ordinal: Int) -> Int { counts[ordinal] }

    /// The items of list `ordinal` in outer item `owner` (a form-level list: all its items).
    func items(ordinal: Int, owner: Int) -> Range<Int> {
        guard layout.parents[ordinal] >= 0 else { return 0..<counts[ordinal] }
        let owners = owners[ordinal]
        return lowerBound(owners, owner)..<lowerBound(owners, owner + 1)
    }

    /// The first index of `owners` holding `owner` or more.
    private func lowerBound(_ owners: ContiguousArray<Int>, _ owner: Int) -> Int {
        var (low, high) = (0, owners.count)
        while low < high {
            let middle = (low + high) / 2
            if owners[middle] < owner { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The item of list `target` that holds item `item` of list `ordinal` (`target` being
    /// `ordinal` or a list whose items hold it); -1 when there is none.
    func ancestorItem(_ item: Int, of ordinal: Int, at target: Int) -> Int {
        var (ordinal, item) = (ordinal, item)
        while ordinal != target {
            guard ordinal >= 0, layout.parents[ordinal] >= 0, item >= 0, item < counts[ordinal] else { return -1 }
            item = owners[ordinal][item]
            ordinal = layout.parents[ordinal]
        }
        return item
    }

    /// The outer item that item `item` of nested list `ordinal` belongs to.
    func owner(ofItem item: Int, ordinal: Int) -> Int { owners[ordinal][item] }

    /// The element of `field` read from item `item` of list `scope` (-1: form level): a field of
    /// the same list in the same item, a field of an enclosing list in the item holding it.
    func element(_ field: FieldID, seenFrom item: Int, scope: Int32) -> Element {
        let place = layout.places[field.index]
        guard place.list >= 0 else { return fields[field.index] }
        let ordinal = Int(place.list)
        let item = place.list == scope ? item : ancestorItem(item, of: Int(scope), at: ordinal)
        guard item >= 0, item < counts[ordinal] else { return blank }
        return lists[ordinal][item * layout.widths[ordinal] + Int(place.itemIndex)]
    }

    /// The path of a slot: `doc_number`, `drivers[2].birth_date`, and for an item of a nested
    /// list `drivers[1].violations[0].code` (each index within its own outer item).
    func path(of slot: Slot, _ rules: RuleSet) -> String {
        let field = rules.fields[slot.field.index]
        guard let list = field.list else { return field.path }
        let ordinal = layout.ordinalOfList[list.index]
        guard layout.parents[ordinal] >= 0, slot.item >= 0, slot.item < counts[ordinal] else {
            return rules.path(of: field, item: slot.item)
        }
        let owner = owners[ordinal][slot.item]
        let local = slot.item - items(ordinal: ordinal, owner: owner).lowerBound
        let listPath = rules.fields[list.index].path
        // The list's own slot is in the outer item: its path says which (one level per nesting).
        return path(of: Slot(list, item: owner), rules) + "[\(local)]" + field.path.dropFirst(listPath.count)
    }

    /// The element of `slot`. A slot of an item that does not exist reads as ``blank``.
    ///
    /// Inlined, as the element subscript below: a call passed the whole table (about 100 bytes)
    /// on the stack, about 30 instructions a read or write, several times for every slot of every
    /// record a batch checks.
    @inline(__always)
    subscript(slot: Slot) -> Element {
        get { self[slot.field, item: slot.item] }
        set { self[slot.field, item: slot.item] = newValue }
    }

    /// The element of `field` (in item `item` for an item field).
    @inline(__always)
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

    /// How a structural edit renumbered the items of the lists nested in the edited list's items:
    /// for each such list (by ordinal), each old item's new index (-1: removed). Empty when the
    /// edited list holds no list.
    struct Renumbering {
        var maps: [Int: [Int]] = [:]

        /// The new index of item `item` of nested list `ordinal` (nil: removed).
        func newIndex(_ item: Int, ordinal: Int) -> Int? {
            guard let map = maps[ordinal] else { return item }
            let new = map[item]
            return new < 0 ? nil : new
        }
    }

    /// Inserts an item before position `index` of list `ordinal`, its slots holding `elements`
    /// (in item-field order); `owner` is the outer item of a nested list's item. `index` is the
    /// item's number across the table: for a nested list, within `owner`'s items.
    @discardableResult
    mutating func insertItem(_ elements: some Collection<Element>, ordinal: Int, at index: Int, owner: Int = -1) -> Renumbering {
        assert(elements.count == layout.widths[ordinal], "an item has \(layout.widths[ordinal]) fields")
        lists[ordinal].insert(contentsOf: elements, at: index * layout.widths[ordinal])
        counts[ordinal] += 1
        if layout.parents[ordinal] >= 0 { owners[ordinal].insert(owner, at: index) }
        return renumberChildren(of: ordinal) { $0 >= index ? $0 + 1 : $0 }
    }

    /// Removes the item at `index` of list `ordinal` (and the items of lists inside it).
    @discardableResult
    mutating func removeItem(ordinal: Int, at index: Int) -> Renumbering {
        let width = layout.widths[ordinal]
        lists[ordinal].removeSubrange(index * width..<(index + 1) * width)
        counts[ordinal] -= 1
        if layout.parents[ordinal] >= 0 { owners[ordinal].remove(at: index) }
        return renumberChildren(of: ordinal) { $0 == index ? nil : $0 > index ? $0 - 1 : $0 }
    }

    /// Moves the item at `source` of list `ordinal` to position `destination` (of a nested list:
    /// both within one outer item's items), the items of lists inside it with it.
    @discardableResult
    mutating func moveItem(ordinal: Int, from source: Int, to destination: Int) -> Renumbering {
        let width = layout.widths[ordinal]
        let moved = Array(lists[ordinal][source * width..<(source + 1) * width])
        lists[ordinal].removeSubrange(source * width..<(source + 1) * width)
        lists[ordinal].insert(contentsOf: moved, at: destination * width)
        return renumberChildren(of: ordinal) { item in
            if item == source { return destination }
            if source < destination, (source + 1...destination).contains(item) { return item - 1 }
            if destination < source, (destination..<source).contains(item) { return item + 1 }
            return item
        }
    }

    /// After the items of list `ordinal` were renumbered by `map` (nil: removed), renumbers the
    /// items of the lists in its items: their owners follow, items of a removed owner go, and
    /// each list stays grouped by owner in order (an owner's items keep their order). Recurses
    /// once per level of nesting, which the rules bound (``RuleSetCompiler/maxListNesting``).
    private mutating func renumberChildren(of ordinal: Int, _ map: (Int) -> Int?) -> Renumbering {
        var renumbering = Renumbering()
        guard !layout.children[ordinal].isEmpty else { return renumbering }
        renumber(children: layout.children[ordinal], map, into: &renumbering)
        return renumbering
    }

    private mutating func renumber(children: [Int], _ map: (Int) -> Int?, into renumbering: inout Renumbering) {
        for child in children {
            let width = layout.widths[child]
            let old = owners[child]
            var kept: [(owner: Int, item: Int)] = []
            kept.reserveCapacity(old.count)
            for (item, owner) in old.enumerated() {
                if let new = map(owner) { kept.append((new, item)) }
            }
            // Stable: items of one owner keep their order.
            kept = kept.enumerated().sorted { ($0.element.owner, $0.offset) < ($1.element.owner, $1.offset) }.map(\.element)
            var itemMap = [Int](repeating: -1, count: old.count)
            var elements = ContiguousArray<Element>()
            elements.reserveCapacity(kept.count * width)
            for (new, entry) in kept.enumerated() {
                itemMap[entry.item] = new
                elements.append(contentsOf: lists[child][entry.item * width..<(entry.item + 1) * width])
            }
            lists[child] = elements
            owners[child] = ContiguousArray(kept.map(\.owner))
            counts[child] = kept.count
            renumbering.maps[child] = itemMap
            if !layout.children[child].isEmpty {
                renumber(children: layout.children[child], { itemMap[$0] < 0 ? nil : itemMap[$0] }, into: &renumbering)
            }
        }
    }

    /// Gives list `ordinal` `count` items of blank slots, replacing any it had, keeping memory
    /// (and empties the lists inside its items). For a form-level list; a nested list's items
    /// belong to outer items, so it can only be emptied this way (`count` 0).
    mutating func resetItems(ordinal: Int, count: Int) {
        assert(count == 0 || layout.parents[ordinal] < 0, "a nested list's items are added with their owners")
        if !owners[ordinal].isEmpty { owners[ordinal].removeAll(keepingCapacity: true) }
        lists[ordinal].removeAll(keepingCapacity: true)
        lists[ordinal].append(contentsOf: repeatElement(blank, count: count * layout.widths[ordinal]))
        counts[ordinal] = count
        for child in layout.children[ordinal] { emptyNested(child) }
    }

    /// Empties nested list `ordinal` and the lists inside its items.
    private mutating func emptyNested(_ ordinal: Int) {
        lists[ordinal].removeAll(keepingCapacity: true)
        owners[ordinal].removeAll(keepingCapacity: true)
        counts[ordinal] = 0
        for child in layout.children[ordinal] { emptyNested(child) }
    }

    /// Adds an item of blank slots at the end of list `ordinal`; for a nested list, at the end
    /// of outer item `owner`'s items, which must be the last outer item that has any (as a
    /// reader adds them, outer item after outer item). Returns the new item's index.
    @discardableResult
    mutating func appendBlankItem(ordinal: Int, owner: Int = -1) -> Int {
        lists[ordinal].append(contentsOf: repeatElement(blank, count: layout.widths[ordinal]))
        counts[ordinal] += 1
        if layout.parents[ordinal] >= 0 {
            assert(owners[ordinal].last.map { $0 <= owner } ?? true, "items are appended outer item after outer item")
            owners[ordinal].append(owner)
        }
        return counts[ordinal] - 1
    }

    /// Makes every slot blank and every list empty, keeping the memory.
    mutating func clear() {
        let blank = blank
        fields.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
        emptyLists()
    }

    /// Makes every list empty, keeping the memory.
    mutating func emptyLists() {
        for ordinal in lists.indices where counts[ordinal] > 0 || !lists[ordinal].isEmpty {
            lists[ordinal].removeAll(keepingCapacity: true)
            owners[ordinal].removeAll(keepingCapacity: true)
            counts[ordinal] = 0
        }
    }
}

extension SlotTable: Sendable where Element: Sendable {}

extension SlotTable {
    /// The number of items of the list field `list` (of a nested list: in all outer items).
    func itemCount(of list: FieldID) -> Int { counts[layout.ordinalOfList[list.index]] }

    /// The number of items of list `list` seen from item `item` of list `scope` (-1: form
    /// level): of a nested list, those in the outer item that holds `item`.
    func itemCount(of list: FieldID, seenFrom item: Int, scope: Int32) -> Int {
        let ordinal = layout.ordinalOfList[list.index]
        let parent = layout.parents[ordinal]
        guard parent >= 0 else { return counts[ordinal] }
        let owner = Int(scope) == parent ? item : ancestorItem(item, of: Int(scope), at: parent)
        guard owner >= 0 else { return 0 }
        return items(ordinal: ordinal, owner: owner).count
    }
}

extension SlotTable<Value?> {
    /// ``clear()`` for a table of values, as the record checker clears it for every record: a
    /// slot already empty is only read, not destroyed and written again (a record leaves many
    /// slots empty, and the generic ``clear()`` cost about 2,200 instructions per OSAGO record).
    mutating func clearValues() {
        fields.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices where slots[index] != nil { slots[index] = nil }
        }
        emptyLists()
    }

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

    /// ``hasValue(_:item:)`` for `field` read from item `item` of list `scope` (see
    /// ``element(_:seenFrom:scope:)``).
    func hasValue(_ field: FieldID, seenFrom item: Int, scope: Int32) -> Bool {
        let list = layout.places[field.index].list
        guard list >= 0, list != scope, scope >= 0 else { return hasValue(field, item: item) }
        return hasValue(field, item: ancestorItem(item, of: Int(scope), at: Int(list)))
    }
}
