import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

@Suite struct JSONArrayReaderTests {
    @Test func elementsAreRecords() throws {
        let text = "[\n  {\"a\": 1},\n  {\"a\": 2,\n   \"b\": [1, 2]},\n  {}\n]\n"
        let result = try readAll(text, format: .json)
        expectEqual(result.header, nil)
        expectEqual(result.records, [object(1, line: 2, ["a": 1]), object(2, line: 3, ["a": 2, "b": [1, 2]]), object(3, line: 5, [:])])
    }

    @Test(arguments: [
        #"[{"a":1},{"a":2}]"#,
        "[ {\"a\":1} , {\"a\":2} ]",
        "\n\t[\r\n{\"a\":1}\r\n,\r\n{\"a\":2}\r\n]\r\n",
        "[{\"a\"\n:\n1}\n,{\"a\":2}\n]   \n\n",
    ])
    func whitespaceVariants(text: String) throws {
        let records = try readAll(text, format: .json).records
        expectEqual(records.map(\.content), [.object(["a": 1]), .object(["a": 2])])
        expectEqual(records.map(\.number), [1, 2])
    }

    @Test func bracketsAndQuotesInsideStrings() throws {
        let text = #"[{"s": "a]b}c,d{[", "q": "he said \"]\"", "n": {"x": ["}", "]"]}}, {"e": "\\"}, {"u": "\u005d"}]"#
        let result = try readAll(text, format: .json)
        expectEqual(
            result.records,
            [
                object(1, line: 1, ["s": "a]b}c,d{[", "q": "he said \"]\"", "n": ["x": ["}", "]"]]]), object(2, line: 1, ["e": "\\"]),
                object(3, line: 1, ["u": "]"]),
            ])
    }

    /// What follows a missing comma is skipped up to the next element; a line break there ends a
    /// string (as inside an element) together with a backslash before it, which escapes nothing
    /// on the next line.
    @Test func aBackslashBeforeALineBreakInSkippedTextEscapesNothingAfterIt() throws {
        let text = "[{\"a\": 1} \"x\\\n\"\", {\"b\": 2}]"
        let result = try readAll(text, format: .json)
        expectEqual(
            result.records,
            [malformed(1, line: 1, "expected ',' or ']' after this array element, found '\"'"), object(2, line: 2, ["b": 2])])
    }

    @Test func malformedElementThenGoodOnes() throws {
        let text = "[\n{\"a\": 1},\n{\"a\": },\n{\"a\": [1, 2}, \n{\"a\": 4}\n]"
        let result = try readAll(text, format: .json)
        expectEqual(
            result.records,
            [
                object(1, line: 2, ["a": 1]), malformed(2, line: 3, "expected a value, found '}' (line 3)"),
                malformed(3, line: 4, "expected ',' or ']' after an array element, found '}' (line 4)"), object(4, line: 5, ["a": 4]),
            ])
    }

    /// An element without its `}`: the next element's `{` stands where a key should, so the element
    /// ends there and reading goes on with the next element, however long the rest of the file.
    @Test(arguments: [1 << 16, 5])
    func elementMissingItsCloseBraceResyncsAtTheNextElement(blockSize: Int) throws {
        var text = "[\n{\"a\": 1},\n{\"a\": 2,\n"
        for index in 3...1002 { text += "{\"a\": \(index)},\n" }
        text += "{\"a\": 1003 {\"a\": 1004}, {\"a\": {\"b\": 1}, {\"a\": 1006}\n]\n"
        var options = tinyOptions(blockSize: blockSize)
        options.maxRecordSize = 64
        let result = try readAll(text, format: .json, options: options)
        expectEqual(result.records.count, 1006)
        expectEqual(result.records.first, object(1, line: 2, ["a": 1]))
        let notClosed = "array element is not closed: found '{' where an object key or '}' should be"
        #expect(result.records.dropFirst().first == malformed(2, line: 3, "\(notClosed) (line 4)"))
        for (offset, record) in result.records.dropFirst(2).prefix(1000).enumerated() {
            expectEqual(record, object(offset + 3, line: offset + 4, ["a": .number(Double(offset + 3))]))
        }
        #expect(
            Array(result.records.suffix(4)) == [
                malformed(1003, line: 1004, "\(notClosed) (line 1004)"),
                object(1004, line: 1004, ["a": 1004]),
                malformed(1005, line: 1004, "\(notClosed) (line 1004)"),
                object(1006, line: 1004, ["a": 1006]),
            ])
    }

    @Test func missingCommaResyncsAtTheNextElement() throws {
        let text = "[\n{\"a\": 1}\n{\"a\": 2},\n{\"a\": 3} x {\"a\": 4}, {\"a\": 5}]"
        let result = try readAll(text, format: .json)
        expectEqual(
            result.records,
            [
                malformed(1, line: 2, "expected ',' or ']' after this array element, found '{'"), object(2, line: 3, ["a": 2]),
                malformed(3, line: 4, "expected ',' or ']' after this array element, found 'x'"), object(4, line: 4, ["a": 4]),
                object(5, line: 4, ["a": 5]),
            ])
    }

    @Test func unterminatedStringResyncsAtTheNextObjectLine() throws {
        let text = "[\n{\"a\": \"oops,\n  \"b\": 1},\n{\"a\": 2},\n{\"a\": \"again},\n  , {\"a\": 3}\n]\n"
        let result = try readAll(text, format: .json)
        expectEqual(
            result.records,
            [
                malformed(1, line: 2, "unterminated string (a line break inside a string)"), object(2, line: 4, ["a": 2]),
                malformed(3, line: 5, "unterminated string (a line break inside a string)"), object(4, line: 6, ["a": 3]),
            ])
    }

    @Test func multiLineElementErrorsGiveColumns() throws {
        let text = "[{\"a\": 1,\n  \"b\" 2}]"
        let result = try readAll(text, format: .json)
        expectEqual(result.records, [malformed(1, line: 1, "expected ':' after an object key, found '2' (line 2, column 7)")])
    }

    @Test func nonObjectElements() throws {
        let result = try readAll("[1, \"x\", null, [], {\"ok\": true}, 2 3]", format: .json)
        expectEqual(
            result.records,
            [
                value(1, line: 1, 1), value(2, line: 1, "x"), value(3, line: 1, .null), value(4, line: 1, []),
                object(5, line: 1, ["ok": true]), malformed(6, line: 1, "expected the end of the text after the value, found '3' (line 1)"),
            ])
    }

    @Test func emptyArrayAndEmptyFile() throws {
        #expect(try readAll("[]", format: .json).records.isEmpty)
        #expect(try readAll(" [ \n ] \n", format: .json).records.isEmpty)
        #expect(try readAll("", format: .json).records.isEmpty)
        expectEqual(try readAll([0xEF, 0xBB, 0xBF] + Array("[{}]".utf8), format: .json).records, [object(1, line: 1, [:])])
    }

    @Test func topLevelValueThatIsNotAnArray() throws {
        let objectFile = try readAll("{\"a\": 1}\n{\"a\": 2}\n", format: .json)
        expectEqual(
            objectFile.records,
            [
                malformed(
                    1, line: 1,
                    "expected '[' at the start of a JSON array of records, found '{' (for one object per line, read the file as JSON Lines)"
                )
            ])
        let number = try readAll("\n\n42", format: .json)
        expectEqual(number.records, [malformed(1, line: 3, "expected '[' at the start of a JSON array of records, found '4'")])
    }

    @Test func structuralErrorsAroundElements() throws {
        #expect(
            try readAll("[{}, ]", format: .json).records == [
                object(1, line: 1, [:]),
                malformed(2, line: 1, "expected an array element after ',', found ']' (trailing commas are not allowed)"),
            ])
        #expect(
            try readAll("[{},,{}]", format: .json).records == [
                object(1, line: 1, [:]), malformed(2, line: 1, "expected an array element, found ','"),
                object(3, line: 1, [:]),
            ])
        #expect(
            try readAll("[{}]\n{}", format: .json).records == [
                object(1, line: 1, [:]),
                malformed(2, line: 2, "unexpected content after the array's closing ']', found '{'"),
            ])
        #expect(
            try readAll("[{},\n{}\n", format: .json).records == [
                object(1, line: 1, [:]), object(2, line: 2, [:]),
                malformed(3, line: 3, "the file ends before the array is closed with ']'"),
            ])
        #expect(
            try readAll("[{},\n", format: .json).records == [
                object(1, line: 1, [:]), malformed(2, line: 2, "the file ends before the array is closed with ']'"),
            ])
        #expect(
            try readAll("[{}, {\"a\": [1, 2", format: .json).records == [
                object(1, line: 1, [:]), malformed(2, line: 1, "the file ends inside this array element"),
            ])
    }

    @Test func oversizedElementIsSkippedWithoutKeepingIt() throws {
        var options = RecordReader.Options()
        options.maxRecordSize = 32
        options.blockSize = 8
        let big = "{\"big\": \"" + String(repeating: "]", count: 200) + "\", \"n\": [{}, {}]}"
        let text = "[{\"a\": 1},\n\(big),\n{\"a\": 3}]"
        let result = try readAll(text, format: .json, options: options)
        expectEqual(
            result.records,
            [object(1, line: 1, ["a": 1]), malformed(2, line: 2, "array element is longer than 32 bytes"), object(3, line: 3, ["a": 3])])
    }

    @Test func deepNestingIsAMalformedRecord() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let result = try readAll("[{\"d\": \(deep)}, {}]", format: .json)
        expectEqual(
            result.records,
            [malformed(1, line: 1, "arrays and objects are nested deeper than 512 levels (line 1)"), object(2, line: 1, [:])])
    }

    /// In a JSON array a CR is whitespace, as JSON says; lines are counted at LF.
    @Test func carriageReturnIsWhitespace() throws {
        let result = try readAll("[{\"a\": 1},\r{\"a\":\r 2}\r]\r", format: .json)
        expectEqual(result.records, [object(1, line: 1, ["a": 1]), object(2, line: 1, ["a": 2])])
    }
}
