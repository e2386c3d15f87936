/// Where each slot of a rule set lives in a ``SlotTable``: a form-level field by its id, an item
/// field by its list's ordinal and its place among the item's fields. Made once per rule set.
///
/// A list inside another list's item (a nested list) numbers its items across the whole form:
/// the items of the first outer item's inner list, then the second's, and so on. Its table keeps,
/// for each of its items, the outer item it belongs to (``SlotTable``'s owners).
struct SlotLayout: Sendable {
    /// Where one field's slots live.
    struct Place: Sendable {
        /// The ordinal of the field's list, or -1 for a form-level field.
        var list: Int32
        /// Its index among its list item's fields (-1 for a form-level field).
        var itemIndex: Int32
    }

    /// For each field: where its slots live.
    let places: [Place]
    /// For each field that is a list: its ordinal among the lists (-1 for other fields).
    let ordinalOfList: [Int]
    /// For each list (by ordinal): how many fields one item has.
    let widths: [Int]
    /// For each list (by ordinal): the ordinal of the list whose item holds it, or -1 for a
    /// form-level list.
    let parents: [Int]
    /// For each list (by ordinal): the ordinals of the lists inside its items.
    let children: [[Int]]
    /// Whether any list sits inside another list's item.
    let hasNesting: Bool

    /// How many fields the rule set has.
    var fieldCount: Int { places.count }

    init(fields: [FieldRules], listOrdinal: [Int]) {
        ordinalOfList = listOrdinal
        places = fields.map { field in
            guard let list = field.list else { return Place(list: -1, itemIndex: -1) }
            return Place(list: Int32(listOrdinal[list.index]), itemIndex: Int32(field.itemIndex))
        }
        let count = listOrdinal.lazy.filter { $0 >= 0 }.count
        var widths = [Int](repeating: 0, count: count)
        var parents = [Int](repeating: -1, count: count)
        var children = [[Int]](repeating: [], count: count)
        for field in fields where field.type == .list {
            let ordinal = listOrdinal[field.id.index]
            widths[ordinal] = field.members.count
            if let outer = field.list {
                parents[ordinal] = listOrdinal[outer.index]
                children[listOrdinal[outer.index]].append(ordinal)
            }
        }
        self.widths = widths
        self.parents = parents
        self.children = children
        hasNesting = parents.contains { $0 >= 0 }
    }

    /// Whether list `ancestor` holds list `ordinal` in its items, directly or further in.
    func isAncestor(_ ancestor: Int, of ordinal: Int) -> Bool {
        var current = parents[ordinal]
        while current >= 0 {
            if current == ancestor { return true }
            current = parents[current]
        }
        return false
    }
}
