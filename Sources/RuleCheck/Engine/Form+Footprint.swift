/// What a form holds, for budgets (``FormBudget``) and for a server's accounting.
extension Form {
    /// The list items of every list together.
    ///
    /// - Complexity: O(number of lists).
    public var itemTotal: Int { values.counts.reduce(0, +) }

    /// The form's list items and an estimate of the bytes of its state (see ``FormFootprint``).
    ///
    /// - Complexity: O(slots + the values' items + issues + typed texts + options sent by a
    ///   server): it reads every slot once. A server measures it once per request, not per edit.
    public var footprint: FormFootprint {
        let slotSize = MemoryLayout<Value?>.stride + MemoryLayout<FieldStatus>.stride
        var bytes = 0
        var slots = values.fields.count
        for value in values.fields { bytes += Self.heapBytes(of: value) }
        for list in values.lists {
            slots += list.count
            for value in list { bytes += Self.heapBytes(of: value) }
        }
        for status in states.fields { bytes += Self.heapBytes(of: status) }
        for list in states.lists {
            for status in list { bytes += Self.heapBytes(of: status) }
        }
        bytes += slots * slotSize
        for (_, typed) in typedInputs {
            bytes += MemoryLayout<Slot>.stride + Self.objectBytes + typed.input.text.utf8.count
        }
        for (_, options) in evaluator.runtimeOptions {
            for option in options {
                bytes += MemoryLayout<ChoiceOption>.stride + option.title.utf8.count + Self.heapBytes(of: option.value)
                for (name, value) in option.attributes {
                    bytes += MemoryLayout<(String, Value)>.stride + name.utf8.count + Self.heapBytes(of: value)
                }
            }
        }
        return FormFootprint(items: itemTotal, bytes: bytes)
    }

    /// What an object's header and a small allocation cost, about.
    private static let objectBytes = 32

    /// The bytes a value holds outside its slot: its text, or its list's items. A list's items
    /// are walked with a work list (values arrive from clients; no recursion on their shape).
    private static func heapBytes(of value: Value?) -> Int {
        guard let value else { return 0 }
        switch value {
        case .number, .bool, .date: return 0
        case .text(let text): return text.utf8.count
        case .list(let items):
            var bytes = 0
            var pending = [items]
            while let next = pending.popLast() {
                bytes += objectBytes + next.count * MemoryLayout<Value>.stride
                for item in next {
                    switch item {
                    case .number, .bool, .date: break
                    case .text(let text): bytes += text.utf8.count
                    case .list(let inner): pending.append(inner)
                    }
                }
            }
            return bytes
        }
    }

    /// The bytes a slot's state holds outside its slot: its issues' messages, and the edit named
    /// by a clear.
    private static func heapBytes(of status: FieldStatus) -> Int {
        var bytes = 0
        if !status.issues.isEmpty {
            bytes += objectBytes + status.issues.count * MemoryLayout<Issue>.stride
            for issue in status.issues { bytes += issue.message.utf8.count }
        }
        if case .cleared(_, let edit?) = status.provenance { bytes += edit.utf8.count }
        return bytes
    }
}
