/// A JSON object: its members by key, where keys compare as JSON compares them — code point by
/// code point — not as Swift strings do (by Unicode canonical equivalence).
///
/// `"é"` written precomposed (U+00E9) and decomposed (`e` U+0301) are two keys of one object, as
/// they are to JSON (RFC 8259 §8.3) and to JSON Schema (whose equality of strings and of property
/// names is code point for code point); neither repeats the other. A field of a rules file, a
/// `properties` entry of a schema and a lookup by subscript all find a member by its exact
/// spelling.
///
/// It reads like a `Dictionary`: subscript by key, `keys`, `values`, `count`, and iteration over
/// `(key, value)` pairs in no particular order (`JSONWriter` prints keys sorted byte-wise on UTF-8).
///
/// ```swift
/// var object: JSONObject = ["name": "Ann"]
/// object["age"] = 42
/// object["name"]                        // "Ann"
/// object["caf\u{E9}"] = 1
/// object["cafe\u{301}"] = 2             // another key: spelled with other code points
/// object.count                          // 4
/// ```
public struct JSONObject: Hashable, Sendable {
    var storage: [JSONKey: JSONValue]

    /// An empty object.
    public init() { storage = [:] }

    /// An object with these members; a key repeated (code point for code point) keeps its last value.
    public init(members: some Sequence<(key: String, value: JSONValue)>) {
        storage = [:]
        for (key, value) in members { storage[JSONKey(key)] = value }
    }

    /// An object of these key-value pairs; a key repeated (code point for code point) keeps its
    /// last value.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, JSONValue)>) {
        self.init(members: pairs.lazy.map { (key: $0.0, value: $0.1) })
    }

    /// An object of a dictionary's members. Its keys are Swift strings, so it holds no two keys of
    /// one canonical form.
    public init(_ dictionary: [String: JSONValue]) {
        storage = Dictionary(minimumCapacity: dictionary.count)
        for (key, value) in dictionary { storage[JSONKey(key)] = value }
    }

    /// An empty object with room for `minimumCapacity` members before it grows.
    public init(minimumCapacity: Int) { storage = Dictionary(minimumCapacity: minimumCapacity) }

    /// The member whose key is `key`, code point for code point; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { storage[JSONKey(key)] }
        set { storage[JSONKey(key)] = newValue }
    }

    /// The member whose key is `key`, or `defaultValue`.
    public subscript(key: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        get { storage[JSONKey(key)] ?? defaultValue() }
        set { storage[JSONKey(key)] = newValue }
    }

    /// The keys, in the object's (unspecified) order.
    public var keys: [String] { storage.keys.map(\.string) }

    /// The keys in the order of their code points (their UTF-8 bytes): the order ``JSONWriter``
    /// writes them in and a schema's evaluation reports them in.
    package var sortedKeys: [String] { keys.sorted(by: Self.precedes) }

    /// The members in the order of ``sortedKeys``.
    package var sortedByCodePoints: [(key: String, value: JSONValue)] {
        storage.map { (key: $0.key.string, value: $0.value) }.sorted { Self.precedes($0.key, $1.key) }
    }

    /// Whether `key` comes before `other` code point for code point (byte-wise on UTF-8, which
    /// orders as the code points do).
    private static func precedes(_ key: String, _ other: String) -> Bool {
        key.utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// The values, in the order of ``keys``.
    public var values: [JSONValue] { Array(storage.values) }

    /// Sets the member `key` and gives back the value it replaces, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        storage.updateValue(value, forKey: JSONKey(key))
    }

    /// Removes the member `key` and gives back its value, if it had one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        storage.removeValue(forKey: JSONKey(key))
    }

    /// How many members it holds room for before it grows.
    public var capacity: Int { storage.capacity }

    /// Reserves room for `minimumCapacity` members.
    public mutating func reserveCapacity(_ minimumCapacity: Int) { storage.reserveCapacity(minimumCapacity) }

    /// The same keys with their values transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = JSONObject()
        result.storage = try storage.mapValues(transform)
        return result
    }

    /// Adds `other`'s members; where both have a key, `combine` gives its value.
    public mutating func merge(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows {
        try storage.merge(other.storage, uniquingKeysWith: combine)
    }

    /// This object with `other`'s members added; where both have a key, `combine` gives its value.
    public func merging(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = self
        try result.merge(other, uniquingKeysWith: combine)
        return result
    }

    /// The members for which `isIncluded` holds.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        var result = JSONObject()
        result.storage = try storage.filter { try isIncluded((key: $0.key.string, value: $0.value)) }
        return result
    }

    /// The keys with their values transformed, as a dictionary keyed by Swift strings (see
    /// ``dictionary``).
    public func mapValues<T>(_ transform: (JSONValue) throws -> T) rethrows -> [String: T] {
        var result: [String: T] = Dictionary(minimumCapacity: storage.count)
        for (key, value) in storage { result[key.string] = try transform(value) }
        return result
    }

    /// The keys whose transformed value is not nil, with it, as a dictionary keyed by Swift strings
    /// (see ``dictionary``).
    public func compactMapValues<T>(_ transform: (JSONValue) throws -> T?) rethrows -> [String: T] {
        var result: [String: T] = [:]
        for (key, value) in storage {
            if let mapped = try transform(value) { result[key.string] = mapped }
        }
        return result
    }

    /// The members, as a dictionary keyed by Swift strings: two keys of one canonical form become
    /// one (either value may win), so use it only where keys are known to differ canonically.
    public var dictionary: [String: JSONValue] {
        var result: [String: JSONValue] = Dictionary(minimumCapacity: storage.count)
        for (key, value) in storage { result[key.string] = value }
        return result
    }
}

extension JSONObject: Collection {
    public typealias Element = (key: String, value: JSONValue)

    /// A position of a member.
    public struct Index: Comparable, Sendable {
        let base: Dictionary<JSONKey, JSONValue>.Index
        init(_ base: Dictionary<JSONKey, JSONValue>.Index) { self.base = base }
        public static func < (lhs: Index, rhs: Index) -> Bool { lhs.base < rhs.base }
    }

    public var startIndex: Index { Index(storage.startIndex) }
    public var endIndex: Index { Index(storage.endIndex) }
    public func index(after index: Index) -> Index { Index(storage.index(after: index.base)) }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    public subscript(position: Index) -> Element {
        let member = storage[position.base]
        return (key: member.key.string, value: member.value)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public typealias Key = String
    public typealias Value = JSONValue

    /// Builds an object; a repeated key keeps its last value, as `JSONParser` does.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}

extension JSONObject: CustomStringConvertible {
    public var description: String { JSONWriter.string(.object(self)) }
}
