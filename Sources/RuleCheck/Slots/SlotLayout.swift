/// Where each slot of a rule set lives in a ``SlotTable``: a form-level field by its id, an item
/// field by its list's ordinal and its place among the item's fields. Made once per rule set.
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

    /// How many fields the rule set has.
    var fieldCount: Int { places.count }

    init(fields: [FieldRules], listOrdinal: [Int]) {
        ordinalOfList = listOrdinal
        places = fields.map { field in
            guard let list = field.list else { return Place(list: -1, itemIndex: -1) }
            return Place(list: Int32(listOrdinal[list.index]), itemIndex: Int32(field.itemIndex))
        }
        var widths = [Int](repeating: 0, count: listOrdinal.lazy.filter { $0 >= 0 }.count)
        for field in fields where field.type == .list {
            widths[listOrdinal[field.id.index]] = field.members.count
        }
        self.widths = widths
    }
}
