extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON with sorted keys, as `JSONWriter.string(_:)` writes it.
    ///
    /// ```swift
    /// print(JSONValue.object(["b": 1, "a": "x"]))   // {"a":"x","b":1}
    /// ```
    public var description: String { JSONWriter.string(self) }
}
