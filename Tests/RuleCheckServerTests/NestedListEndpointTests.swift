import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// A list inside a list's item over HTTP: POST /v1/check and the forms API go through the same
/// engine as the library (Tests/RuleCheckTests/NestedListTests.swift has the rules' semantics).
@Suite("Nested lists over HTTP")
struct NestedListEndpointTests {
    static let rules = """
        form: fleet
        fields:
          - {id: strict, type: bool, initial: false}
          - id: drivers
            type: list
            item:
              - {id: name, required: true}
              - id: violations
                type: list
                required: strict
                item:
                  - {id: code, required: true}
        """

    let directory: TemporaryDirectory
    let harness: ServerHarness

    init() throws {
        directory = try TemporaryDirectory()
        harness = ServerHarness(files: [try directory.write("fleet.yaml", Self.rules)])
    }

    @Test func checkNamesBothIndices() async throws {
        let record = #"{"strict": true, "drivers": [{"name": "Ann", "violations": [{"code": "S1"}, {}]}, {"name": "Bo"}]}"#
        let answer = try await harness.send(.post, "/v1/check", text: record)
        expectEqual(answer.status, 200)
        let found = answer.json["violations"]?.array?.compactMap { v in v["field"]?.string.map { $0 + " " + (v["code"]?.string ?? "") } }
        expectEqual(found, ["drivers[0].violations[1].code required", "drivers[1].violations required"])
    }

    @Test func formsEditInnerItems() async throws {
        let (id, created) = try await harness.newForm()
        expectEqual(created.status, 201)
        let drivers = created.json["layout"]?["sections"]?[0]?["fields"]?[1]
        expectEqual(drivers?["item"]?[1]?["item"]?.array?.compactMap { $0["path"]?.string }, ["drivers.violations.code"])
        _ = try await harness.edit(id, #"{"append": "drivers"}"#)
        let added = try await harness.edit(id, #"{"append": "drivers[0].violations"}"#)
        expectEqual(added.status, 200)
        expectEqual(added.json["changes"]?["items"], .object(["drivers[0].violations": 1]))
        expectEqual(added.json["changes"]?["issues"]?["drivers[0].violations[0].code"]?[0]?["code"], "required")
        let set = try await harness.edit(id, #"{"set": "drivers[0].violations[0].code", "value": "S1"}"#)
        expectEqual(set.json["changes"]?["values"], .object(["drivers[0].violations[0].code": "S1"]))
        let wrong = try await harness.edit(id, #"{"append": "drivers.violations"}"#)
        expectEqual(wrong.errorCode, "unknown_field")
    }
}
