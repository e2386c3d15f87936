/// What a JSON text holds at its top, found without building the value.
package enum JSONTopLevel: Equatable, Sendable {
    /// An object, whatever its members.
    case object
    /// An array, whatever its elements.
    case array
    /// A string, number, boolean or null: the value itself.
    case scalar(JSONValue)

    /// "an object", "an array", "a string", … as ``JSONValue/kindDescription`` says it.
    package var kindDescription: String {
        switch self {
        case .object: JSONValue.object([:]).kindDescription
        case .array: JSONValue.array([]).kindDescription
        case .scalar(let value): value.kindDescription
        }
    }
}

extension JSONParser {
    /// Reads a whole JSON text as ``parse(_:)-([UInt8])`` does — the same text accepted, the
    /// same ``JSONParseError`` (code, message, offset) for any text refused — without building
    /// its arrays and objects, and tells what the text holds at its top. For a server that only
    /// needs to know that a body is one JSON object before handing its bytes on.
    ///
    /// ```swift
    /// try JSONParser().topLevel(Array(#"{"name": "Ann"}"#.utf8))   // .object
    /// try JSONParser().topLevel(Array("[1, 2,]".utf8))             // throws, as parse does
    /// ```
    ///
    /// - Throws: ``JSONParseError``.
    /// - Complexity: O(n) in the length of the text; nesting is bounded by ``maxDepth``.
    package func topLevel(_ bytes: [UInt8]) throws(JSONParseError) -> JSONTopLevel {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSONTopLevel in
                guard let base = buffer.baseAddress, !buffer.isEmpty else {
                    _ = try parse(buffer)  // the error of an empty text
                    return .scalar(.null)
                }
                var scanner = JSONScanner(bytes: base.assumingMemoryBound(to: UInt8.self), count: buffer.count, maxDepth: maxDepth)
                return try scanner.skipDocument()
            }
        }
        return try result.get()
    }
}
