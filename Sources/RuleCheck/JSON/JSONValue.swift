/// A JSON value: null, a boolean, a number, a string, an array or an object.
///
/// ```swift
/// let value = try JSONParser().parse(#"{"age": 42, "tags": ["a", "b"]}"#)
/// value["age"]?.number            // 42.0
/// value["tags"]?[1]?.string       // "b"
/// JSONWriter.string(value)        // {"age":42,"tags":["a","b"]}
/// ```
///
/// Numbers are `Double`s, as in JavaScript, except that a number whose digits no `Double` holds
/// (`9007199254740993`, `0.10000000000000001`) is a ``decimal(_:)`` with every digit as written,
/// so that nothing a document says is lost; every other number is a ``number(_:)``, which means
/// the shortest decimal that reads back as its `Double` (``Value/init(exactly:)``). Objects are
/// unordered (``JSONObject``); `JSONWriter` prints their keys sorted byte-wise on UTF-8. Keys compare
/// as JSON compares them, code point for code point, so `"é"` precomposed and decomposed are two
/// keys of one object, neither a repeat of the other.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; never NaN or infinite when it comes from `JSONParser`.
    case number(Double)
    /// A number whose digits no `Double` holds, exactly as written; `JSONParser` gives one only
    /// for such a number, within the range of a `Double`.
    case decimal(ExactDecimal)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. When a parsed object repeats a key, the last occurrence wins.
    case object(JSONObject)
}
