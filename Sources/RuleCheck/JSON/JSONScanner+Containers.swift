/// The steps of reading an array or an object, one at a time: ``JSONScanner``'s own values and
/// ``JSONRulesReader``'s located tree are built from the same steps, so both accept exactly the
/// same text with the same errors.
extension JSONScanner {
    /// Enters the object whose `{` is at `index`; false (having read its `}`) when it is empty.
    @inline(__always)
    mutating func openObject() throws(JSONParseError) -> Bool {
        try enterContainer()
        index += 1
        skipWhitespace()
        guard index < count, bytes[index] == JSONByte.closeBrace else { return true }
        index += 1
        depth -= 1
        return false
    }

    /// Reads an object key and its `:`, leaving `index` at the value.
    @inline(__always)
    mutating func objectKey(afterComma: Bool) throws(JSONParseError) -> String {
        switch try objectKeyBytes(afterComma: afterComma) {
        case .bytes(let range): String(decoding: UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count), as: UTF8.self)
        case .text(let text): text
        }
    }

    /// Reads an object key and its `:` as ``objectKey(afterComma:)`` does, without making a
    /// `String` of a key that has no escapes.
    @inline(__always)
    mutating func objectKeyBytes(afterComma: Bool) throws(JSONParseError) -> ScannedString {
        guard index < count, bytes[index] == JSONByte.quote else {
            if afterComma, index < count, bytes[index] == JSONByte.closeBrace {
                throw fail(.syntax, "expected an object key after ',', found '}' (trailing commas are not allowed)")
            }
            throw fail(.syntax, "expected '\"' to begin an object key, found \(found(at: index))")
        }
        let key = try scanString()
        skipWhitespace()
        guard index < count, bytes[index] == JSONByte.colon else {
            throw fail(.syntax, "expected ':' after an object key, found \(found(at: index))")
        }
        index += 1
        skipWhitespace()
        return key
    }

    /// After a member: true when `,` follows (read, with the whitespace after it), false at the
    /// object's `}` (read).
    @inline(__always)
    mutating func objectContinues() throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < count else {
            throw fail(.unexpectedEnd, "expected ',' or '}' after an object member, found the end of the text")
        }
        switch bytes[index] {
        case JSONByte.comma:
            index += 1
            skipWhitespace()
            return true
        case JSONByte.closeBrace:
            index += 1
            depth -= 1
            return false
        default:
            throw fail(.syntax, "expected ',' or '}' after an object member, found \(found(at: index))")
        }
    }

    /// Enters the array whose `[` is at `index`; false (having read its `]`) when it is empty.
    @inline(__always)
    mutating func openArray() throws(JSONParseError) -> Bool {
        try enterContainer()
        index += 1
        skipWhitespace()
        guard index < count, bytes[index] == JSONByte.closeBracket else { return true }
        index += 1
        depth -= 1
        return false
    }

    /// After an element: true when `,` and another element follow, false at the array's `]` (read).
    @inline(__always)
    mutating func arrayContinues() throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < count else {
            throw fail(.unexpectedEnd, "expected ',' or ']' after an array element, found the end of the text")
        }
        switch bytes[index] {
        case JSONByte.comma:
            index += 1
            skipWhitespace()
            if index < count, bytes[index] == JSONByte.closeBracket {
                throw fail(.syntax, "expected a value after ',', found ']' (trailing commas are not allowed)")
            }
            return true
        case JSONByte.closeBracket:
            index += 1
            depth -= 1
            return false
        default:
            throw fail(.syntax, "expected ',' or ']' after an array element, found \(found(at: index))")
        }
    }
}
