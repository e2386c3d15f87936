/// Where each slot of a rule set lives in a ``SlotTable``: a form-level field by its id, an item
/// field by its list's ordinal and its place among the item's fields. Made once per rule set.
final class SlotLayout: Sendable {
    /// For each field: the ordinal of its list, or -1 for a form-level field.
    let listOfField: [Int]
    /// For each field: its index among its list item's fields (-1 for a form-level field).
    let itemIndex: [Int]
    /// For each field that is a list: its ordinal among the lists (-1 for other fields).
    let ordinalOfList: [Int]
    /// For each list (by ordinal): how many fields one item has.
    let widths: [Int]
    /// How many fields the rule set has.
    let fieldCount: Int

    init(fields: [FieldRules], listOrdinal: [Int]) {
        fieldCount = fields.count
        ordinalOfList = listOrdinal
        listOfField = fields.map { field in field.list.map { listOrdinal[$0.index] } ?? -1 }
        itemIndex = fields.map { $0.list == nil ? -1 : $0.itemIndex }
        var widths = [Int](repeating: 0, count: listOrdinal.lazy.filter { $0 >= 0 }.count)
        for field in fields where field.type == .list {
            widths[listOrdinal[field.id.index]] = field.members.count
        }
        self.widths = widths
    }
}
