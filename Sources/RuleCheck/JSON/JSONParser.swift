/// A strict RFC 8259 JSON parser that works on UTF-8 bytes.
///
/// ```swift
/// let parser = JSONParser()
/// let value = try parser.parse(#"{"name": "Ann", "age": 42}"#)
/// value["age"]?.integer   // 42
///
/// do {
///     _ = try parser.parse("[1, 2,]")
/// } catch {
///     print(error.message, error.location(in: "[1, 2,]"))
///     // expected a value after ',', found ']' (trailing commas are not allowed) line 1, column 7
/// }
/// ```
///
/// What it accepts is exactly RFC 8259: no comments, no trailing commas, no `NaN` or `Infinity`,
/// no single quotes, no leading zeros; strings may hold any escape including `\uXXXX` surrogate
/// pairs, but no lone surrogate and no unescaped control character. Bytes that are not UTF-8 are
/// rejected. Whitespace may surround the value; a UTF-8 byte-order mark is not skipped (callers
/// that read files skip it themselves).
///
/// - A repeated object key keeps its **last** value (`{"a":1,"a":2}` gives `a: 2`); keys that are
///   canonically equivalent Unicode (`"\u00e9"` and `"e\u0301"`) count as repeats.
/// - Numbers become `Double`s, correctly rounded; a number too large for a `Double` (`1e400`) is
///   an error rather than infinity.
/// - Arrays and objects may nest ``maxDepth`` levels deep; deeper input is an error, so hostile
///   input cannot exhaust the stack.
///
/// The parser is a value without state between calls: share one freely between threads.
package struct JSONParser: Sendable, Hashable {
    /// The nesting limit a parser has unless told otherwise: 512 levels.
    package static let defaultMaxDepth = 512

    /// How many arrays and objects may nest; `[[1]]` has depth 2.
    package var maxDepth: Int

    /// Makes a parser.
    ///
    /// ```swift
    /// let shallow = JSONParser(maxDepth: 16)
    /// ```
    ///
    /// - Parameter maxDepth: how many arrays and objects may nest (at least 1 is used).
    package init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = max(1, maxDepth)
    }

    /// Parses one JSON value from a buffer of UTF-8 bytes.
    ///
    /// ```swift
    /// let value = try bytes.withUnsafeBytes { try JSONParser().parse($0) }
    /// ```
    ///
    /// - Parameter bytes: the whole text; only whitespace may surround the value.
    /// - Returns: the value.
    /// - Throws: ``JSONParseError`` with a message and the byte offset of the problem.
    /// - Complexity: O(n) in the length of the text.
    package func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONParseError(
                code: .unexpectedEnd, message: "expected a value, found the end of the text", offset: 0)
        }
        var scanner = JSONScanner(
            bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth)
        return try scanner.parseDocument()
    }

    /// Parses one JSON value from a buffer of UTF-8 bytes, and tells which object keys it has more
    /// than once (the value keeps the last of each). Keys compare as code points, as JSON says:
    /// `"é"` and `"e\u{301}"` are two keys, no repeat (the value, keyed by Swift strings, holds
    /// the last of them).
    ///
    /// ```swift
    /// var repeated: [String] = []
    /// let value = try bytes.withUnsafeBytes { try JSONParser().parse($0, duplicateKeys: &repeated) }
    /// // for {"a": 1, "g": {"x": 1, "x": 2}, "l": [{"y": 1, "y": 2}], "a": 2}: ["g.x", "l[].y", "a"]
    /// ```
    ///
    /// - Parameter duplicateKeys: receives each repeated key's path once (keys of nested objects
    ///   after their parents' keys and `.`, an array's elements as `[]`), in the order their
    ///   repeats end; left as it was when the text does not parse.
    /// - Throws: ``JSONParseError``.
    package func parse(_ bytes: UnsafeRawBufferPointer, duplicateKeys: inout [String]) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return try parse(bytes) }
        var scanner = JSONScanner(
            bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth)
        scanner.duplicateKeys = []
        let value = try scanner.parseDocument()
        duplicateKeys = scanner.duplicateKeys ?? []
        return value
    }

    /// Parses one JSON value from an array of UTF-8 bytes.
    ///
    /// ```swift
    /// try JSONParser().parse(Array("[1, 2]".utf8))   // .array([1, 2])
    /// ```
    ///
    /// - Throws: ``JSONParseError``.
    package func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses one JSON value from a string.
    ///
    /// ```swift
    /// try JSONParser().parse("null")   // .null
    /// ```
    ///
    /// - Throws: ``JSONParseError``; offsets count UTF-8 bytes of `text`.
    package func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}
