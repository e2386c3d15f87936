import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

@Suite("BatchCheck")
final class BatchCheckTests {
    /// This test's temporary files, removed when the test ends.
    let scratch: Scratch
    var directory: URL { scratch.directory }

    init() throws {
        scratch = try Scratch()
    }

    static let rules = """
        form: people
        fields:
          - id: name
            type: text
            required: true
            max_length: 8
          - id: age
            type: integer
            min: 0
          - id: has_car
            type: bool
          - id: plate
            visible_if: has_car
            mask: '000'
        """
    static let today = Day(iso: "2026-11-22")!

    private func checker(_ yaml: String = rules) throws -> RecordChecker {
        RecordChecker(try RuleSet(yaml: yaml, source: "people.yaml"), today: Self.today)
    }

    /// Writes `text` to a temporary file with the given extension and returns its path.
    private func file(_ text: String, _ ext: String) throws -> String {
        let url = directory.appendingPathComponent("\(UUID().uuidString).\(ext)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func run(
        _ files: [String], format: ReportFormat = .jsonl, options: BatchCheck.Options = .init(jobs: 1),
        checker: RecordChecker? = nil
    ) throws -> (String, BatchCheck.Outcome) {
        let sink = OutputSink.memory()
        let outcome = try BatchCheck(checker: try checker ?? self.checker(), options: options)
            .run(files: files, report: format.report(to: sink))
        return (sink.text, outcome)
    }

    @Test func csvWithEveryKindOfFinding() throws {
        let path = try file(
            """
            name,age,has_car,plate,comment
            Ann,30,yes,123,x
            ,abc,no,123,
            "Bob ""the"" Builder",-1,true,12,
            "multi
            line",5,,,
            Eve,7
            Zed,1,no,,
            """, "csv")
        let (output, outcome) = try run([path], format: .text)
        let name = path
        #expect(
            output == """
                \(name): file, line 1
                  warning comment  unknown_column  'comment' is not a field of the rules
                \(name): record 2, line 3
                  error   name   required      name is required
                  error   age    type          age: 'abc' is not a whole number (value "abc")
                  warning plate  hidden_value  plate has a value but is hidden (value "123")
                \(name): record 3, line 4
                  error   name   max_length  name must be at most 8 characters long (value "Bob "the" Builder")
                  error   age    min         age must be at least 0 (value "-1")
                  error   plate  mask        plate must be 3 digits (value "12")
                \(name): record 4, line 5
                  error   name  max_length  name must be at most 8 characters long (value "multi\\nline")
                \(name): record 5, line 7
                  error   malformed  record has 2 cells, the header has 5

                1 file, 6 records: 2 valid, 4 invalid — 7 errors, 2 warnings
                  by code:  max_length 2, hidden_value 1, malformed 1, mask 1, min 1, required 1, type 1, unknown_column 1
                  by field: name 3, age 2, plate 2, comment 1

                """)
        expectEqual(outcome.summary.records, 6)
        expectEqual(outcome.summary.invalid, 4)
    }

    @Test func parallelRunsReportExactlyWhatASerialRunReports() throws {
        let rules = try RuleSet(contentsOf: Self.root.appendingPathComponent("Rules/osago.yaml"))
        // The demo's 300 sample records (with their planted mistakes) five times over.
        let sample = try String(contentsOf: Self.root.appendingPathComponent("Rules/samples/osago.csv"), encoding: .utf8)
        let header = try #require(sample.firstIndex(of: "\n"))
        let path = try file(String(sample[...header]) + String(repeating: String(sample[sample.index(after: header)...]), count: 5), "csv")
        let checker = RecordChecker(rules, today: Self.today)
        var reader = RecordReader.Options()
        reader.maxRecordsPerBatch = 37  // many small batches, so that workers interleave
        let (serial, _) = try run([path], options: .init(jobs: 1, reader: reader), checker: checker)
        for jobs in [2, 4] {
            let (parallel, _) = try run([path], options: .init(jobs: jobs, reader: reader), checker: checker)
            expectEqual(parallel, serial)
        }
        // 185 findings and the summary: enough lines for the workers' batches to interleave.
        #expect(serial.split(separator: "\n").count > 150)
    }

    /// The report stops at the limit; the check does not, so the totals are the whole file's.
    @Test func maxViolationsCapsTheReportNotTheCheck() throws {
        let path = try file("name,age\n,1\n,2\n,3\n,4\n", "csv")
        let (output, outcome) = try run([path], options: .init(jobs: 2, maxViolations: 2))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 3)  // two violations and the summary
        #expect(
            lines.last
                == #"{"summary":{"errors":4,"files":1,"invalid":4,"records":4,"reported":2,"truncated":true,"valid":0,"warnings":0}}"#)
        #expect(outcome.summary.errors == 4 && outcome.summary.omitted == 2 && outcome.summary.isTruncated)
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let path = try file("name,has_car,plate\nAnn,no,123\n", "csv")
        let (_, lenient) = try run([path])
        #expect(lenient.summary.errors == 0 && lenient.summary.warnings == 1)
        let (_, strict) = try run([path], options: .init(jobs: 1, strict: true))
        #expect(strict.summary.errors == 1 && strict.summary.invalid == 1)
    }

    /// A required field with no column is empty in every record: each record gets its finding and
    /// none is counted valid (only the first record got one, and the rest passed).
    @Test func aMissingRequiredColumnFailsEveryRecord() throws {
        let csv = try file("age\n1\n2\n3\n", "csv")
        let (output, outcome) = try run([csv], format: .text)
        expectEqual(outcome.summary.records, 3)
        expectEqual(outcome.summary.invalid, 3)
        expectEqual(outcome.summary.errors, 3)
        for (record, line) in [(1, 2), (2, 3), (3, 4)] {
            #expect(output.contains("record \(record), line \(line)\n  error   name  missing_column"))
        }
    }

    /// Findings about a CSV header (unknown and doubled columns) carry the header's line, also when
    /// blank lines (empty, or spaces and tabs, LF or CRLF) come before it; and a slice given that
    /// header as its header file says the same line.
    @Test(arguments: [("name,age,note,name\n", 1), ("\n\nname,age,note,name\n", 3), ("\r\n \t\r\n\nname,age,note,name\r\n", 4)])
    func headerFindingsCarryTheHeadersLine(header: String, line: Int) throws {
        let csv = try file(header + "Ann,1,x,y\n", "csv")
        let (output, outcome) = try run([csv])
        let findings = output.split(separator: "\n").filter { $0.contains("\"record\":0") }
        expectEqual(findings.count, 2)
        #expect(findings.allSatisfy { $0.contains("\"line\":\(line),") }, "\(findings)")
        expectEqual(outcome.summary.records, 1)
        // The same header as a slice's header file (what `split` writes: the bytes before the first record).
        let headerFile = try file(header, "csv")
        var options = BatchCheck.Options(jobs: 1)
        options.reader.slice = InputSlice(firstRecord: 1, firstLine: line + 1, header: .file(headerFile))
        let sliced = try file("Ann,1,x,y\n", "csv")
        let (sliceOutput, _) = try run([sliced], options: options)
        let sliceFindings = sliceOutput.split(separator: "\n").filter { $0.contains("\"record\":0") }
        expectEqual(sliceFindings.count, 2)
        #expect(sliceFindings.allSatisfy { $0.contains("\"line\":\(line),") }, "\(sliceFindings)")
        // Checked from memory (as the server checks a request's body): the same line.
        let memory = OutputSink.memory()
        _ = try BatchCheck(checker: try checker(), options: .init(jobs: 1))
            .run(bytes: Array((header + "Ann,1,x,y\n").utf8), name: "-", format: .csv, report: ReportFormat.jsonl.report(to: memory))
        #expect(memory.text.split(separator: "\n").filter { $0.contains("\"record\":0") }.allSatisfy { $0.contains("\"line\":\(line),") })
    }

    @Test func unknownKeysAreReportedOncePerFile() throws {
        let jsonl = try file(#"{"name":"a","x":1}\#n{"name":"b","x":2,"y":3}\#n"#, "jsonl")
        let (jsonOutput, _) = try run([jsonl])
        expectEqual(jsonOutput.components(separatedBy: "\"field\":\"x\"").count - 1, 1)
        expectEqual(jsonOutput.components(separatedBy: "\"field\":\"y\"").count - 1, 1)
    }

    @Test func duplicateKeysAreErrorsAndTheRecordIsStillChecked() throws {
        let path = try file(#"{"name": "Ann", "age": 1, "name": "Bartholomew"}"# + "\n" + #"{"name": "Bob"}"# + "\n", "jsonl")
        let (output, outcome) = try run([path], format: .text)
        #expect(
            output == """
                \(path): record 1, line 1
                  error   name  duplicate_key  key 'name' appears more than once in the object; the last value is checked
                  error   name  max_length     name must be at most 8 characters long (value "Bartholomew")

                1 file, 2 records: 1 valid, 1 invalid — 2 errors, 0 warnings
                  by code:  duplicate_key 1, max_length 1
                  by field: name 2

                """)
        expectEqual(outcome.summary.errors, 2)
    }

    /// Issue 38, item 11: the same key written precomposed (NFC) and decomposed (NFD) is two keys
    /// to JSON, neither a repeat: no `duplicate_key`, the record is valid (its keys are unknown).
    @Test func keysThatDifferOnlyInNormalisationAreNoDuplicates() throws {
        let path = try file("{\"name\": \"Ann\", \"caf\u{E9}\": 1, \"cafe\u{301}\": 2}\n", "jsonl")
        let (_, outcome) = try run([path], format: .text)
        expectEqual(outcome.summary.errors, 0)
        expectEqual(outcome.summary.byCode["duplicate_key"], nil)
        // Under a JSON Schema, which reads each key by its code points, both are checked: the NFD
        // property's schema applies to the NFD key only.
        let schema = "{\"type\": \"object\", \"properties\": {\"cafe\u{301}\": {\"type\": \"string\"}}}"
        let schemaChecker = RecordChecker(try RuleSet(jsonSchema: Data(schema.utf8)), today: Self.today)
        let (output, schemaOutcome) = try run([path], format: .text, checker: schemaChecker)
        expectEqual(schemaOutcome.summary.byCode["duplicate_key"], nil)
        expectEqual(schemaOutcome.summary.errors, 1)
        #expect(output.contains("error   cafe\u{301}  type"), "\(output)")
    }

    /// Only failing to open or read a file makes it unreadable (exit 3); what is in it gives findings.
    @Test func garbageAndEmptyInputsAreFindingsNotUnreadableFiles() throws {
        let garbage: [UInt8] = [0x00, 0xFF, 0xFE, 0x0A, 0xC3, 0x28, 0x0A]
        var paths: [String] = []
        for ext in ["csv", "jsonl", "json"] {
            let url = directory.appendingPathComponent("garbage.\(ext)")
            try Data(garbage).write(to: url)
            paths.append(url.path)
        }
        let (output, outcome) = try run(paths, format: .text)
        #expect(outcome.unreadable.isEmpty)
        expectEqual(outcome.summary.files, 3)
        #expect(
            output.contains(
                """
                \(paths[0]): file, line 1
                  error   malformed  cannot read the header: cell 1 is not valid UTF-8; no record of this file is checked
                """))
        expectEqual(outcome.summary.errors, 1 + 2 + 1)
        let empty = try ["csv", "jsonl", "json"].map { try file("", $0) } + [try file(" \n\t\n", "json")]
        let (_, emptyOutcome) = try run(empty)
        #expect(emptyOutcome.unreadable.isEmpty)
        #expect(emptyOutcome.summary.records == 0 && emptyOutcome.summary.errors == 0)
    }

    @Test func malformedJSONLinesAreReportedAndReadingGoesOn() throws {
        let path = try file(
            """
            {"name": "Ann"}
            {"name": "Bob",
            [1, 2]
            {"name": "TooLongName", "age": "7"}
            """, "jsonl")
        let (output, outcome) = try run([path], format: .text)
        expectEqual(outcome.summary.records, 4)
        #expect(output.contains("record 2, line 2\n  error   malformed"))
        #expect(output.contains("record 3, line 3\n  error   malformed  record is an array, not an object"))
        #expect(output.contains("record 4, line 4\n  error   name  max_length"))
        // JSON keeps JSON's types: the string "7" is not a number.
        #expect(output.contains("age: '7' is not a whole JSON number"))
    }

    @Test func aJSONArrayFile() throws {
        let path = try file(#"[{"name": "Ann", "age": 3}, {"name": "", "age": 2.5}]"#, "json")
        let (output, _) = try run([path])
        #expect(output.contains(#""code":"required","field":"name","file":"\#(path)","line":1"#))
        #expect(output.contains(#""code":"type","field":"age""#))
    }

    @Test func unreadableFilesAreCollectedAndTheOthersChecked() throws {
        let good = try file("name\nAnn\n", "csv")
        let (_, outcome) = try run(["/nonexistent/x.csv", good])
        expectEqual(outcome.unreadable.map(\.path), ["/nonexistent/x.csv"])
        // The unreadable file is in the report too, as an error of that file.
        #expect(outcome.summary.files == 2 && outcome.summary.records == 1)
        #expect(outcome.summary.errors == 1 && outcome.summary.fileErrors == 1 && outcome.summary.byCode == ["unreadable": 1])
    }

    static let root = Repository.root
}

/// `--locale ru` printed findings about files and records in English ("column 'zzz' matches no
/// field of the rules"): they are built by the checker's MessageBuilder like every other message.
@Suite("BatchCheck: locales")
final class BatchCheckLocaleTests {
    let scratch: Scratch
    var directory: URL { scratch.directory }

    init() throws {
        scratch = try Scratch()
    }

    @Test func findingsAboutFilesAndRecordsAreInTheCheckersLocale() throws {
        let rules = try RuleSet(
            yaml: "form: f\nfields:\n  - id: name\n    required: true\n  - id: n\n    type: number\n",
            source: "f.yaml")
        let checker = RecordChecker(rules, today: BatchCheckTests.today, locale: "ru")
        let csv = directory.appendingPathComponent("a.csv")
        try Data("n,zzz,zzz\n1,2,3\n1\n".utf8).write(to: csv)
        let jsonl = directory.appendingPathComponent("b.jsonl")
        try Data("{\"name\": \"a\", \"key\": 1}\n".utf8).write(to: jsonl)
        let sink = OutputSink.memory()
        _ = try BatchCheck(checker: checker, options: .init(jobs: 1))
            .run(files: [csv.path, jsonl.path], report: ReportFormat.jsonl.report(to: sink))
        let messages = sink.text.split(separator: "\n").compactMap { line -> (String, String)? in
            guard case .object(let object) = try? JSONParser().parse(String(line)),
                case .string(let code)? = object["code"], case .string(let message)? = object["message"]
            else { return nil }
            return (code, message)
        }
        expectEqual(Set(messages.map(\.0)), ["unknown_column", "missing_column", "malformed"])
        for (code, message) in messages {
            #expect(message.unicodeScalars.contains { ("а"..."я").contains($0) }, "\(code): \(message)")
        }
        #expect(messages.contains { $0 == ("unknown_column", "«key» — такого поля в правилах нет") })
        #expect(messages.contains { $0 == ("unknown_column", "Столбец «zzz» встречается несколько раз; используется первый") })
    }
}
