import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

@Suite struct JSONLinesReaderTests {
    @Test func objectsOnePerLine() throws {
        let result = try readAll(#"{"a": 1}"# + "\n" + #"{"b": "x", "c": [true, null]}"# + "\n", format: .jsonl)
        expectEqual(result.header, nil)
        expectEqual(result.records, [object(1, line: 1, ["a": 1]), object(2, line: 2, ["b": "x", "c": [true, nil]])])
    }

    @Test func blankAndWhitespaceLinesAreSkipped() throws {
        let text = "\n  \t \n{\"a\":1}\r\n\r\n   \n  {\"a\":2}  \n\n{\"a\":3}"
        let result = try readAll(text, format: .jsonl)
        expectEqual(result.records, [object(1, line: 3, ["a": 1]), object(2, line: 6, ["a": 2]), object(3, line: 8, ["a": 3])])
    }

    @Test func badLineInTheMiddle() throws {
        let text = "{\"a\":1}\n{\"a\": 2,}\n\n{\"a\" 3}\n{\"a\":4}\n  {\"é\": \"x\" oops}\n"
        let result = try readAll(text, format: .jsonl)
        expectEqual(
            result.records,
            [
                object(1, line: 1, ["a": 1]),
                malformed(2, line: 2, "expected an object key after ',', found '}' (trailing commas are not allowed) (line 2, column 9)"),
                malformed(3, line: 4, "expected ':' after an object key, found '3' (line 4, column 6)"), object(4, line: 5, ["a": 4]),
                malformed(5, line: 6, "expected ',' or '}' after an object member, found 'oops' (line 6, column 13)"),
            ])
    }

    @Test func valuesThatAreNotObjects() throws {
        let text = "1\n\"s\"\n[1]\nnull\ntrue\n{}\n"
        let result = try readAll(text, format: .jsonl)
        expectEqual(
            result.records,
            [
                value(1, line: 1, 1), value(2, line: 2, "s"), value(3, line: 3, [1]), value(4, line: 4, .null),
                value(5, line: 5, true), object(6, line: 6, [:]),
            ])
    }

    @Test func invalidUTF8AndByteOrderMark() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("{\"a\":\"".utf8) + [0xFF] + Array("\"}\n{\"a\":\"ok\"}".utf8)
        let result = try readAll(bytes, format: .jsonl)
        expectEqual(
            result.records,
            [malformed(1, line: 1, "invalid UTF-8 (byte 0xFF) in a string (line 1, column 7)"), object(2, line: 2, ["a": "ok"])])
    }

    @Test func tooDeepAndTooLong() throws {
        var options = RecordReader.Options()
        options.maxJSONDepth = 3
        options.maxRecordSize = 40
        options.blockSize = 16
        let long = "{\"k\": \"" + String(repeating: "z", count: 100) + "\"}"
        let text = "{\"a\":[[1]]}\n{\"a\":[[[1]]]}\n\(long)\n{\"b\":2}\n"
        let result = try readAll(text, format: .jsonl, options: options)
        expectEqual(
            result.records,
            [
                object(1, line: 1, ["a": [[1]]]),
                malformed(2, line: 2, "arrays and objects are nested deeper than 3 levels (line 2, column 8)"),
                malformed(3, line: 3, "record is longer than 40 bytes"), object(4, line: 4, ["b": 2]),
            ])
    }

    @Test func emptyInput() throws {
        #expect(try readAll("", format: .jsonl).records.isEmpty)
        #expect(try readAll("\n \n", format: .jsonl).records.isEmpty)
    }

    /// A key given twice is reported with the record (last value wins), in JSON Lines and in a
    /// JSON array; keys inside nested objects and list items are given by path, once each.
    @Test(arguments: [RecordFormat.jsonl, .json])
    func duplicateKeysAreCarriedWithTheRecord(format: RecordFormat) throws {
        let lines = [
            #"{"a": 1, "b": 2, "a": 3}"#,
            #"{"g": {"x": 1, "x": 2, "x": 3}, "l": [{"y": 1, "y": 2}], "g": {"x": 4}}"#,
            #"{"a": 1, "b": 2}"#,
        ]
        let text = format == .json ? "[\n" + lines.joined(separator: ",\n") + "\n]\n" : lines.joined(separator: "\n") + "\n"
        let records = try readAll(text, format: format).records
        let first = format == .json ? 2 : 1
        expectEqual(
            records,
            [
                DecodedRecord(number: 1, line: first, content: .object(["a": 3, "b": 2]), duplicateKeys: ["a"]),
                DecodedRecord(
                    number: 2, line: first + 1, content: .object(["g": ["x": 4], "l": [["y": 2]]]), duplicateKeys: ["g.x", "l[].y", "g"]),
                object(3, line: first + 2, ["a": 1, "b": 2]),
            ])
    }

    @Test(arguments: [1 << 16, 1, 2])
    func loneCarriageReturnEndsALine(blockSize: Int) throws {
        let text = "{\"a\": 1}\r{\"a\": 2}\r\n\r{\"a\": 3}\r"
        let result = try readAll(text, format: .jsonl, options: tinyOptions(blockSize: blockSize))
        expectEqual(result.records, [object(1, line: 1, ["a": 1]), object(2, line: 2, ["a": 2]), object(3, line: 4, ["a": 3])])
        let broken = try readAll("{\"a\": 1}\r{\"a\": \r{\"a\": 3}", format: .jsonl, options: tinyOptions(blockSize: blockSize))
        expectEqual(broken.records.map(\.line), [1, 2, 3])
        expectEqual(broken.records[2], object(3, line: 3, ["a": 3]))
    }
}

@Suite("RecordReader options")
struct RecordReaderOptionsTests {
    /// The public default is written out (the parser's constant is not public): they must agree.
    @Test func theDefaultJSONDepthIsTheParsers() {
        expectEqual(RecordReader.Options().maxJSONDepth, JSONParser.defaultMaxDepth)
    }
}
