extension JSONValue {
    /// Whether this is `null`.
    ///
    /// ```swift
    /// JSONValue.null.isNull   // true
    /// ```
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, if this is `true` or `false`.
    ///
    /// ```swift
    /// JSONValue.bool(true).bool   // true
    /// JSONValue.number(1).bool    // nil
    /// ```
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, if this is a number: a ``decimal(_:)`` as the `Double` nearest it.
    ///
    /// ```swift
    /// JSONValue.number(3.5).number   // 3.5
    /// ```
    public var number: Double? {
        switch self {
        case .number(let value): value
        case .decimal(let value): value.double
        default: nil
        }
    }

    /// The number exactly, if this is a number: a `.number`'s shortest decimal, a `.decimal`'s
    /// digits.
    ///
    /// ```swift
    /// try JSONParser().parse("9007199254740993").exactNumber?.description   // "9007199254740993"
    /// ```
    public var exactNumber: ExactDecimal? {
        switch self {
        case .number(let value): ExactDecimal(value)
        case .decimal(let value): value
        default: nil
        }
    }

    /// The number as an `Int`, if this is a number with no fractional part that fits in an `Int`.
    ///
    /// ```swift
    /// JSONValue.number(150).integer   // 150
    /// JSONValue.number(1.5).integer   // nil
    /// ```
    public var integer: Int? {
        switch self {
        case .number(let value): Int(exactly: value)
        case .decimal(let value): value.integer
        default: nil
        }
    }

    /// The string, if this is a string.
    ///
    /// ```swift
    /// JSONValue.string("a").string   // "a"
    /// ```
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    ///
    /// ```swift
    /// JSONValue.array([.null]).array?.count   // 1
    /// ```
    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    ///
    /// ```swift
    /// JSONValue.object(["a": .null]).object?.keys.first   // "a"
    /// ```
    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key`, if this is an object that has it.
    ///
    /// ```swift
    /// JSONValue.object(["a": .number(1)])["a"]   // .number(1)
    /// JSONValue.number(1)["a"]                   // nil
    /// ```
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index`, if this is an array and the index is in range.
    ///
    /// ```swift
    /// JSONValue.array([.null])[0]   // .null
    /// JSONValue.array([.null])[5]   // nil
    /// ```
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The kind of value with an article, for messages: `null`, `a boolean`, `a number`, `a string`,
    /// `an array` or `an object`.
    ///
    /// ```swift
    /// "record is \(JSONValue.number(1).kindDescription), not an object"   // record is a number, not an object
    /// ```
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .decimal: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
