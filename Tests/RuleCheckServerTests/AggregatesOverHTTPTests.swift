import Foundation
import HTTPTypes
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Aggregates over a list's items and `unique_by` over HTTP: `POST /v1/check` reports what the
/// batch checker reports for the same record, and a form's edits answer the aggregates' changes.
@Suite("Aggregates over HTTP")
struct AggregatesOverHTTPTests {
    static let yaml = """
        form: fleet
        fields:
          - id: drivers
            title: Drivers
            type: list
            unique_by: [license]
            item:
              - {id: license, title: Licence}
              - {id: premium, type: number}
              - {id: birth_date, type: date}
          - id: total
            type: number
            value: sum(drivers.premium)
          - id: young_note
            visible_if: any(drivers, birth_date > today - 21y)
            required: true
        """
    static let today = Day(iso: "2026-11-22")!

    static func findings(_ violations: [Violation]) -> [String] {
        violations.map { "\($0.field) \($0.code.rawValue) \($0.message)" }.sorted()
    }

    static func findings(report: String) -> [String] {
        let violations = (try? JSONParser().parse(report))?["violations"]?.array ?? []
        return violations.map {
            "\($0["field"]?.string ?? "?") \($0["code"]?.string ?? "?") \($0["message"]?.string ?? "?")"
        }.sorted()
    }

    @Test func checkAnswersWhatTheBatchCheckerFinds() async throws {
        let directory = try TemporaryDirectory()
        let harness = ServerHarness(files: [try directory.write("fleet.yaml", Self.yaml)])
        let checker = RecordChecker(try RuleSet(yaml: Self.yaml, source: "fleet.yaml"), today: Self.today)
        let records: [JSONValue] = [
            ["drivers": [["license": "A", "premium": 10], ["license": "A", "birth_date": "2010-01-01"]], "total": 11],
            ["drivers": [["license": "A", "premium": 10], ["license": "B", "premium": 5]], "total": 15],
            ["drivers": []],
        ]
        var found = 0
        for record in records {
            guard case .object(let object) = record else { continue }
            let expected = Self.findings(checker.check(json: object).violations)
            let answer = try await harness.send(.post, "/v1/check", text: JSONWriter.string(record))
            expectEqual(Self.findings(report: answer.text), expected, "\(record)")
            found += expected.count
        }
        expectEqual(found, 3, "unique, computed and required in the first record")
    }

    @Test func anEditAnswersTheAggregatesChanges() async throws {
        let directory = try TemporaryDirectory()
        let harness = ServerHarness(files: [try directory.write("fleet.yaml", Self.yaml)])
        let (id, _) = try await harness.newForm()
        _ = try await harness.edit(id, #"{"append": "drivers"}"#)
        let priced = try await harness.edit(id, #"{"set": "drivers[0].premium", "value": 12.5}"#)
        expectEqual(priced.json["changes"]?["values"], .object(["drivers[0].premium": 12.5, "total": 12.5]))
        let young = try await harness.edit(id, #"{"set": "drivers[0].birth_date", "value": "2009-05-05"}"#)
        expectEqual(young.json["changes"]?["visible"], .object(["young_note": true]))
        _ = try await harness.edit(id, #"{"append": "drivers"}"#)
        _ = try await harness.edit(id, #"{"set": "drivers[0].license", "value": "X"}"#)
        let duplicate = try await harness.edit(id, #"{"set": "drivers[1].license", "value": "X"}"#)
        expectEqual(duplicate.json["changes"]?["issues"]?["drivers"]?[0]?["code"], "unique")
        expectEqual(duplicate.json["changes"]?["issues"]?["drivers"]?[0]?["message"], "Drivers: items 1 and 2 have the same Licence")
    }
}
