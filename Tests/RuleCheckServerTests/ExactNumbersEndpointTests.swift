import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// Issue 22, items 1 and 2, over HTTP: `POST /v1/check` and a form's edits judge a JSON number
/// on its digits as written, and answer with those digits.
@Suite("Exact numbers over HTTP")
struct ExactNumbersEndpointTests {
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
        """

    let directory: TemporaryDirectory
    let harness: ServerHarness

    init() throws {
        directory = try TemporaryDirectory()
        harness = ServerHarness(files: [try directory.write("exact.yaml", Self.rules)])
    }

    @Test func checkJudgesTheDigitsAsWritten() async throws {
        let answer = try await harness.send(
            .post, "/v1/check", text: #"{"even": 3000000001, "cents": 10000000.005, "big": 9007199254740992}"#)
        expectEqual(
            answer.json["violations"]?.array?.compactMap { $0["message"]?.string },
            [
                "even must be a multiple of 2", "cents must be a multiple of 0.01",
                "big must be at least 9007199254740993",
            ])
        let valid = try await harness.send(
            .post, "/v1/check", text: #"{"even": 3000000000, "cents": 10000000.01, "big": 9007199254740993}"#)
        expectEqual(valid.json["violations"], .array([]))
    }

    @Test func aFormsEditsKeepTheDigits() async throws {
        let (id, _) = try await harness.newForm()
        let low = try await harness.edit(id, #"{"set": "big", "value": 9007199254740992}"#)
        expectEqual(low.json["changes"]?["issues"]?["big"]?[0]?["message"], "big must be at least 9007199254740993")
        let exact = try await harness.edit(id, #"{"set": "big", "value": 9007199254740993}"#)
        expectEqual(exact.json["changes"]?["issues"]?["big"], .array([]))
        // The answer writes the value back with every digit.
        #expect(exact.text.contains(#""big":9007199254740993"#))
        let odd = try await harness.edit(id, #"{"type": "even", "text": "3000000001"}"#)
        expectEqual(odd.json["changes"]?["issues"]?["even"]?[0]?["code"], "check")
    }
}
