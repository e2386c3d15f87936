/// Reading a JSON text without building its value: the same steps as ``JSONScanner/parseDocument()``
/// (so the same text is accepted, with the same errors), with nothing kept but what the top holds.
extension JSONScanner {
    /// Reads the whole buffer as ``parseDocument()`` does, and says what its value is at the top.
    mutating func skipDocument() throws(JSONParseError) -> JSONTopLevel {
        skipWhitespace()
        let top: JSONTopLevel
        if index < count, bytes[index] == JSONByte.openBrace || bytes[index] == JSONByte.openBracket {
            top = bytes[index] == JSONByte.openBrace ? .object : .array
            try skipValue()
        } else {
            top = .scalar(try parseValue())
        }
        skipWhitespace()
        if index < count {
            throw fail(.syntax, "expected the end of the text after the value, found \(found(at: index))")
        }
        return top
    }

    /// Reads one value as ``parseValue()`` does, keeping nothing. Recursion is bounded by
    /// `maxDepth`, as when parsing.
    mutating func skipValue() throws(JSONParseError) {
        guard index < count else {
            throw fail(.unexpectedEnd, "expected a value, found the end of the text")
        }
        switch bytes[index] {
        case JSONByte.quote:
            _ = try scanString()
        case JSONByte.openBrace:
            guard try openObject() else { return }
            var afterComma = false
            repeat {
                _ = try objectKeyBytes(afterComma: afterComma)
                try skipValue()
                afterComma = true
            } while try objectContinues()
        case JSONByte.openBracket:
            guard try openArray() else { return }
            repeat { try skipValue() } while try arrayContinues()
        default:
            _ = try parseValue()
        }
    }
}
