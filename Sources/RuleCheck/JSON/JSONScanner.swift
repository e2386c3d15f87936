/// The recursive-descent engine behind ``JSONParser``: one pass over a UTF-8 buffer with a cursor.
///
/// ```swift
/// var scanner = JSONScanner(bytes: base, count: n, maxDepth: 512)
/// let value = try scanner.parseDocument()
/// ```
///
/// Recursion is bounded by `maxDepth`, so the stack stays small whatever the input.
struct JSONScanner {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let maxDepth: Int
    var index = 0
    var depth = 0
    /// Reused for strings that contain escapes.
    private var scratch: [UInt8] = []
    /// When collecting: the paths of keys that an object has more than once (`g.x`, `l[].y`), in
    /// the order their repeats end; nil when not collecting.
    var duplicateKeys: [String]?
    /// While collecting: the keys (nil for an array's elements) of the containers being parsed.
    private var containerPath: [String?] = []

    init(bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
    }

    /// Parses the whole buffer as one value surrounded by optional whitespace.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < count {
            throw fail(.syntax, "expected the end of the text after the value, found \(found(at: index))")
        }
        return value
    }

    // MARK: Values

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < count else {
            throw fail(.unexpectedEnd, "expected a value, found the end of the text")
        }
        switch bytes[index] {
        case JSONByte.quote: return .string(try parseString())
        case JSONByte.openBrace: return try parseObject()
        case JSONByte.openBracket: return try parseArray()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case JSONByte.minus, JSONByte.zero...JSONByte.nine:
            return try parseNumber()
        default:
            throw fail(.syntax, "expected a value, found \(found(at: index))")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        var matched = 0
        while matched < length, index + matched < count, bytes[index + matched] == expected[matched] {
            matched += 1
        }
        guard matched == length else {
            throw fail(.syntax, "expected a value, found \(found(at: index))")
        }
        index += length
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth {
            throw fail(.depthLimit, "arrays and objects are nested deeper than \(maxDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        var members: JSONObject = [:]
        guard try openObject() else { return .object(members) }
        // Records' objects mostly have a few keys: growing 1 → 2 → 4 → 8 would rehash each time.
        members.reserveCapacity(8)
        var afterComma = false
        repeat {
            let key = try objectKey(afterComma: afterComma)
            if duplicateKeys == nil {
                let value = try parseValue()
                members[key] = value
            } else {
                let isContainer = index < count && (bytes[index] == JSONByte.openBrace || bytes[index] == JSONByte.openBracket)
                if isContainer { containerPath.append(key) }
                let value = try parseValue()
                if isContainer { containerPath.removeLast() }
                if members.updateValue(value, forKey: key) != nil { noteDuplicate(key) }
            }
            afterComma = true
        } while try objectContinues()
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        var elements: [JSONValue] = []
        guard try openArray() else { return .array(elements) }
        repeat {
            if duplicateKeys != nil, index < count, bytes[index] == JSONByte.openBrace || bytes[index] == JSONByte.openBracket {
                containerPath.append(nil)
                elements.append(try parseValue())
                containerPath.removeLast()
            } else {
                elements.append(try parseValue())
            }
        } while try arrayContinues()
        return .array(elements)
    }

    /// Adds the path of `key` in the object being parsed to ``duplicateKeys``, once.
    private mutating func noteDuplicate(_ key: String) {
        let path = path(of: key)
        if duplicateKeys?.contains(path) == false { duplicateKeys?.append(path) }
    }

    /// The path of `key` in the object being parsed: `g.x`, `l[].y`.
    private func path(of key: String) -> String {
        var path = ""
        for component in containerPath {
            if let component {
                if !path.isEmpty { path += "." }
                path += component
            } else {
                path += "[]"
            }
        }
        if !path.isEmpty { path += "." }
        path += key
        return path
    }

    // MARK: Strings

    /// Parses a string whose opening quote is at `index`.
    mutating func parseString() throws(JSONParseError) -> String {
        switch try scanString() {
        case .bytes(let range): String(decoding: UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count), as: UTF8.self)
        case .text(let text): text
        }
    }

    /// A string's text as ``scanString()`` finds it.
    enum ScannedString {
        /// The text is these bytes of the buffer (the string has no escapes).
        case bytes(Range<Int>)
        /// The text of a string with escapes.
        case text(String)
    }

    /// Reads the string whose opening quote is at `index`, as ``parseString()`` does, without
    /// making a `String` when it has no escapes.
    mutating func scanString() throws(JSONParseError) -> ScannedString {
        let opening = index
        index += 1
        let start = index
        while index < count {
            let byte = bytes[index]
            if byte == JSONByte.quote {
                index += 1
                return .bytes(start..<(index - 1))
            } else if byte == JSONByte.backslash {
                return .text(try parseEscapedString(from: start, opening: opening))
            } else if byte < 0x20 {
                throw controlCharacterError(byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw JSONParseError(code: .unexpectedEnd, message: "unterminated string", offset: opening)
    }

    /// Finishes a string that has escapes; `index` is at the first backslash.
    private mutating func parseEscapedString(from start: Int, opening: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: index - start))
        while index < count {
            let byte = bytes[index]
            if byte == JSONByte.quote {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == JSONByte.backslash {
                try appendEscape()
            } else if byte < 0x20 {
                throw controlCharacterError(byte)
            } else if byte < 0x80 {
                scratch.append(byte)
                index += 1
            } else {
                let sequenceStart = index
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + sequenceStart, count: index - sequenceStart))
            }
        }
        throw JSONParseError(code: .unexpectedEnd, message: "unterminated string", offset: opening)
    }

    /// Decodes the escape at `index` (a backslash) into `scratch`.
    private mutating func appendEscape() throws(JSONParseError) {
        let escapeStart = index
        guard index + 1 < count else {
            throw fail(.unexpectedEnd, "unterminated string")
        }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: escapeStart)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < count, bytes[index] == JSONByte.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONParseError(
                        code: .invalidString, message: "lone surrogate \\u\(hex4(unit)) in a string", offset: escapeStart)
                }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONParseError(
                        code: .invalidString, message: "lone surrogate \\u\(hex4(unit)) in a string", offset: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONParseError(
                    code: .invalidString, message: "lone surrogate \\u\(hex4(unit)) in a string", offset: escapeStart)
            }
            appendUTF8(scalarValue)
        default:
            throw JSONParseError(
                code: .invalidString,
                message: "invalid escape '\\\(describeEscapeLetter(letter))' in a string",
                offset: escapeStart)
        }
    }

    /// Reads four hex digits at `index`.
    private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < count, let digit = JSONByte.hexValue(bytes[index + offset]) else {
                throw JSONParseError(
                    code: .invalidString, message: "expected four hex digits after '\\u' in a string",
                    offset: escapeStart)
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    private mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            scratch.append(UInt8(value))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Steps over one multi-byte UTF-8 sequence at `index`, or throws if it is not well-formed
    /// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
    @inline(__always)
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let length = UTF8Validation.sequenceLength(bytes + index, available: count - index)
        guard length > 0 else {
            throw JSONParseError(
                code: .invalidUTF8, message: "invalid UTF-8 (byte 0x\(hex2(bytes[index]))) in a string", offset: index)
        }
        index += length
    }

    // MARK: Numbers

    /// Exact powers of ten a `Double` holds: the fast path multiplies or divides by one of them.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A number: a `.number`, or a `.decimal` with every digit when no `Double` holds them
    /// (``JSONValue/decimal(_:)``). A number beyond the range of a `Double` is an error.
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var negative = false
        if bytes[index] == JSONByte.minus {
            negative = true
            index += 1
        }
        guard index < count, JSONByte.isDigit(bytes[index]) else {
            throw fail(.invalidNumber, "invalid number: expected a digit after '-', found \(found(at: index))")
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        if bytes[index] == JSONByte.zero {
            index += 1
            if index < count, JSONByte.isDigit(bytes[index]) {
                throw fail(.invalidNumber, "invalid number: leading zeros are not allowed")
            }
        } else {
            while index < count, JSONByte.isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- JSONByte.zero) }
                digits += 1
                index += 1
            }
        }
        if index < count, bytes[index] == JSONByte.dot {
            index += 1
            guard index < count, JSONByte.isDigit(bytes[index]) else {
                throw fail(.invalidNumber, "invalid number: expected a digit after '.', found \(found(at: index))")
            }
            while index < count, JSONByte.isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- JSONByte.zero)
                    exponent -= 1
                }
                digits += 1
                index += 1
            }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == JSONByte.plus || bytes[index] == JSONByte.minus {
                exponentNegative = bytes[index] == JSONByte.minus
                index += 1
            }
            guard index < count, JSONByte.isDigit(bytes[index]) else {
                throw fail(
                    .invalidNumber, "invalid number: expected a digit in the exponent, found \(found(at: index))")
            }
            var written = 0
            while index < count, JSONByte.isDigit(bytes[index]) {
                if written < 100_000 { written = written * 10 + Int(bytes[index] &- JSONByte.zero) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        // Fast path: the mantissa and the power of ten are both exact, so one rounding gives the
        // correctly rounded result (Clinger).
        if digits <= 15, exponent >= -22, exponent <= 22 {
            let magnitude = Double(mantissa)
            let scaled =
                exponent < 0 ? magnitude / Self.powersOfTen[-exponent] : magnitude * Self.powersOfTen[exponent]
            return .number(negative ? -scaled : scaled)
        }
        let written = UnsafeBufferPointer(start: bytes + start, count: index - start)
        guard let decimal = ExactDecimal(utf8: written), case let double = decimal.double, double.isFinite else {
            let text = String(decoding: written, as: UTF8.self)
            throw JSONParseError(
                code: .invalidNumber, message: "number \(text.prefix(40)) is out of range", offset: start)
        }
        return decimal.isHeldAsWritten(by: double) ? .number(double) : .decimal(decimal)
    }

    // MARK: Helpers

    @inline(__always)
    mutating func skipWhitespace() {
        while index < count {
            switch bytes[index] {
            case JSONByte.space, JSONByte.newline, JSONByte.carriageReturn, JSONByte.tab: index += 1
            default: return
            }
        }
    }

    func fail(_ code: JSONParseError.Code, _ message: String) -> JSONParseError {
        JSONParseError(code: index >= count && code == .syntax ? .unexpectedEnd : code, message: message, offset: index)
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONParseError {
        let what = byte == JSONByte.newline ? "line break" : "control character U+00\(hex2(byte))"
        return JSONParseError(code: .invalidString, message: "unescaped \(what) in a string", offset: index)
    }

    /// Describes what is at `position` for a message: `']'`, `'NaN'`, `a line break`, `the end of the text`.
    func found(at position: Int) -> String {
        guard position < count else { return "the end of the text" }
        let byte = bytes[position]
        if JSONByte.isWordByte(byte) {
            var end = position
            while end < count, end - position < 16, JSONByte.isWordByte(bytes[end]) { end += 1 }
            return "'\(String(decoding: UnsafeBufferPointer(start: bytes + position, count: end - position), as: UTF8.self))'"
        }
        switch byte {
        case JSONByte.newline: return "a line break"
        case 0..<0x20, 0x7F: return "control character U+00\(hex2(byte))"
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let length = UTF8Validation.sequenceLength(bytes + position, available: count - position)
            guard length > 0 else { return "byte 0x\(hex2(byte)) (not UTF-8)" }
            return "'\(String(decoding: UnsafeBufferPointer(start: bytes + position, count: length), as: UTF8.self))'"
        }
    }

    private func describeEscapeLetter(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "U+00\(hex2(byte))"
    }

    private func hex2(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + text : text
    }

    private func hex4(_ unit: UInt16) -> String {
        let text = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
