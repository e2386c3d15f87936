import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

@Suite("CSV reader")
struct CSVReaderTests {
    @Test func headerAndPlainRecords() throws {
        let result = try readAll("id,name,city\n1,Ann,Oslo\n2,Bob,Rome\n", format: .csv)
        expectEqual(result.header, ["id", "name", "city"])
        expectEqual(result.records, [cells(1, line: 2, ["1", "Ann", "Oslo"]), cells(2, line: 3, ["2", "Bob", "Rome"])])
    }

    @Test func quotesAndDoubledQuotes() throws {
        let text = #"a,b,c"# + "\n" + #""x, y","say ""hi""","""# + "\n" + #""","""",plain"# + "\n"
        let result = try readAll(text, format: .csv)
        expectEqual(result.records, [cells(1, line: 2, ["x, y", "say \"hi\"", ""]), cells(2, line: 3, ["", "\"", "plain"])])
    }

    @Test func newlinesInsideQuotesKeepLaterLineNumbers() throws {
        let text = "a,b\n1,\"line one\nline two\nline three\"\n2,x\n\"multi\r\nline\",y\n3,z\n"
        let result = try readAll(text, format: .csv)
        expectEqual(
            result.records,
            [
                cells(1, line: 2, ["1", "line one\nline two\nline three"]), cells(2, line: 5, ["2", "x"]),
                cells(3, line: 6, ["multi\r\nline", "y"]), cells(4, line: 8, ["3", "z"]),
            ])
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineEndings(_ end: String) throws {
        let text = ["a,b", "1,2", "3,4"].joined(separator: end) + end
        let result = try readAll(text, format: .csv)
        expectEqual(result.header, ["a", "b"])
        expectEqual(result.records, [cells(1, line: 2, ["1", "2"]), cells(2, line: 3, ["3", "4"])])
    }

    /// Old Mac files end lines with a lone CR: it is a line end like LF and CRLF, outside quotes and
    /// (for line numbers) inside them, whatever the block size.
    @Test(arguments: [1 << 16, 1, 2, 3])
    func loneCarriageReturnEndsALine(blockSize: Int) throws {
        let text = "a,b\r1,2\r\n3,\"x\ry\"\r4,\"p\r\nq\"\n\r5,6\r"
        let result = try readAll(text, format: .csv, options: tinyOptions(blockSize: blockSize))
        expectEqual(result.header, ["a", "b"])
        expectEqual(
            result.records,
            [
                cells(1, line: 2, ["1", "2"]), cells(2, line: 3, ["3", "x\ry"]), cells(3, line: 5, ["4", "p\r\nq"]),
                cells(4, line: 8, ["5", "6"]),
            ])
        // A stray quote's resync starts after the lone CR too.
        let stray = try readAll(
            "a,b,c\r1,\"x,q\r2,y,q\r3,z,q\"\r4,w,q\r", format: .csv, options: tinyOptions(blockSize: blockSize))
        expectEqual(stray.records.map(\.line), [2, 3, 4, 5])
        expectEqual(stray.records[1], cells(2, line: 3, ["2", "y", "q"]))
    }

    @Test func mixedLineEndingsAndNoFinalNewline() throws {
        let result = try readAll("a,b\r\n1,2\n3,4\r\n5,6", format: .csv)
        expectEqual(result.records, [cells(1, line: 2, ["1", "2"]), cells(2, line: 3, ["3", "4"]), cells(3, line: 4, ["5", "6"])])
        let crlfAtEnd = try readAll("a\r\n1\r", format: .csv)
        expectEqual(crlfAtEnd.records, [cells(1, line: 2, ["1"])])
        let quotedLast = try readAll("a,b\n1,\"x\"", format: .csv)
        expectEqual(quotedLast.records, [cells(1, line: 2, ["1", "x"])])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let result = try readAll([0xEF, 0xBB, 0xBF] + Array("id,name\n1,Ann\n".utf8), format: .csv)
        expectEqual(result.header, ["id", "name"])
        expectEqual(result.records, [cells(1, line: 2, ["1", "Ann"])])
        // A BOM only counts at the very start.
        let later = try readAll(Array("id\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("x\n".utf8), format: .csv)
        expectEqual(later.records, [cells(1, line: 2, ["\u{FEFF}x"])])
    }

    @Test func semicolonPipeAndTabDelimiters() throws {
        var options = RecordReader.Options()
        options.delimiter = .semicolon
        let semicolon = try readAll("a;b\n\"1;2\";3,5\n", format: .csv, options: options)
        expectEqual(semicolon.records, [cells(1, line: 2, ["1;2", "3,5"])])
        options.delimiter = .pipe
        let pipe = try readAll("a|b\nx|\"y|z\"\n", format: .csv, options: options)
        expectEqual(pipe.records, [cells(1, line: 2, ["x", "y|z"])])
        let tsv = try readAll("a\tb\tc\n1\t\"x\ty\"\t, ;\n", format: .tsv)
        expectEqual(tsv.header, ["a", "b", "c"])
        expectEqual(tsv.records, [cells(1, line: 2, ["1", "x\ty", ", ;"])])
    }

    @Test func emptyCells() throws {
        let result = try readAll("a,b,c\n,,\n1,,\n,,3\n\"\",,\"\"\n", format: .csv)
        expectEqual(
            result.records,
            [
                cells(1, line: 2, ["", "", ""]), cells(2, line: 3, ["1", "", ""]), cells(3, line: 4, ["", "", "3"]),
                cells(4, line: 5, ["", "", ""]),
            ])
    }

    @Test func emptyLinesAreSkippedButCounted() throws {
        let result = try readAll("\n\na,b\n\n1,2\r\n\r\n\n3,4\n\n", format: .csv)
        expectEqual(result.header, ["a", "b"])
        expectEqual(result.records, [cells(1, line: 5, ["1", "2"]), cells(2, line: 8, ["3", "4"])])
    }

    @Test func spacesAreKept() throws {
        let result = try readAll("a,b\n x , y \n", format: .csv)
        expectEqual(result.records, [cells(1, line: 2, [" x ", " y "])])
    }

    @Test func wrongCellCount() throws {
        let result = try readAll("a,b,c\n1,2\n1,2,3,4\n1,2,3\nonly\n", format: .csv)
        expectEqual(
            result.records,
            [
                malformed(1, line: 2, "record has 2 cells, the header has 3"),
                malformed(2, line: 3, "record has 4 cells, the header has 3"), cells(3, line: 4, ["1", "2", "3"]),
                malformed(4, line: 5, "record has 1 cell, the header has 3"),
            ])
    }

    @Test func invalidUTF8MakesTheRecordMalformed() throws {
        let bytes =
            Array("id,name,email\n1,Ann,a@x\n2,".utf8) + [0x42, 0xFF, 0x6F] + Array(",b@x\n3,\"".utf8) + [0xC3, 0x28]
            + Array("\",c@x\n4,Dan,d@x\n".utf8)
        let result = try readAll(bytes, format: .csv)
        #expect(
            result.records == [
                cells(1, line: 2, ["1", "Ann", "a@x"]),
                malformed(2, line: 3, #"cell 2 ("name") is not valid UTF-8"#),
                malformed(3, line: 4, #"cell 2 ("name") is not valid UTF-8"#),
                cells(4, line: 5, ["4", "Dan", "d@x"]),
            ])
    }

    @Test func strayQuotes() throws {
        let result = try readAll("a,b\nab\"c,d\n\"ab\"c,d\n\"ab\" ,d\nx,\"y\"\"\"\n", format: .csv)
        #expect(
            result.records == [
                malformed(
                    1, line: 2,
                    #"cell 1 ("a") has a quote inside an unquoted value (quote the whole value and double the quote)"#),
                malformed(2, line: 3, #"cell 1 ("a") has text after its closing quote"#),
                malformed(3, line: 4, #"cell 1 ("a") has text after its closing quote"#),
                cells(4, line: 5, ["x", "y\""]),
            ])
    }

    @Test func unterminatedQuoteAtEndOfFileResyncsAtTheNextLine() throws {
        let text = "id,note\n1,ok\n2,\"open\n3,fine\n4,also fine\n"
        let result = try readAll(text, format: .csv)
        expectEqual(
            result.records,
            [
                cells(1, line: 2, ["1", "ok"]), malformed(2, line: 3, "unterminated quote"), cells(3, line: 4, ["3", "fine"]),
                cells(4, line: 5, ["4", "also fine"]),
            ])
    }

    @Test func unterminatedQuoteOnTheLastLine() throws {
        let result = try readAll("a,b\n1,\"x", format: .csv)
        expectEqual(result.records, [malformed(1, line: 2, "unterminated quote")])
    }

    @Test func quoteThatClosesLaterSwallowsLinesAsRFC4180Says() throws {
        // A quote that is closed later is not unterminated: the lines between belong to the cell.
        let result = try readAll("a,b\n1,\"x\n2,y\"\n3,z\n", format: .csv)
        expectEqual(result.records, [cells(1, line: 2, ["1", "x\n2,y"]), cells(2, line: 4, ["3", "z"])])
    }

    /// A stray quote that a later line closes: the record it makes is malformed, so reading goes on
    /// at the line after its first line and every line in between is still a record.
    @Test(arguments: [1 << 16, 7])
    func strayQuoteClosedLaterResyncsAtTheNextLine(blockSize: Int) throws {
        var text = "id,name,city\n1,Ann,Oslo\n2,\"Bob,Rome\n"
        for index in 0..<1000 { text += "\(index + 3),Name\(index),City\n" }
        text += "1003,Zed,Paris\"\n1004,Last,End\n"
        let result = try readAll(text, format: .csv, options: tinyOptions(blockSize: blockSize))
        expectEqual(result.records.count, 1004)
        expectEqual(result.records.first, cells(1, line: 2, ["1", "Ann", "Oslo"]))
        expectEqual(
            result.records.dropFirst().first,
            malformed(
                2, line: 3,
                "record has 2 cells, the header has 3; the quote opened on line 3 closes on line 1004, " + "so reading goes on at line 4"))
        for (index, record) in result.records.dropFirst(2).prefix(1000).enumerated() {
            #expect(record == cells(index + 3, line: index + 4, ["\(index + 3)", "Name\(index)", "City"]))
        }
        #expect(
            result.records.dropFirst(1002).first
                == malformed(
                    1003, line: 1004,
                    #"cell 3 ("city") has a quote inside an unquoted value (quote the whole value and double the quote)"#))
        expectEqual(result.records.last, cells(1004, line: 1005, ["1004", "Last", "End"]))
    }

    @Test func multiLineRecordWithBadUTF8IsOneMalformedRecord() throws {
        // Not a quoting problem: the record's lines stay together.
        let bytes = Array("a,b\n1,\"x\n".utf8) + [0xFF] + Array("\"\n2,y\n".utf8)
        let result = try readAll(bytes, format: .csv)
        #expect(
            result.records == [
                malformed(1, line: 2, #"cell 2 ("b") is not valid UTF-8"#), cells(2, line: 4, ["2", "y"]),
            ])
    }

    /// Every line is `a","b`: read fresh, each opens a quote that runs to the end; the resyncs must
    /// not decode the same long tail again and again.
    @Test func manyResyncsIntoTheSameQuotedTailStayLinear() throws {
        let lines = Array(repeating: "a\",\"b", count: 20_000)
        let text = "x,y\n" + lines.joined(separator: "\n") + "\nend\"\n"
        let result = try readAll(text, format: .csv)
        #expect(CSVFramerWork.examined(text) <= 4 * text.utf8.count, "framing stays linear (CSVFramerWorkTests)")
        expectEqual(result.records.count, 20_001)
        #expect(
            result.records.last
                == malformed(
                    20_001, line: 20_002, #"cell 1 ("x") has a quote inside an unquoted value (quote the whole value and double the quote)"#
                ))
    }

    @Test func oversizedQuotedRecordResyncs() throws {
        var text = "id,note\n1,\"opens here\n"
        for index in 0..<20 { text += "\(index + 2),line \(index)\n" }
        text += "99,\"closes\" here\n"
        var options = RecordReader.Options()
        options.maxRecordSize = 64
        let result = try readAll(text, format: .csv, options: options)
        expectEqual(result.records.first, malformed(1, line: 2, "unterminated quote: no closing quote within 64 bytes"))
        expectEqual(result.records.count, 22)
        for (index, record) in result.records.dropFirst().prefix(20).enumerated() {
            #expect(record == cells(index + 2, line: index + 3, ["\(index + 2)", "line \(index)"]))
        }
        #expect(result.records.last == malformed(22, line: 23, #"cell 2 ("note") has text after its closing quote"#))
    }

    @Test func oversizedUnquotedLineIsSkippedToItsEnd() throws {
        let long = String(repeating: "x", count: 500)
        let text = "a,b\n1,2\n\(long),\(long)\n3,4\n"
        var options = RecordReader.Options()
        options.maxRecordSize = 100
        options.blockSize = 64
        let result = try readAll(text, format: .csv, options: options)
        expectEqual(
            result.records,
            [cells(1, line: 2, ["1", "2"]), malformed(2, line: 3, "record is longer than 100 bytes"), cells(3, line: 4, ["3", "4"])])
    }

    @Test func recordExactlyAtTheSizeLimitIsAccepted() throws {
        let cell = String(repeating: "y", count: 8)
        var options = RecordReader.Options()
        options.maxRecordSize = 10  // "1,yyyyyyyy" is 10 bytes
        let result = try readAll("a,b\n1,\(cell)\n2,\(cell)y\n", format: .csv, options: options)
        expectEqual(result.records, [cells(1, line: 2, ["1", cell]), malformed(2, line: 3, "record is longer than 10 bytes")])
    }

    @Test func emptyInputAndHeaderOnly() throws {
        let empty = try readAll("", format: .csv)
        expectEqual(empty.header, [])
        #expect(empty.records.isEmpty)
        let blank = try readAll("\n\r\n", format: .csv)
        expectEqual(blank.header, [])
        let headerOnly = try readAll("a,b", format: .csv)
        expectEqual(headerOnly.header, ["a", "b"])
        #expect(headerOnly.records.isEmpty)
    }

    @Test func headerWithQuotesAndEmptyNames() throws {
        let result = try readAll("\"first, name\",,\"x\"\"y\"\n1,2,3\n", format: .csv)
        expectEqual(result.header, ["first, name", "", "x\"y"])
    }

    @Test func malformedHeaderIsAnInputError() {
        #expect(throws: InputError(code: .unreadableHeader, path: "<memory>", message: "unterminated quote", line: 1)) {
            try readAll("a,\"b\n1,2\n", format: .csv)
        }
        #expect(throws: InputError.self) {
            try readAll([0x61, 0xFF, 0x0A], format: .csv)
        }
        do {
            _ = try readAll("\na,\"b\"c\n", format: .csv)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == #"<memory>:2: cannot read the header: cell 2 has text after its closing quote"#)
        }
    }

    @Test func linesAfterManyUnterminatedQuotesStayLinear() throws {
        // Every line opens a quote that the next line closes and reopens; each resync must reuse
        // the earlier scan instead of rereading the rest of the file.
        let lines = Array(repeating: "x\"y,\"z", count: 20_000)
        let text = "a,b\n" + lines.joined(separator: "\n") + "\n"
        let result = try readAll(text, format: .csv)
        #expect(CSVFramerWork.examined(text) <= 4 * text.utf8.count, "framing stays linear (CSVFramerWorkTests)")
        expectEqual(result.records.count, 20_000)
        expectEqual(result.records.first, malformed(1, line: 2, "unterminated quote"))
        expectEqual(result.records.last?.line, 20_001)
    }
}
