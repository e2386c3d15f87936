import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// A `serve` form reads typed numbers in its locale (the request's, else the rules'), and with
/// none, `1,200` is an issue rather than a number.
@Suite("Locale numbers over HTTP")
struct LocaleNumberEditTests {
    static let rules = "form: flat\nfields:\n  - {id: area, title: Area, type: number, min: 10.5}\n"

    @Test(arguments: [
        ("en", "1,200.5", 1200.5), ("ru", "1\u{A0}200,5", 1200.5), ("fr", "1\u{202F}200,5", 1200.5), ("de", "1.200,5", 1200.5),
        ("es", "1.200,5", 1200.5), ("fa", "۱۲٫۵", 12.5), ("zh-Hans", "1,200.5", 1200.5), ("ar", "١٢٫٥", 12.5),
    ])
    func aTypedNumberIsReadInTheFormsLocale(_ locale: String, _ text: String, _ value: Double) async throws {
        let directory = try TemporaryDirectory()
        let harness = ServerHarness(files: [try directory.write("flat.yaml", Self.rules)])
        let (id, _) = try await harness.newForm(["locale": .string(locale)])
        let answer = try await harness.edit(id, #"{"type": "area", "text": "\#(text)"}"#)
        expectEqual(answer.status, 200)
        expectEqual(answer.json["changes"]?["values"]?["area"]?.number, value)
        expectEqual(answer.json["changes"]?["input"]?["area"]?["text"]?.string, text)
    }

    @Test func withoutALocaleACommaIsAnIssue() async throws {
        let directory = try TemporaryDirectory()
        let harness = ServerHarness(files: [try directory.write("flat.yaml", Self.rules)])
        let (id, _) = try await harness.newForm()
        let answer = try await harness.edit(id, #"{"type": "area", "text": "1,200"}"#)
        expectEqual(answer.json["changes"]?["issues"]?["area"]?[0]?["code"]?.string, "type")
        let checked = try await harness.send(.post, "/v1/check?locale=de", json: ["area": 3])
        expectEqual(checked.json["violations"]?[0]?["code"]?.string, "min")
    }
}
