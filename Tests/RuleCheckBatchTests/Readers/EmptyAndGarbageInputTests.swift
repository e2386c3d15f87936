import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// One rule for every reader: an empty or blank input has no records; content that cannot be read
/// gives malformed records (or, for a CSV header, an ``InputError/Code-swift.struct/unreadableHeader``
/// that `check` reports as a finding); only opening or reading the file throws otherwise.
@Suite struct EmptyAndGarbageInputTests {
    static let garbage: [UInt8] = [0x00, 0xFF, 0xFE, 0x13, 0x80, 0x0A, 0xC3, 0x28, 0x01, 0x0A, 0x9F]

    @Test(arguments: RecordFormat.allCases)
    func emptyInputHasNoRecords(format: RecordFormat) throws {
        let result = try readAll([], format: format)
        #expect(result.records.isEmpty)
        expectEqual(result.header, (format.isDelimited ? [] : nil))
    }

    @Test(arguments: RecordFormat.allCases)
    func whitespaceOnlyInputHasNoRecords(format: RecordFormat) throws {
        let result = try readAll(" \t\n\r\n  \n\t", format: format)
        #expect(result.records.isEmpty, "\(result)")
        expectEqual(result.header, (format.isDelimited ? [] : nil))
    }

    @Test func blankLinesBeforeACSVHeaderAreSkipped() throws {
        let result = try readAll("  \n\t\nid,name\n1,Ann\n", format: .csv)
        expectEqual(result.header, ["id", "name"])
        expectEqual(result.records, [cells(1, line: 4, ["1", "Ann"])])
    }

    @Test func binaryGarbage() throws {
        #expect(throws: InputError(code: .unreadableHeader, path: "<memory>", message: "cell 1 is not valid UTF-8", line: 1)) {
            try readAll(Self.garbage, format: .csv)
        }
        let lines = try readAll(Self.garbage, format: .jsonl).records
        expectEqual(lines.map(\.line), [1, 2, 3])
        #expect(lines.allSatisfy { if case .malformed = $0.content { true } else { false } })
        let array = try readAll(Self.garbage, format: .json).records
        expectEqual(array, [malformed(1, line: 1, "expected '[' at the start of a JSON array of records, found byte 0x00")])
    }

    @Test func loneOpeningBracket() throws {
        let csv = try readAll("[", format: .csv)
        #expect(csv.header == ["["] && csv.records.isEmpty)
        #expect(
            try readAll("[", format: .jsonl).records == [
                malformed(1, line: 1, "expected a value, found the end of the text (line 1, column 2)")
            ])
        expectEqual(try readAll("[", format: .json).records, [malformed(1, line: 1, "the file ends before the array is closed with ']'")])
    }

    @Test func truncatedLastRecord() throws {
        #expect(
            try readAll("a,b\n1,2\n3,\"x", format: .csv).records == [
                cells(1, line: 2, ["1", "2"]), malformed(2, line: 3, "unterminated quote"),
            ])
        #expect(
            try readAll("{\"a\": 1}\n{\"a\": ", format: .jsonl).records == [
                object(1, line: 1, ["a": 1]),
                malformed(2, line: 2, "expected a value, found the end of the text (line 2, column 7)"),
            ])
        #expect(
            try readAll("[{\"a\": 1}, {\"a\": ", format: .json).records == [
                object(1, line: 1, ["a": 1]), malformed(2, line: 1, "the file ends inside this array element"),
            ])
    }
}
