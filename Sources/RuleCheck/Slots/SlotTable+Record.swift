/// A record's values as one nested JSON record — groups as objects, lists as arrays of item
/// objects, dates in each field's format — the shape a server expects and the shape
/// `rulecheck check` reads from JSON Lines: what ``Form/record`` sends, and what a rule set's
/// JSON Schema sees of a CSV record (``RecordSchema``).
extension SlotTable where Element == Value? {
    /// The values as a nested JSON record; empty fields are left out. `unheld` gives the JSON of
    /// a slot whose value is not held here: a text a batch check keeps as bytes, or a cell that
    /// did not read as its field's type (the schema must see what was written, not nothing).
    func record(_ rules: RuleSet, unheld: (Slot) -> JSONValue? = { _ in nil }) -> JSONObject {
        var record: JSONObject = [:]
        for id in rules.sections.flatMap(\.fields) where rules.fields[id.index].group == nil && rules.fields[id.index].list == nil {
            if let json = json(of: rules.fields[id.index], item: -1, rules, unheld) { record[rules.fields[id.index].name] = json }
        }
        return record
    }

    /// A field's value as JSON: a group's members as an object, a list's items as objects.
    private func json(of field: FieldRules, item: Int, _ rules: RuleSet, _ unheld: (Slot) -> JSONValue?) -> JSONValue? {
        switch field.type {
        case .group:
            var members: JSONObject = [:]
            for id in field.members {
                if let json = json(of: rules.fields[id.index], item: item, rules, unheld) { members[rules.fields[id.index].name] = json }
            }
            // An object the record gave holds even no member (`empty_values: present`).
            if members.isEmpty, self[Slot(field.id, item: item)] == nil { return nil }
            return .object(members)
        case .list:
            // A list inside a list's item: the items of that outer item.
            let itemRange = items(ordinal: rules.listOrdinal[field.id.index], owner: item)
            // An array the record gave holds even no item (`empty_values: present`).
            guard !itemRange.isEmpty || self[Slot(field.id, item: item)] != nil else { return nil }
            let direct = field.members.filter { rules.fields[$0.index].group == nil }  // the rest are in groups
            return .array(
                itemRange.map { item in
                    var object: JSONObject = [:]
                    for id in direct {
                        if let json = json(of: rules.fields[id.index], item: item, rules, unheld) {
                            object[rules.fields[id.index].name] = json
                        }
                    }
                    return .object(object)
                })
        default:
            let slot = Slot(field.id, item: item)
            if let value = self[slot] { return Self.json(value, field) }
            return unheld(slot)
        }
    }

    private static func json(_ value: Value, _ field: FieldRules) -> JSONValue {
        switch value {
        case .text(let text): .string(text)
        case .number(let number): .number(number)
        case .decimal(let decimal): .decimal(decimal)
        case .bool(let flag): .bool(flag)
        case .date(let day): .string(field.dateFormat.format(day))
        case .list(let items): .array(items.map { FileInfo(value: $0)?.json ?? json($0, field) })
        case .structured(let json): json
        }
    }
}
