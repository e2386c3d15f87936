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
        let valueSize = MemoryLayout<Value?>.stride
        let statusSize = MemoryLayout<FieldStatus>.stride
        var bytes = HeapEstimate.buffer(capacity: values.fields.capacity, element: valueSize)
        bytes += HeapEstimate.buffer(capacity: states.fields.capacity, element: statusSize)
        for value in values.fields { bytes += Self.heapBytes(of: value) }
        for status in states.fields { bytes += Self.heapBytes(of: status) }
        for list in values.lists {
            bytes += HeapEstimate.buffer(capacity: list.capacity, element: valueSize)
            for value in list { bytes += Self.heapBytes(of: value) }
        }
        for list in states.lists {
            bytes += HeapEstimate.buffer(capacity: list.capacity, element: statusSize)
            for status in list { bytes += Self.heapBytes(of: status) }
        }
        if !typedInputs.isEmpty {
            bytes += HeapEstimate.buffer(
                capacity: typedInputs.capacity, element: MemoryLayout<Slot>.stride + MemoryLayout<TypedInput>.stride)
            for (_, typed) in typedInputs {
                bytes += HeapEstimate.allocation + MemoryLayout<FieldInput>.stride + HeapEstimate.bytes(of: typed.input.text)
            }
        }
        for (_, options) in evaluator.runtimeOptions {
            bytes += HeapEstimate.buffer(capacity: options.capacity, element: MemoryLayout<ChoiceOption>.stride)
            for option in options {
                bytes += HeapEstimate.bytes(of: option.title) + Self.heapBytes(of: option.value)
                guard !option.attributes.isEmpty else { continue }
                bytes += HeapEstimate.buffer(
                    capacity: option.attributes.capacity, element: MemoryLayout<String>.stride + MemoryLayout<Value>.stride)
                for (name, value) in option.attributes { bytes += HeapEstimate.bytes(of: name) + Self.heapBytes(of: value) }
            }
        }
        return FormFootprint(items: itemTotal, bytes: bytes)
    }

    /// The bytes a value holds outside its slot: its text, or its list's items. A list's items
    /// are walked with a work list (values arrive from clients; no recursion on their shape).
    private static func heapBytes(of value: Value?) -> Int {
        guard let value else { return 0 }
        switch value {
        case .number, .bool, .date: return 0
        case .text(let text): return HeapEstimate.bytes(of: text)
        case .decimal(let number): return HeapEstimate.bytes(of: number.description)
        case .list(let items):
            var bytes = 0
            var pending = [items]
            while let next = pending.popLast() {
                bytes += HeapEstimate.buffer(capacity: next.capacity, element: MemoryLayout<Value>.stride)
                for item in next {
                    switch item {
                    case .number, .bool, .date: break
                    case .text(let text): bytes += HeapEstimate.bytes(of: text)
                    case .decimal(let number): bytes += HeapEstimate.bytes(of: number.description)
                    case .list(let inner): pending.append(inner)
                    }
                }
            }
            return bytes
        }
    }

    /// The bytes a slot's state holds outside its slot: its issues and their messages, and the
    /// edit named by a clear.
    private static func heapBytes(of status: FieldStatus) -> Int {
        var bytes = 0
        if !status.issues.isEmpty {
            bytes += HeapEstimate.buffer(capacity: status.issues.capacity, element: MemoryLayout<Issue>.stride)
            for issue in status.issues { bytes += HeapEstimate.bytes(of: issue.message) }
        }
        if case .cleared(_, let edit?) = status.provenance { bytes += HeapEstimate.bytes(of: edit) }
        return bytes
    }
}
