import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Reading must not depend on where blocks and batches happen to end: every fixture read with
/// blocks of 1…64 bytes and batches of 3 records gives what one big block gives.
@Suite struct BlockBoundaryTests {
    static let trickyCSV: [UInt8] = {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        let lines = [
            "id,note,extra\r\n",
            "1,\"multi\nline\r\nquoted\",x\r\n",
            "\n",
            "2,\"doubled \"\" quote\",\"\"\n",
            "3,plain,\"ends\"\"\"\n",
            "4,,\r\n",
            "5,\"a,b\",c\n",
            "6,bad\"quote,x\n",
            "7,\"garbage\"after,x\n",
            "8,short\n",
            "9,\"long enough to pass the forty byte limit when it is set\",x\n",
            "10,\"opens and never closes,x\n",
            "11,after,resync\n",
            "12,ünïcödé,✓\n",
        ]
        for line in lines { bytes += Array(line.utf8) }
        bytes += Array("13,".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(",x\n14,\"".utf8)
        bytes += Array(String(repeating: "q", count: 70).utf8)
        bytes += Array("\n15,last,no newline".utf8)
        return bytes
    }()

    static let trickyJSONL: [UInt8] = {
        let lines = [
            "{\"a\": 1}\r\n\n   \n",
            "{\"s\": \"multi \\\" quote }{][\", \"n\": [1, {\"x\": null}]}\n",
            "{\"a\": 2,}\n[1]\n",
            "{\"long\": \"" + String(repeating: "z", count: 60) + "\"}\n",
            "{\"é\": \"ü\"}\n  {\"last\": true}",
        ]
        return Array(lines.joined().utf8)
    }()

    static let trickyJSON: [UInt8] = {
        let lines = [
            "\u{FEFF}[\n",
            "  {\"a\": 1},\n",
            "  {\"s\": \"]}\\\"{[,\", \"t\": [[], {}]},\n",
            "  {\"bad\": },\n",
            "  {\"a\": [1, 2}, {\"b\": 3}\n",
            "  {\"c\": 4}, 5, \"x\",\n",
            "  {\"str\": \"broken\n",
            "  \"more\": 1},\n",
            "  , {\"after\": \"resync\"},\n",
            "  {\"long\": \"" + String(repeating: "w", count: 60) + "\", \"n\": [{\"k\": \"]\"}]},\n",
            "  {\"é\": \"ü\"}\n",
            "]\n",
        ]
        return Array(lines.joined().utf8)
    }()

    static let fixtures: [(String, [UInt8], RecordFormat)] = [
        ("csv", trickyCSV, .csv),
        ("tsv", Array("a\tb\n\"x\ty\"\t\"1\n2\"\n\t\nq\t\"open\n3\t4\n".utf8), .tsv),
        ("jsonl", trickyJSONL, .jsonl),
        ("json", trickyJSON, .json),
    ]

    @Test(arguments: [1 << 20, 40])
    func resultsDoNotDependOnBlockSize(maxRecordSize: Int) throws {
        for (name, bytes, format) in Self.fixtures {
            var big = RecordReader.Options()
            big.maxRecordSize = maxRecordSize
            let expected = try readAll(bytes, format: format, options: big)
            #expect(expected.records.count > 3, "\(name)")
            for blockSize in 1...64 {
                let options = tinyOptions(blockSize: blockSize, maxRecordSize: maxRecordSize)
                let result = try readAll(bytes, format: format, options: options)
                expectEqual(result, expected, "\(name), block size \(blockSize), max record \(maxRecordSize)")
                if result != expected { return }
            }
        }
    }

    @Test func trickyCSVReadsAsExpected() throws {
        let result = try readAll(Self.trickyCSV, format: .csv)
        expectEqual(result.header, ["id", "note", "extra"])
        let expected: [DecodedRecord] = [
            cells(1, line: 2, ["1", "multi\nline\r\nquoted", "x"]),
            cells(2, line: 6, ["2", "doubled \" quote", ""]),
            cells(3, line: 7, ["3", "plain", "ends\""]),
            cells(4, line: 8, ["4", "", ""]),
            cells(5, line: 9, ["5", "a,b", "c"]),
            malformed(
                6, line: 10,
                #"cell 2 ("note") has a quote inside an unquoted value (quote the whole value and double the quote)"#),
            malformed(7, line: 11, #"cell 2 ("note") has text after its closing quote"#),
            malformed(8, line: 12, "record has 2 cells, the header has 3"),
            cells(9, line: 13, ["9", "long enough to pass the forty byte limit when it is set", "x"]),
            // The quote opened on line 14 is closed by the one on line 18, with text after it: a
            // stray quote, so reading goes on at line 15.
            malformed(
                10, line: 14,
                #"cell 2 ("note") has text after its closing quote; the quote opened on line 14 closes on line 18, "#
                    + "so reading goes on at line 15"),
            cells(11, line: 15, ["11", "after", "resync"]),
            cells(12, line: 16, ["12", "ünïcödé", "✓"]),
            malformed(13, line: 17, #"cell 2 ("note") is not valid UTF-8"#),
            malformed(14, line: 18, "unterminated quote"),
            cells(15, line: 19, ["15", "last", "no newline"]),
        ]
        expectEqual(result.records, expected)
    }

    @Test func trickyCSVWithASmallRecordLimit() throws {
        var options = RecordReader.Options()
        options.maxRecordSize = 40
        let result = try readAll(Self.trickyCSV, format: .csv, options: options)
        expectEqual(result.records[8], malformed(9, line: 13, "unterminated quote: no closing quote within 40 bytes"))
        expectEqual(result.records[9], malformed(10, line: 14, "unterminated quote: no closing quote within 40 bytes"))
        expectEqual(result.records[10], cells(11, line: 15, ["11", "after", "resync"]))
        expectEqual(result.records[11], cells(12, line: 16, ["12", "ünïcödé", "✓"]))
        #expect(result.records[12] == malformed(13, line: 17, #"cell 2 ("note") is not valid UTF-8"#))
        expectEqual(result.records[13], malformed(14, line: 18, "unterminated quote: no closing quote within 40 bytes"))
        expectEqual(result.records.last, cells(15, line: 19, ["15", "last", "no newline"]))
    }

    @Test func trickyJSONReadsAsExpected() throws {
        let result = try readAll(Self.trickyJSON, format: .json)
        let expected: [DecodedRecord] = [
            object(1, line: 2, ["a": 1]),
            object(2, line: 3, ["s": "]}\"{[,", "t": [[], [:]]]),
            malformed(3, line: 4, "expected a value, found '}' (line 4)"),
            malformed(4, line: 5, "expected ',' or ']' after an array element, found '}' (line 5)"),
            malformed(5, line: 5, "expected ',' or ']' after this array element, found '{'"),
            object(6, line: 6, ["c": 4]),
            value(7, line: 6, 5),
            value(8, line: 6, "x"),
            malformed(9, line: 7, "unterminated string (a line break inside a string)"),
            object(10, line: 9, ["after": "resync"]),
            object(11, line: 10, ["long": .string(String(repeating: "w", count: 60)), "n": [["k": "]"]]]),
            object(12, line: 11, ["é": "ü"]),
        ]
        expectEqual(result.records, expected)
    }
}
