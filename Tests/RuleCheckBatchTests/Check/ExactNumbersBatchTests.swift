import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Issue 22, items 1 and 2, through the batch readers' byte paths: a CSV cell and a JSON Lines
/// number are judged on their digits as written.
@Suite("BatchCheck: exact numbers")
struct ExactNumbersBatchTests {
    static let rules = """
        form: exact
        fields:
          - id: even
            type: integer
            checks:
              - expr: multiple_of(even, 2)
          - id: cents
            type: number
            checks:
              - expr: multiple_of(cents, 0.01)
          - id: big
            type: integer
            min: 9007199254740993
          - id: huge
            type: integer
            max: 9223372036854775807
        """

    /// Record by record (one value each): the violation expected, or nil.
    static let records: [(field: String, text: String, violation: String?)] = [
        ("even", "3000000001", "even check: even must be a multiple of 2"),
        ("even", "3000000000", nil),
        ("cents", "10000000.005", "cents check: cents must be a multiple of 0.01"),
        ("cents", "10000000.01", nil),
        ("big", "9007199254740992", "big min: big must be at least 9007199254740993"),
        ("big", "9007199254740993", nil),
        ("huge", "9223372036854775808", "huge max: huge must be at most 9223372036854775807"),
        ("huge", "9223372036854775807", nil),
    ]

    /// `record field code: message` of every violation of a JSON Lines report.
    private func run(_ text: String, _ format: RecordFormat) throws -> [String] {
        let checker = RecordChecker(try RuleSet(yaml: Self.rules, source: "exact.yaml"), today: Day(iso: "2026-11-22")!)
        let sink = OutputSink.memory()
        _ = try BatchCheck(checker: checker, options: .init(jobs: 1)).run(
            bytes: Array(text.utf8), name: "-", format: format, report: ReportFormat.jsonl.report(to: sink))
        return try sink.text.split(separator: "\n").compactMap { line in
            let json = try JSONParser().parse(String(line))
            guard let field = json["field"]?.string, let code = json["code"]?.string, let message = json["message"]?.string,
                let record = json["record"]?.integer
            else { return nil }
            return "\(record) \(field) \(code): \(message)"
        }
    }

    private var expected: [String] {
        Self.records.enumerated().compactMap { index, record in record.violation.map { "\(index + 1) \($0)" } }
    }

    @Test func csvCellsAreJudgedAsWritten() throws {
        let fields = ["even", "cents", "big", "huge"]
        let rows = Self.records.map { record in fields.map { $0 == record.field ? record.text : "" }.joined(separator: ",") }
        let csv = ([fields.joined(separator: ",")] + rows).joined(separator: "\n") + "\n"
        expectEqual(try run(csv, .csv), expected)
    }

    @Test func jsonLinesNumbersAreJudgedAsWritten() throws {
        let jsonl = Self.records.map { "{\"\($0.field)\": \($0.text)}\n" }.joined()
        expectEqual(try run(jsonl, .jsonl), expected)
        // The same numbers with an exponent: 3000000001 is 3.000000001e9.
        #expect(
            try run(#"{"even": 3.000000001e9}"# + "\n" + #"{"big": 9007199254740993e0}"# + "\n", .jsonl) == [
                "1 even check: even must be a multiple of 2"
            ])
    }
}
