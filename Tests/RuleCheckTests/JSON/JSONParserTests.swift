import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("JSONParser")
struct JSONParserTests {
    let parser = JSONParser()

    /// Parses `text` expecting failure; returns the error.
    func failure(
        _ text: String, parser: JSONParser = JSONParser(), sourceLocation: SourceLocation = #_sourceLocation
    )
        -> JSONParseError?
    {
        do {
            let value = try parser.parse(text)
            Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    func failure(bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONParseError? {
        do {
            let value = try parser.parse(bytes)
            Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test func scalars() throws {
        expectEqual(try parser.parse("null"), .null)
        expectEqual(try parser.parse("true"), .bool(true))
        expectEqual(try parser.parse("false"), .bool(false))
        expectEqual(try parser.parse(" \t\r\n 42 \n"), .number(42))
        #expect(try parser.parse(#""hi""#) == .string("hi"))
    }

    @Test func containers() throws {
        let value = try parser.parse(#"{"a": [1, {"b": null}], "c": {}, "d": []}"#)
        expectEqual(value, ["a": [1, ["b": nil]], "c": [:], "d": []])
        expectEqual(value["a"]?[1]?["b"], .null)
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        #expect(try parser.parse(#"{"a": 1, "b": 2, "a": 3}"#) == ["a": 3, "b": 2])
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("150", 150), ("-3", -3), ("3.5", 3.5), ("0.1", 0.1), ("1e3", 1000),
        ("1E+2", 100), ("2.5e-3", 0.0025), ("-1.25E-1", -0.125), ("9007199254740992", 9007199254740992),
        ("0.30000000000000004", 0.30000000000000004), ("5e-324", Double.leastNonzeroMagnitude),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("0.000001", 0.000001), ("12345.678e-2", 123.45678),
        ("1000000000000000000000", 1e21),
    ])
    func numbers(text: String, expected: Double) throws {
        expectEqual(try parser.parse(text), .number(expected))
    }

    /// A number whose digits no `Double` holds keeps them (issue 22); `number` is still the
    /// `Double` nearest it.
    @Test(arguments: [
        ("123456789012345678901234567890", 1.2345678901234568e29), ("9007199254740993", 9007199254740992),
        ("1e-400", 0), ("4.9e-324", Double.leastNonzeroMagnitude), ("0.10000000000000001", 0.1),
    ])
    func numbersADoubleCannotHold(text: String, nearest: Double) throws {
        let value = try parser.parse(text)
        #expect(value == .decimal(try #require(ExactDecimal(text))))
        expectEqual(value.number, nearest)
        expectEqual(JSONWriter.string(value), ExactDecimal(text)?.description)
        expectEqual(try parser.parse(JSONWriter.string(value)), value)
    }

    @Test(arguments: [
        ("01", "invalid number: leading zeros are not allowed"),
        ("-", "invalid number: expected a digit after '-', found the end of the text"),
        ("-a", "invalid number: expected a digit after '-', found 'a'"),
        ("1.", "invalid number: expected a digit after '.', found the end of the text"),
        ("1.e5", "invalid number: expected a digit after '.', found 'e5'"),
        ("1e", "invalid number: expected a digit in the exponent, found the end of the text"),
        ("1e+", "invalid number: expected a digit in the exponent, found the end of the text"),
        (".5", "expected a value, found '.5'"),
        ("+1", "expected a value, found '+1'"),
        ("1e400", "number 1e400 is out of range"),
        ("-1e400", "number -1e400 is out of range"),
        ("NaN", "expected a value, found 'NaN'"),
        ("Infinity", "expected a value, found 'Infinity'"),
        ("-Infinity", "invalid number: expected a digit after '-', found 'Infinity'"),
        ("0x10", "expected the end of the text after the value, found 'x10'"),
    ])
    func badNumbers(text: String, message: String) {
        expectEqual(failure(text)?.message, message)
    }

    @Test func stringEscapes() throws {
        #expect(try parser.parse(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == .string("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti"))
        #expect(try parser.parse(#""\u0041\u00e9\u4E2D\u0000""#) == .string("Aé中\u{0}"))
        #expect(try parser.parse(#""\uD83D\uDE00 smile""#) == .string("😀 smile"))
        #expect(try parser.parse(#""\ud834\udd1e""#) == .string("𝄞"))
        expectEqual(try parser.parse("\"é中😀 raw\""), .string("é中😀 raw"))
        expectEqual(try parser.parse("\"é\\n中\""), .string("é\n中"))
    }

    @Test(arguments: [
        (#""\uD83D""#, "lone surrogate \\uD83D in a string", 1),
        (#""\uD83Dx""#, "lone surrogate \\uD83D in a string", 1),
        (#""\uD83D\u0041""#, "lone surrogate \\uD83D in a string", 1),
        (#""\uDE00""#, "lone surrogate \\uDE00 in a string", 1),
        (#""\u12G4""#, "expected four hex digits after '\\u' in a string", 1),
        (#""\u12""#, "expected four hex digits after '\\u' in a string", 1),
        (#""ab\x""#, "invalid escape '\\x' in a string", 3),
        (#""ab\'""#, "invalid escape '\\'' in a string", 3),
        ("\"a\nb\"", "unescaped line break in a string", 2),
        ("\"a\tb\"", "unescaped control character U+0009 in a string", 2),
        ("\"abc", "unterminated string", 0),
        ("[\"abc\\", "unterminated string", 5),
    ])
    func badStrings(text: String, message: String, offset: Int) {
        let error = failure(text)
        expectEqual(error?.message, message)
        expectEqual(error?.offset, offset)
    }

    @Test(
        arguments: [
            [0x22, 0xFF, 0x22],  // never valid
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8-encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xC3, 0x22],  // truncated sequence
            [0x22, 0x61, 0xE2, 0x82],  // truncated at the end of the buffer
            [0x22, 0x80, 0x22],  // stray continuation byte
        ] as [[UInt8]])
    func invalidUTF8InStrings(bytes: [UInt8]) {
        let error = failure(bytes: bytes)
        expectEqual(error?.code, .invalidUTF8)
        expectEqual(error?.message.hasPrefix("invalid UTF-8 (byte 0x"), true)
    }

    @Test func invalidUTF8OutsideStrings() {
        expectEqual(failure(bytes: [0x5B, 0xFF, 0x5D])?.message, "expected a value, found byte 0xFF (not UTF-8)")
        expectEqual(failure(bytes: Array("[é]".utf8))?.message, "expected a value, found 'é'")
    }

    @Test(arguments: [
        ("", "expected a value, found the end of the text", 0),
        ("   ", "expected a value, found the end of the text", 3),
        ("[1, 2,]", "expected a value after ',', found ']' (trailing commas are not allowed)", 6),
        (#"{"a": 1,}"#, "expected an object key after ',', found '}' (trailing commas are not allowed)", 8),
        (#"{"a": 1 "b": 2}"#, "expected ',' or '}' after an object member, found '\"'", 8),
        (#"{"a" 1}"#, "expected ':' after an object key, found '1'", 5),
        (#"{a: 1}"#, "expected '\"' to begin an object key, found 'a'", 1),
        (#"{'a': 1}"#, "expected '\"' to begin an object key, found '''", 1),
        ("[1 2]", "expected ',' or ']' after an array element, found '2'", 3),
        ("[1, 2", "expected ',' or ']' after an array element, found the end of the text", 5),
        (#"{"a": 1"#, "expected ',' or '}' after an object member, found the end of the text", 7),
        (#"{"a":"#, "expected a value, found the end of the text", 5),
        ("[1] x", "expected the end of the text after the value, found 'x'", 4),
        ("[1] [2]", "expected the end of the text after the value, found '['", 4),
        ("// c\n1", "expected a value, found '/'", 0),
        ("[1, /* c */ 2]", "expected a value, found '/'", 4),
        ("tru", "expected a value, found 'tru'", 0),
        ("nul", "expected a value, found 'nul'", 0),
        ("True", "expected a value, found 'True'", 0),
        ("[\n  1,\n  ]", "expected a value after ',', found ']' (trailing commas are not allowed)", 9),
        ("\u{FEFF}1", "expected a value, found '\u{FEFF}'", 0),
        ("[\u{1}]", "expected a value, found control character U+0001", 1),
    ])
    func syntaxErrors(text: String, message: String, offset: Int) {
        let error = failure(text)
        expectEqual(error?.message, message)
        expectEqual(error?.offset, offset)
    }

    @Test func errorCodes() {
        expectEqual(failure("[1,")?.code, .unexpectedEnd)
        expectEqual(failure("[1 2]")?.code, .syntax)
        expectEqual(failure("\"\\q\"")?.code, .invalidString)
        expectEqual(failure("01")?.code, .invalidNumber)
        expectEqual(failure(String(repeating: "[", count: 600))?.code, .depthLimit)
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try parser.parse(ok) }
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = failure(deep)
        expectEqual(error?.message, "arrays and objects are nested deeper than 512 levels")
        expectEqual(error?.offset, 512)
        // Hostile input far beyond the limit fails cleanly instead of overflowing the stack.
        let hostile = String(repeating: #"{"a":["#, count: 200_000)
        expectEqual(failure(hostile)?.code, .depthLimit)
        expectEqual(failure("[[[1]]]", parser: JSONParser(maxDepth: 2))?.code, .depthLimit)
        expectEqual(try JSONParser(maxDepth: 3).parse("[[[1]]]"), [[[1]]])
    }

    @Test func locationCountsLinesAndScalarColumns() throws {
        let text = "{\n  \"é中\": 1,\n  \"b\" 2\n}"
        let error = try #require(failure(text))
        expectEqual(error.message, "expected ':' after an object key, found '2'")
        expectEqual(error.location(in: text), JSONParseError.Location(line: 3, column: 7))
        expectEqual(error.location(in: Array(text.utf8)).description, "line 3, column 7")
        // On the line with non-ASCII text, columns count scalars, not bytes.
        let second = "[\"é中\" x]"
        expectEqual(failure(second)?.location(in: second), JSONParseError.Location(line: 1, column: 7))
        // CRLF counts as one line break.
        let crlf = "[1,\r\n2,\r\n]"
        expectEqual(failure(crlf)?.location(in: crlf), JSONParseError.Location(line: 3, column: 1))
    }

    @Test func parsesFromAllInputForms() throws {
        let text = #"{"k": ["v", 1.5]}"#
        let expected: JSONValue = ["k": ["v", 1.5]]
        expectEqual(try parser.parse(text), expected)
        expectEqual(try parser.parse(Array(text.utf8)), expected)
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { try parser.parse($0) }
        expectEqual(fromBuffer, expected)
        expectEqual(failure(bytes: [])?.message, "expected a value, found the end of the text")
    }

    @Test func descriptionShowsMessageAndOffset() {
        expectEqual(failure("[1 2]")?.description, "expected ',' or ']' after an array element, found '2' at byte 3")
    }

    @Test func codesMatchInCatch() {
        do {
            _ = try parser.parse("[")
            Issue.record("expected an error")
        } catch JSONParseError.Code.unexpectedEnd {
            // matched by code
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
