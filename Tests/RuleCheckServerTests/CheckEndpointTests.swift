import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RuleCheck
import RuleCheckBatch
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// A small form for exact expectations.
let peopleRules = """
    form: people
    gates:
      save: all
    fields:
      - id: name
        type: text
        title: Name
        required: true
      - id: age
        type: integer
        title: Age
        min: 18
      - id: phone
        type: text
        title: Phone
        mask: '+7 (000) 000-00-00'
      - id: born
        type: date
        title: Born
        format: dd.MM.yyyy
    """

@Suite("POST /v1/check")
struct CheckEndpointTests {
    let directory: TemporaryDirectory
    let harness: ServerHarness

    init() throws {
        directory = try TemporaryDirectory()
        harness = ServerHarness(files: [try directory.write("people.yaml", peopleRules)])
    }

    /// One violation as `check --format json` writes it.
    static func violation(
        _ record: Int, line: Int, _ field: String, _ code: String, _ severity: String = "error",
        value: String?, _ message: String
    ) -> JSONValue {
        .object([
            "file": .string("-"), "record": .number(Double(record)), "line": .number(Double(line)),
            "field": .string(field), "code": .string(code), "severity": .string(severity),
            "value": value.map { .string($0) } ?? .null, "message": .string(message),
        ])
    }

    static func summary(records: Int, valid: Int, errors: Int, warnings: Int = 0) -> JSONValue {
        .object([
            "files": 1, "records": .number(Double(records)), "valid": .number(Double(valid)),
            "invalid": .number(Double(records - valid)), "errors": .number(Double(errors)),
            "warnings": .number(Double(warnings)),
        ])
    }

    @Test func oneRecordGetsItsViolationsAsCheckReportsThem() async throws {
        let answer = try await harness.send(.post, "/v1/check", text: #"{"age": 16}"#)
        expectEqual(answer.status, 200)
        expectEqual(answer.headers[.contentType], "application/json")
        expectEqual(
            answer.json,
            .object([
                "summary": Self.summary(records: 1, valid: 0, errors: 2),
                "violations": .array([
                    Self.violation(1, line: 1, "name", "required", value: nil, "Name is required"),
                    Self.violation(1, line: 1, "age", "min", value: "16", "Age must be at least 18"),
                ]),
            ]))
    }

    @Test func aValidRecordHasNoViolations() async throws {
        let answer = try await harness.send(.post, "/v1/check", text: #"{"name": "Ann", "born": "01.05.1990"}"#)
        expectEqual(answer.json, .object(["summary": Self.summary(records: 1, valid: 1, errors: 0), "violations": .array([])]))
    }

    @Test func anArrayKeepsEachRecordsLine() async throws {
        let answer = try await harness.send(.post, "/v1/check", text: "[\n{\"name\": \"Ann\"},\n{\"age\": \"x\", \"name\": \"Bo\"}\n]")
        expectEqual(answer.json["summary"], Self.summary(records: 2, valid: 1, errors: 1))
        expectEqual(
            answer.json["violations"],
            .array([Self.violation(2, line: 3, "age", "type", value: "x", "Age: 'x' is not a whole JSON number")]))
    }

    @Test func jsonLinesReportMalformedLinesAndUnknownKeysAsCheckDoes() async throws {
        let body = "{\"name\": \"Ann\", \"phone\": \"+7 (916) 1\"}\n{\"name\":\"Bo\",\"nick\":1}\nnot json\n"
        let answer = try await harness.send(.post, "/v1/check", text: body, type: "application/x-ndjson")
        expectEqual(answer.status, 200)
        expectEqual(
            answer.json["violations"],
            .array([
                Self.violation(1, line: 1, "phone", "mask", value: "+7 (916) 1", "Phone must look like +7 (___) ___-__-__"),
                Self.violation(0, line: 2, "nick", "unknown_column", "warning", value: nil, "'nick' is not a field of the rules"),
                Self.violation(3, line: 3, "", "malformed", value: nil, "expected a value, found 'not' (line 3, column 1)"),
            ]))
        expectEqual(answer.json["summary"], Self.summary(records: 3, valid: 1, errors: 2, warnings: 1))
    }

    @Test func strictMakesWarningsErrors() async throws {
        let answer = try await harness.send(.post, "/v1/check?strict=true", text: #"{"name": "Bo", "nick": 1}"#)
        expectEqual(answer.json["violations"]?[0]?["severity"], .string("error"))
        expectEqual(answer.json["summary"]?["errors"], .number(1))
    }

    @Test func localeAndTodayAreQueryParameters() async throws {
        let russian = try await harness.send(.post, "/v1/check?locale=ru", text: "{}")
        expectEqual(russian.json["violations"]?[0]?["message"]?.string?.contains("Name"), true)
        #expect(russian.json["violations"]?[0]?["message"] != .string("Name is required"))
    }

    /// The promise of the endpoint: the bytes of `check --format json` for a file holding the body
    /// (named `-`, as standard input is), for every sample of the repository.
    @Test(arguments: [
        ("Rules/signup.yaml", "Rules/samples/signup.jsonl", "application/x-ndjson"),
        ("Rules/osago.yaml", "Rules/samples/osago.csv", "text/csv"),
        ("Rules/listing.yaml", "Rules/samples/listing.json", "application/json"),
    ])
    func answersWhatCheckPrintsForTheSameBytes(rules: String, sample: String, type: String) async throws {
        let harness = ServerHarness(files: [ServerHarness.repository(rules)]) { $0.maxBodyBytes = 1 << 22 }
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: ServerHarness.repository(sample))))
        let answer = try await harness.send(.post, "/v1/check", body: bytes, type: type)
        expectEqual(answer.status, 200)

        let copy = try directory.write("copy", String(decoding: bytes, as: UTF8.self))
        let checker = RecordChecker(
            try RuleSet(contentsOf: URL(fileURLWithPath: ServerHarness.repository(rules))),
            today: Day(iso: "2026-11-22") ?? .today())
        let sink = OutputSink.memory()
        let format = RecordFormat(path: sample)
        _ = try BatchCheck(checker: checker, options: .init(format: format, jobs: 1))
            .run(files: [copy], report: ReportFormat.json.report(to: sink))
        #expect(answer.text == sink.text.replacingOccurrences(of: #""file":"\#(copy)""#, with: #""file":"-""#))
        #expect(answer.json["summary"]?["records"]?.number ?? 0 > 50, "the sample has records")
    }

    // MARK: - Bad requests

    @Test func badJSONIsA400WithLineAndColumn() async throws {
        let answer = try await harness.send(.post, "/v1/check", text: "{\"name\":\n \"Ann\" \"age\": 1}")
        expectEqual(answer.status, 400)
        expectEqual(answer.errorCode, "bad_json")
        expectEqual(answer.json["error"]?["message"]?.string?.contains("line 2, column 8"), true)
    }

    @Test(arguments: ["42", "\"text\"", "null", "true"])
    func aBodyThatIsNotARecordIsA400(body: String) async throws {
        let answer = try await harness.send(.post, "/v1/check", text: body)
        expectEqual(answer.status, 400)
        expectEqual(answer.errorCode, "bad_request")
    }

    @Test func anEmptyJSONBodyIsA400() async throws {
        let answer = try await harness.send(.post, "/v1/check", text: "")
        expectEqual(answer.status, 400)
        expectEqual(answer.errorCode, "bad_json")
    }

    @Test func anUnknownMediaTypeIsA415() async throws {
        let answer = try await harness.send(.post, "/v1/check", text: "name=Ann", type: "application/x-www-form-urlencoded")
        expectEqual(answer.status, 415)
        expectEqual(answer.errorCode, "unsupported_media_type")
    }

    @Test(arguments: [
        ("/v1/check?today=2026-13-01", "bad_request", 400), ("/v1/check?strict=yes", "bad_request", 400),
        ("/v1/check?locale=%3Cscript%3E", "bad_request", 400), ("/v1/check?verbose=1", "bad_request", 400),
        ("/v1/check?rules=nope", "unknown_rules", 404), ("/v1/check?rules=a&rules=b", "bad_request", 400),
    ])
    func badQueryParametersAre4xx(path: String, code: String, status: Int) async throws {
        let answer = try await harness.send(.post, path, text: "{}")
        expectEqual(answer.status, status)
        expectEqual(answer.errorCode, code)
    }

    @Test func aBodyOverTheLimitIsA413() async throws {
        let small = ServerHarness(files: [try directory.write("people2.yaml", peopleRules)]) { $0.maxBodyBytes = 64 }
        let declared = try await small.send(.post, "/v1/check", text: String(repeating: " ", count: 65) + "{}")
        expectEqual(declared.status, 413)
        expectEqual(declared.errorCode, "body_too_large")
        // Without a Content-Length (chunked), the limit holds while reading.
        let (body, source) = RequestBody.makeStream()
        let client = Task {
            await source.yield(ByteBuffer(string: String(repeating: " ", count: 100)))
            source.finish()
        }
        let streamed = try await small.send(.post, "/v1/check", streaming: body)
        await client.value
        expectEqual(streamed.status, 413)
    }

    @Test func severalRuleSetsNeedANameAndTwoOfOneNameAreAConflict() async throws {
        let two = ServerHarness(files: [
            try directory.write("a.yaml", peopleRules),
            ServerHarness.repository("Rules/signup.yaml"),
        ])
        let unnamed = try await two.send(.post, "/v1/check", text: "{}")
        expectEqual(unnamed.status, 400)
        expectEqual(unnamed.json["error"]?["message"]?.string?.contains("people, signup"), true)
        let named = try await two.send(.post, "/v1/check?rules=signup", text: "{}")
        expectEqual(named.status, 200)
        let same = RuleLibrary(files: [try directory.write("b.yaml", peopleRules), try directory.write("c.yaml", peopleRules)])
        expectEqual(same.conflicts.count, 1)
        expectEqual(same.conflicts.first?.contains("'people'"), true)
    }

    @Test func rulesThatNeverCompiledAreA409WithTheirErrors() async throws {
        let broken = ServerHarness(files: [try directory.write("broken.yaml", "form: x\nfields:\n  - id: a\n    type: txt\n")])
        let answer = try await broken.send(.post, "/v1/check", text: "{}")
        expectEqual(answer.status, 409)
        expectEqual(answer.errorCode, "rules_broken")
        let details = answer.json["error"]?["details"]?.string ?? ""
        #expect(details.contains("broken.yaml:4:11: error: ") && details.contains("[RC2016]"))
        #expect(details.contains("\n        type: txt\n              ^"))
    }
}
