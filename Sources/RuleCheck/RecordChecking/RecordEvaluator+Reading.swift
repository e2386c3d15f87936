/// Reading a record's values into slots: CSV cells and dictionary texts, JSON objects.
extension RecordEvaluator {
    /// Checks one CSV record from scratch: clears, reads every cell that has a field, finishes.
    /// `cells[i]` is where cell `i` lies in `buffer` (unquoted, valid UTF-8).
    mutating func check(cells: [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>, columns: ColumnMap) -> [Violation] {
        clear(columns: columns)
        return withBuffer(buffer) { evaluator in
            let fields = columns.fields
            let keepsUnmatched = evaluator.rules.recordSchema != nil
            for index in 0..<min(cells.count, fields.count) {
                guard let field = fields[index] else {
                    if keepsUnmatched, !cells[index].isEmpty {
                        evaluator.unmatchedCells[index] = String(
                            decoding: UnsafeBufferPointer(rebasing: buffer[cells[index]]), as: UTF8.self)
                    }
                    continue
                }
                // The rule set holds every field for as long as the check runs: no need to retain
                // (an `unowned(unsafe)` local was still retained and released around the mutating
                // call, once per cell).
                Unmanaged.passUnretained(evaluator.rules.fields[field.index])._withUnsafeGuaranteedRef {
                    evaluator.read(cell: cells[index], field: $0)
                }
            }
            for geopoint in columns.geopoints where !geopoint.hasOwnColumn {
                evaluator.read(text: evaluator.geopointAnswer(geopoint, cells: cells), field: evaluator.rules.fields[geopoint.field.index])
            }
            // Compared with the answers as read, before the evaluation clears any.
            var disagreements = columns.choiceColumns.isEmpty ? [] : evaluator.choiceColumnDisagreements(cells: cells, columns: columns)
            if !columns.geopoints.isEmpty { disagreements += evaluator.geopointFindings(cells: cells, columns: columns) }
            return evaluator.finish() + disagreements
        }
    }

    /// Reads a form-level field's cell: a value of its type, or for a list a JSON array of item
    /// objects. The cell's bytes stay in ``buffer``; a `String` is made only for a text that an
    /// expression reads (or that is not ASCII where a number, date, bool or option was expected).
    private mutating func read(cell range: Range<Int>, field: FieldRules) {
        let slot = Slot(field.id)
        guard !range.isEmpty else {
            written[slot] = .empty
            return
        }
        written[slot] = .bytes(range)
        let bytes = UnsafeBufferPointer(rebasing: buffer[range])
        switch field.type {
        case .text:
            if !keepText(range, field: field, slot: slot) {
                store(ValueReader.read(utf8: bytes, for: field, options: nil, locale: checker.evaluator.numbers), slot)
            }
        case .list:
            if !readItems(cell: range, of: field) {
                readItems(text: String(decoding: bytes, as: UTF8.self), of: field)
            }
        case .multiChoice where columns?.layout != nil:
            store(ValueReader.read(names: String(decoding: bytes, as: UTF8.self), for: field), slot)
        case .choice where UTF8Text.isASCII(bytes) && checker.evaluator.optionTables[field.id.index] != nil:
            readOption(bytes, range: range, field: field, slot: slot)
        default:
            store(
                ValueReader.read(
                    utf8: bytes, for: field, options: checker.evaluator.optionTables[field.id.index],
                    locale: checker.evaluator.numbers), slot)
        }
    }

    /// Keeps a text field's value, bytes `range` of ``buffer``, as bytes when it can be
    /// (``RecordKeys/keepsBytes``): the slot's state says so (``WrittenText/keptBytes(_:)``) and
    /// the value table holds nothing. False, having done nothing, when the text must be read as
    /// a value (by the reader of its source kind), as a masked field's digits of other scripts
    /// are, which its value holds as 0–9.
    mutating func keepText(_ range: Range<Int>, field: FieldRules, slot: Slot) -> Bool {
        let index = field.id.index
        guard keys.keepsBytes[index], !keys.foldsDigits[index] || UTF8Text.isASCII(UnsafeBufferPointer(rebasing: buffer[range]))
        else { return false }
        written[slot] = .keptBytes(range)
        return true
    }

    /// Puts what a reader of values read into `slot`: its value, or why it could not be read.
    /// Inlined: a call passed the result indirectly, copied and destroyed it (about 340
    /// instructions a cell).
    @inline(__always)
    mutating func store(_ read: consuming Result<Value?, ValueReader.Unreadable>, _ slot: Slot) {
        switch read {
        case .success(let value): values[slot] = value
        case .failure(let failure): unreadable[slot] = failure.failure
        }
    }

    /// Reads the option that ASCII bytes name (`range` of ``buffer``), as ``ValueReader`` reads
    /// a choice, noting which option it is.
    mutating func readOption(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, field: FieldRules, slot: Slot) {
        guard let index = checker.evaluator.optionTables[field.id.index]?.index(ascii: bytes, of: field) else {
            unreadable[slot] = .option
            return
        }
        values[slot] = field.options[index].value
        written[slot] = .option(range, index: index)
    }

    mutating func read(text: String, key: String) {
        guard let field = rules.field(key), field.list == nil, field.type != .group else {
            unknownKeys.append(key)
            return
        }
        read(text: text, field: field)
    }

    /// Reads a form-level field's text (a dictionary record's): a value of its type, or for a
    /// list a JSON array of item objects.
    mutating func read(text: String, field: FieldRules) {
        let slot = Slot(field.id)
        record(text: text, slot)
        if field.type == .list {
            guard !text.isEmpty else { return }
            readItems(text: text, of: field)
            return
        }
        store(ValueReader.read(text: text, for: field, locale: checker.evaluator.numbers), slot)
    }

    /// Reads a list's items from the text of a JSON array (a CSV cell, a dictionary's text).
    private mutating func readItems(text: String, of field: FieldRules) {
        switch Result(catching: { () throws(JSONParseError) in try JSONParser().parse(text) }) {
        case .success(.array(let elements)): readItems(elements, of: field)
        default: unreadable[Slot(field.id)] = .type(.itemArray(badItem: nil))
        }
    }

    /// Reads a JSON object's entries in key order. That order decides the order of unknown keys,
    /// and which value wins when a group's object and a dotted key name the same field.
    mutating func read(json object: JSONObject) {
        if rules.recordSchema != nil { schemaRecord = .object(object) }
        if readInAnyOrder(object) { return }
        clear(columns: columns)
        if rules.recordSchema != nil { schemaRecord = .object(object) }
        for (key, value) in object.sortedByCodePoints {
            read(json: value, key: key)
        }
    }

    /// Reads the entries in the dictionary's own order, which saves sorting the keys, when that
    /// order cannot matter: every key is a form-level field's that is not a group, and at most
    /// one is a list's (its items are then the only source of unknown keys). Returns false as soon
    /// as a key breaks that; the caller then clears and reads in key order.
    private mutating func readInAnyOrder(_ object: JSONObject) -> Bool {
        var lists = 0
        for (key, value) in object {
            guard let field = rules.field(key), field.list == nil, field.type != .group else { return false }
            if field.type == .list {
                lists += 1
                guard lists == 1 else { return false }
            }
            read(json: value, field: field)
        }
        return true
    }

    mutating func read(json: JSONValue, key: String) {
        guard let field = rules.field(key), field.list == nil else {
            unknownKeys.append(key)
            return
        }
        read(json: json, field: field)
    }

    private mutating func read(json: JSONValue, field: FieldRules) {
        let slot = Slot(field.id)
        switch (field.type, json) {
        case (.group, .object(let members)):
            // The object is there, empty or not: its checks run (`empty_values: present`).
            if field.emptyIsValue { values[slot] = Self.givenObject }
            for (name, member) in members.sortedByCodePoints {
                read(json: member, key: field.path + "." + name)
            }
        case (.group, .null):
            break
        case (.list, .array(let elements)):
            record(json: json, slot)
            readItems(elements, of: field)
        case (.list, .null):
            written[slot] = .empty
        default:
            record(json: json, slot)
            store(ValueReader.read(json: json, for: field), slot)
        }
    }

    /// Reads a list's items. An element that is not an object is a `type` failure of the list,
    /// which then counts as empty.
    mutating func readItems(_ elements: [JSONValue], of list: FieldRules) {
        if let bad = elements.firstIndex(where: { if case .object = $0 { false } else { true } }) {
            unreadable[Slot(list.id)] = .type(.itemArray(badItem: bad))
            return
        }
        let ordinal = rules.listOrdinal[list.id.index]
        values.resetItems(ordinal: ordinal, count: elements.count)
        written.resetItems(ordinal: ordinal, count: elements.count)
        if list.emptyIsValue { values[Slot(list.id)] = Self.givenArray }
        for (item, element) in elements.enumerated() {
            if case .object(let object) = element {
                readItem(object, prefix: "", list: list, item: item)
            }
        }
    }

    /// Reads one item's keys; `prefix` is the path inside the item of the group they are in
    /// (`""`, `address.`).
    ///
    /// The keys are read in key order (which decides the order of unknown keys) unless every key
    /// is an item field outside a group: then the dictionary's own order does as well and saves
    /// sorting. Reading a value only sets that field's slot, so the values read before a key
    /// turns out otherwise are simply read again, to the same effect, in key order.
    private mutating func readItem(_ object: JSONObject, prefix: String, list: FieldRules, item: Int) {
        let ordinal = rules.listOrdinal[list.id.index]
        if prefix.isEmpty, readItemInAnyOrder(object, ordinal: ordinal, item: item) { return }
        for (key, json) in object.sortedByCodePoints {
            guard let field = checker.itemFields[ordinal][JSONKey(prefix.isEmpty ? key : prefix + key)] else {
                unknownKeys.append(itemKeyPrefix(list, item: item) + prefix + key)
                continue
            }
            if field.type == .group {
                if case .object(let members) = json { readItem(members, prefix: prefix + key + ".", list: list, item: item) }
                continue
            }
            if field.type == .list {
                readInnerList(json, field: field, owner: item)
                continue
            }
            readItemValue(json, field: field, item: item)
        }
    }

    private mutating func readItemInAnyOrder(_ object: JSONObject, ordinal: Int, item: Int) -> Bool {
        for (key, json) in object {
            guard let field = checker.itemFields[ordinal][JSONKey(key)], field.type != .group, field.type != .list else { return false }
            readItemValue(json, field: field, item: item)
        }
        return true
    }

    private mutating func readItemValue(_ json: JSONValue, field: FieldRules, item: Int) {
        let slot = Slot(field.id, item: item)
        record(json: json, slot)
        store(ValueReader.read(json: json, for: field), slot)
    }

    /// Reads the value of a list inside a list's item: a JSON array of item objects (or null),
    /// its items added after those of the outer items before (outer items are read in order).
    private mutating func readInnerList(_ json: JSONValue, field: FieldRules, owner: Int) {
        let slot = Slot(field.id, item: owner)
        switch json {
        case .array(let elements):
            record(json: json, slot)
            if let bad = elements.firstIndex(where: { if case .object = $0 { false } else { true } }) {
                unreadable[slot] = .type(.itemArray(badItem: bad))
                return
            }
            if field.emptyIsValue { values[slot] = Self.givenArray }
            let ordinal = rules.listOrdinal[field.id.index]
            for element in elements {
                let item = values.appendBlankItem(ordinal: ordinal, owner: owner)
                written.appendBlankItem(ordinal: ordinal, owner: owner)
                if case .object(let object) = element { readItem(object, prefix: "", list: field, item: item) }
            }
        case .null:
            written[slot] = .empty
        default:
            record(json: json, slot)
            unreadable[slot] = .type(.itemArray(badItem: nil))
        }
    }

    /// How an unknown key of an item is named: `drivers[].`, `drivers[].violations[].`.
    private func itemKeyPrefix(_ list: FieldRules, item: Int) -> String {
        guard let outer = list.list else { return list.path + "[]." }
        let outerField = rules.fields[outer.index]
        return itemKeyPrefix(outerField, item: -1) + list.path.dropFirst(outerField.path.count + 1) + "[]."
    }
}
