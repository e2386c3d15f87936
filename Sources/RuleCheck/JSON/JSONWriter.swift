/// Writes ``JSONValue``s as compact JSON with sorted keys, the form every RuleCheck output uses.
///
/// ```swift
/// let value: JSONValue = ["b": 150, "a": ["x\n", 0.1, nil]]
/// JSONWriter.string(value)            // {"a":["x\n",0.1,null],"b":150}
/// JSONWriter.quoted("say \"hi\"")     // "say \"hi\""
///
/// var line = "{\"file\":"
/// JSONWriter.writeString("a.csv", to: &line)
/// line += "}"                         // {"file":"a.csv"}
/// ```
///
/// - Object keys are sorted byte-wise on their UTF-8, so the output is the same on every platform
///   and locale.
/// - Strings escape `"`, `\` and control characters (`\n`, `\t`, … or `\u001f`); `/` and non-ASCII
///   text are written as they are, in UTF-8.
/// - Numbers: an integral value below 2^53 in magnitude prints without a fraction (`150`, `-3`);
///   any other prints as Swift's shortest round-trip form (`3.5`, `0.1`, `1e+21`); NaN and the
///   infinities, which JSON cannot express, print `null`.
package enum JSONWriter {
    /// The value as compact JSON.
    ///
    /// ```swift
    /// JSONWriter.string(["k": [1, true]])   // {"k":[1,true]}
    /// ```
    package static func string(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        write(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value as compact JSON to a string.
    ///
    /// ```swift
    /// var out = ""
    /// JSONWriter.write(.array([1, 2]), to: &out)   // out == "[1,2]"
    /// ```
    package static func write(_ value: JSONValue, to output: inout String) {
        output += string(value)
    }

    /// Appends the value as compact JSON, in UTF-8, to a byte array.
    ///
    /// ```swift
    /// var bytes: [UInt8] = []
    /// JSONWriter.write(.null, to: &bytes)   // "null"
    /// ```
    package static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: formatNumber(number).utf8)
        case .decimal(let decimal):
            output.append(contentsOf: decimal.description.utf8)
        case .string(let text):
            writeString(text, to: &output)
        case .array(let elements):
            output.append(JSONByte.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(JSONByte.comma) }
                write(element, to: &output)
            }
            output.append(JSONByte.closeBracket)
        case .object(let members):
            output.append(JSONByte.openBrace)
            for (position, member) in members.sortedByCodePoints.enumerated() {
                if position > 0 { output.append(JSONByte.comma) }
                writeString(member.key, to: &output)
                output.append(JSONByte.colon)
                write(member.value, to: &output)
            }
            output.append(JSONByte.closeBrace)
        }
    }

    /// The text as a JSON string literal, quotes included.
    ///
    /// ```swift
    /// JSONWriter.quoted("a/b\t\"é\"")   // "a/b\t\"é\""
    /// ```
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        writeString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text as a JSON string literal, quotes included, to a string.
    ///
    /// ```swift
    /// var line = "{\"value\":"
    /// JSONWriter.writeString("12 34", to: &line)
    /// ```
    package static func writeString(_ text: String, to output: inout String) {
        output += quoted(text)
    }

    /// Appends the text as a JSON string literal, quotes included, in UTF-8, to a byte array.
    package static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(JSONByte.quote)
        // Over the string's own UTF-8 (in place for native strings), copying runs of bytes that
        // need no escape at once.
        if text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &output) }) == nil {
            var copy = text
            copy.withUTF8 { writeEscaped($0, to: &output) }
        }
        output.append(JSONByte.quote)
    }

    /// Appends UTF-8 text with `"`, `\` and control characters escaped.
    private static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            if byte >= 0x20, byte != JSONByte.quote, byte != JSONByte.backslash { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            appendEscape(for: byte, to: &output)
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    /// A number as JSON text: `150`, `-3`, `3.5`, `0.1`, `1e+21`; `null` for NaN and infinities.
    ///
    /// ```swift
    /// JSONWriter.formatNumber(150)        // "150"
    /// JSONWriter.formatNumber(.nan)       // "null"
    /// ```
    package static func formatNumber(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded(.towardZero) == number, abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return number.description
    }

    private static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
        output.append(JSONByte.backslash)
        switch byte {
        case JSONByte.quote: output.append(JSONByte.quote)
        case JSONByte.backslash: output.append(JSONByte.backslash)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case JSONByte.newline: output.append(UInt8(ascii: "n"))
        case JSONByte.carriageReturn: output.append(UInt8(ascii: "r"))
        case JSONByte.tab: output.append(UInt8(ascii: "t"))
        default:
            let digits = Array("0123456789abcdef".utf8)
            output.append(contentsOf: "u00".utf8)
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
    }
}
