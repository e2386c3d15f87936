/// JSON Schema's equality of instances (`enum`, `const`, `uniqueItems`): numbers by
/// mathematical value (`1` equals `1.0`, a `.decimal` compared exactly), strings by code point,
/// arrays in order, objects whatever the order of their members.
///
/// ```swift
/// SchemaEquality.equal(.number(1), .decimal(ExactDecimal("1.0")!))     // true
/// SchemaEquality.equal(.string("\u{E9}"), .string("e\u{301}"))          // false: other code points
/// SchemaEquality.equal(["a": 1, "b": [true]], ["b": [true], "a": 1.0])   // true
/// ```
///
/// Swift's `String ==` compares by canonical equivalence, so strings are compared on their
/// UTF-8 instead; a ``JSONObject`` already keys its members so. The comparison uses an explicit stack, so deep values cannot exhaust the thread's.
enum SchemaEquality {
    /// Whether two texts are the same code points (JSON Schema compares names and strings so,
    /// not by Unicode's canonical equivalence, which `==` uses): their UTF-8 bytes compared.
    @inline(__always)
    static func sameCodePoints(_ a: String, _ b: String) -> Bool { JSONKey(a) == JSONKey(b) }

    /// Whether two instances are equal in JSON Schema's sense.
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        // Scalars without a stack.
        switch (lhs, rhs) {
        case (.array, .array), (.object, .object): break
        default: return scalarEqual(lhs, rhs)
        }
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                for index in x.indices {
                    switch (x[index], y[index]) {
                    case (.array, .array), (.object, .object): pending.append((x[index], y[index]))
                    default: guard scalarEqual(x[index], y[index]) else { return false }
                    }
                }
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                for (key, value) in x {
                    guard let otherValue = y[key] else { return false }
                    switch (value, otherValue) {
                    case (.array, .array), (.object, .object): pending.append((value, otherValue))
                    default: guard scalarEqual(value, otherValue) else { return false }
                    }
                }
            default:
                guard scalarEqual(a, b) else { return false }
            }
        }
        return true
    }

    /// Equality of two values at least one of which is not a container (false for two containers).
    private static func scalarEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return sameCodePoints(a, b)
        case (.number(let a), .number(let b)): return a == b
        case (.decimal(let a), .decimal(let b)): return a == b
        case (.number(let a), .decimal(let b)), (.decimal(let b), .number(let a)):
            guard a == b.double else { return false }
            return ExactDecimal(a) == b
        default: return false
        }
    }

    /// A hash equal for equal instances: the full value for scalars, the kind and size for
    /// containers (enough to spread `uniqueItems`'s work; equal buckets are compared in full).
    static func bucket(_ value: JSONValue) -> Int {
        var hasher = Hasher()
        switch value {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag)
        case .number(let number): hasher.combine(number == 0 ? 0 : number)
        case .decimal(let number):
            let double = number.double
            hasher.combine(double == 0 ? 0 : double)
        case .string(let text):
            hasher.combine(text.utf8.count)
            for byte in text.utf8.prefix(32) { hasher.combine(byte) }
        case .array(let items):
            hasher.combine(5)
            hasher.combine(items.count)
        case .object(let members):
            hasher.combine(6)
            hasher.combine(members.count)
        }
        return hasher.finalize()
    }

    /// The first two equal items, by the index of the later one, then the earlier: nil when
    /// all differ.
    static func firstRepeat(in items: [JSONValue]) -> (first: Int, second: Int)? {
        if items.count <= 16 {
            for second in items.indices {
                for first in 0..<second where equal(items[first], items[second]) { return (first, second) }
            }
            return nil
        }
        var buckets: [Int: [Int]] = [:]
        buckets.reserveCapacity(items.count)
        for second in items.indices {
            let key = bucket(items[second])
            if let earlier = buckets[key] {
                for first in earlier where equal(items[first], items[second]) { return (first, second) }
            }
            buckets[key, default: []].append(second)
        }
        return nil
    }
}
