/// Reading JSON straight from its bytes into slots: a JSON Lines record, the item array of a CSV
/// cell. No `JSONObject` is built, no key becomes a `String`, and a string value stays
/// where it is unless an expression reads it as text.
///
/// This reader takes the usual records only: keys that name fields (form-level fields that are
/// not groups; in an item, item fields that are not groups), each once, with values that are not
/// objects, and lists whose elements are all objects. Anything else — a key no field has, a
/// repeated key, a group written as an object, input that is not JSON — makes it give up, and the
/// caller reads the record through ``JSONParser`` and ``read(json:)``, which decides what such a
/// record means. A record it takes gets exactly what that reader would give it.
extension RecordEvaluator {
    /// Checks a JSON object from its bytes; nil (having checked nothing) for a record that is not
    /// of the usual kind. `maxDepth`: how deep the reader lets JSON nest.
    mutating func check(json bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> [Violation]? {
        clear(columns: nil)
        guard let base = bytes.baseAddress, let table = keys.fields else { return nil }
        maxJSONDepth = maxDepth
        return withBuffer(bytes) { evaluator in
            var scanner = JSONScanner(bytes: base, count: bytes.count, maxDepth: maxDepth)
            do throws(JSONParseError) {
                scanner.skipWhitespace()
                guard scanner.index < scanner.count, base[scanner.index] == JSONByte.openBrace else { return nil }
                if try scanner.openObject() {
                    var afterComma = false
                    repeat {
                        guard case .bytes(let key) = try scanner.objectKeyBytes(afterComma: afterComma),
                            let index = table.find(UnsafeBufferPointer(rebasing: bytes[key]))
                        else { return nil }
                        let field = evaluator.rules.fields[index]
                        guard field.list == nil, field.type != .group else { return nil }
                        guard try evaluator.readValue(&scanner, field: field, slot: Slot(field.id)) else { return nil }
                        afterComma = true
                    } while try scanner.objectContinues()
                }
                scanner.skipWhitespace()
                guard scanner.index == scanner.count else { return nil }
            } catch {
                return nil
            }
            evaluator.bufferIsJSON = true
            return evaluator.finish(reportingUnknownKeys: false)
        }
    }

    /// Reads the items of a list from the JSON array in a CSV cell (bytes `range` of ``buffer``);
    /// false, having read nothing, when the cell is not of the usual kind.
    mutating func readItems(cell range: Range<Int>, of list: FieldRules) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        var scanner = JSONScanner(bytes: base, count: range.upperBound, maxDepth: JSONParser.defaultMaxDepth)
        scanner.index = range.lowerBound
        var read = false
        do throws(JSONParseError) {
            scanner.skipWhitespace()
            if scanner.index < scanner.count, base[scanner.index] == JSONByte.openBracket, try readItems(&scanner, of: list) {
                scanner.skipWhitespace()
                read = scanner.index == scanner.count
            }
        } catch {
            read = false
        }
        if !read { forgetItems(of: list) }
        return read
    }

    /// Reads the JSON value at the scanner into `slot`; false when the record is not of the usual
    /// kind (the slot has been read already, or the value is an object, or a list's value is
    /// neither an array nor null).
    private mutating func readValue(_ scanner: inout JSONScanner, field: FieldRules, slot: Slot) throws(JSONParseError) -> Bool {
        guard written[slot] == .absent, scanner.index < scanner.count else { return false }
        let start = scanner.index
        switch scanner.bytes[start] {
        case JSONByte.quote:
            guard field.type != .list else { return false }
            switch try scanner.scanString() {
            case .bytes(let range):
                written[slot] = .bytes(range)
                readString(range, field: field, slot: slot)
            case .text(let text):
                texts.append(text)
                written[slot] = .text(texts.count - 1)
                store(ValueReader.read(json: .string(text), for: field), slot)
            }
        case JSONByte.openBrace:
            return false
        case UInt8(ascii: "n"):
            try scanner.expectLiteral("null")
            written[slot] = .empty
        case JSONByte.openBracket where field.type == .list:
            guard try readItems(&scanner, of: field) else { return false }
            written[slot] = .jsonBytes(start..<scanner.index)
        default:
            guard field.type != .list else { return false }
            let value = try scanner.parseValue()
            written[slot] = .jsonBytes(start..<scanner.index)
            store(ValueReader.read(json: value, for: field), slot)
        }
        return true
    }

    /// Reads a JSON string's text (no escapes, bytes `range` of ``buffer``) as a value of the
    /// field's type.
    private mutating func readString(_ range: Range<Int>, field: FieldRules, slot: Slot) {
        let bytes = UnsafeBufferPointer(rebasing: buffer[range])
        switch field.type {
        case .text:
            // `""` is a value where empty values are (`empty_values: present`): never kept.
            if bytes.isEmpty || !keepText(range, field: field, slot: slot) {
                store(ValueReader.read(json: .string(String(decoding: bytes, as: UTF8.self)), for: field), slot)
            }
        case .date where !bytes.isEmpty && UTF8Text.isASCII(bytes):
            // A JSON date is a string in the field's format, as a cell is.
            store(ValueReader.read(utf8: bytes, for: field, options: nil, locale: checker.evaluator.numbers), slot)
        case .choice where UTF8Text.isASCII(bytes) && checker.evaluator.optionTables[field.id.index]?.isText == true:
            // A JSON choice is matched as a value: only text options can be a string's.
            readOption(bytes, range: range, field: field, slot: slot)
        default:
            store(ValueReader.read(json: .string(String(decoding: bytes, as: UTF8.self)), for: field), slot)
        }
    }

    /// Reads the array at the scanner (its `[` there) as a list's items: each element must be an
    /// object of the list's item fields.
    private mutating func readItems(_ scanner: inout JSONScanner, of list: FieldRules) throws(JSONParseError) -> Bool {
        let ordinal = rules.listOrdinal[list.id.index]
        guard let table = keys.items[ordinal] else { return false }
        values.resetItems(ordinal: ordinal, count: 0)
        written.resetItems(ordinal: ordinal, count: 0)
        // The array is there (`empty_values: present`); undone by forgetItems if it is not read here.
        if list.emptyIsValue { values[Slot(list.id)] = Self.givenArray }
        guard try scanner.openArray() else { return true }
        var item = 0
        repeat {
            guard scanner.index < scanner.count, scanner.bytes[scanner.index] == JSONByte.openBrace else { return false }
            values.appendBlankItem(ordinal: ordinal)
            written.appendBlankItem(ordinal: ordinal)
            if try scanner.openObject() {
                var afterComma = false
                repeat {
                    guard case .bytes(let key) = try scanner.objectKeyBytes(afterComma: afterComma),
                        let index = table.find(UnsafeBufferPointer(rebasing: buffer[key]))
                    else { return false }
                    let field = rules.fields[index]
                    guard field.type != .group, field.type != .list,
                        try readValue(&scanner, field: field, slot: Slot(field.id, item: item))
                    else { return false }
                    afterComma = true
                } while try scanner.objectContinues()
            }
            item += 1
        } while try scanner.arrayContinues()
        return true
    }

    /// Undoes a list's items read in part, before they are read again another way.
    private mutating func forgetItems(of list: FieldRules) {
        let ordinal = rules.listOrdinal[list.id.index]
        values.resetItems(ordinal: ordinal, count: 0)
        written.resetItems(ordinal: ordinal, count: 0)
        values[Slot(list.id)] = nil
        if !unreadable.isEmpty {
            unreadable = unreadable.filter { rules.fields[$0.key.field.index].list != list.id }
        }
    }
}
