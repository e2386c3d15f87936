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

    /// The bytes a value holds outside its slot: its text, its list's items, or the JSON array or
    /// object a `json` field holds. Lists and JSON are walked with work lists (values arrive from
    /// clients; no recursion on their shape).
    private static func heapBytes(of value: Value?) -> Int {
        guard let value else { return 0 }
        switch value {
        case .number, .bool, .date: return 0
        case .text(let text): return HeapEstimate.bytes(of: text)
        case .decimal(let number): return HeapEstimate.bytes(of: number.description)
        case .structured(let json): return heapBytes(of: json)
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
                    case .structured(let json): bytes += heapBytes(of: json)
                    case .list(let inner): pending.append(inner)
                    }
                }
            }
            return bytes
        }
    }

    /// The bytes a JSON value holds outside itself: its strings, its arrays' buffers and its
    /// objects' tables (keys and values), walked with a work list.
    private static func heapBytes(of json: JSONValue) -> Int {
        let element = MemoryLayout<JSONValue>.stride
        var bytes = 0
        var pending = [json]
        while let next = pending.popLast() {
            switch next {
            case .null, .bool, .number: break
            case .decimal(let number): bytes += HeapEstimate.bytes(of: number.description)
            case .string(let text): bytes += HeapEstimate.bytes(of: text)
            case .array(let items):
                bytes += HeapEstimate.buffer(capacity: items.capacity, element: element)
                pending.append(contentsOf: items)
            case .object(let members):
                bytes += HeapEstimate.buffer(capacity: members.capacity, element: MemoryLayout<String>.stride + element)
                for (key, member) in members {
                    bytes += HeapEstimate.bytes(of: key)
                    pending.append(member)
                }
            }
        }
        return bytes
    }

    /// The bytes a slot's state holds outside its slot: its issues and their messages, and the
    /// edit named by a clear.
    private static func heapBytes(of status: FieldStatus) -> Int {
        var bytes = 0
        if !status.issues.isEmpty {
            bytes += HeapEstimate.buffer(capacity: status.issues.capacity, element: MemoryLayout<FieldIssue>.stride)
            for issue in status.issues { bytes += HeapEstimate.bytes(of: issue.message) }
        }
        if case .cleared(_, let edit?) = status.provenance { bytes += HeapEstimate.bytes(of: edit) }
        return bytes
    }
}
