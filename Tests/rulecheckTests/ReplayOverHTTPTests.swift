import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import _RuleCheckTestSupport

/// One implementation of edits: every edit line sent to `rulecheck serve` answers the ChangeSet
/// `rulecheck replay` prints for the same line (or the same error), whichever the kind of edit.
extension CLITests {
    /// A session through Rules/kasko.yaml using every kind of edit line, with lines the form
    /// refuses and lines that are not edits at all.
    static let kaskoSession = [
        #"{"focus": "holder.last_name"}"#,
        #"{"type": "holder.last_name", "text": "Ivanova", "caret": 7}"#,
        #"{"blur": "holder.last_name"}"#,
        #"{"type": "holder.phone", "text": "8916", "caret": 4}"#,
        #"{"type": "holder.phone", "text": "+7 (916) 1234567"}"#,
        #"{"type": "holder.birth_date", "text": "0105199"}"#,
        #"{"type": "holder.birth_date", "text": "01051990"}"#,
        #"{"set": "holder.first_name", "value": "Anna"}"#,
        #"{"suggest": "home_address.region", "value": "moscow"}"#,
        #"{"clear": "holder.first_name"}"#,
        #"{"page": "next"}"#,
        #"{"page": "vehicle"}"#,
        #"{"set": "make", "value": "lada"}"#,
        #"{"options": "model", "values": [{"value": "lada_vesta", "title": "Vesta NG", "attributes": {"make": "lada"}}, "lada_x"]}"#,
        #"{"set": "model", "value": "lada_vesta"}"#,
        #"{"type": "plate", "text": "а123вс777"}"#,
        #"{"type": "vehicle_year", "text": "20"}"#,
        #"{"page": "previous"}"#,
        #"{"set": "unlimited_drivers", "value": false}"#,
        #"{"append": "drivers"}"#,
        #"{"insert": "drivers", "index": 0}"#,
        #"{"set": "drivers[1].driver.last_name", "value": "Petrov"}"#,
        #"{"move": "drivers", "from": 1, "to": 0}"#,
        #"{"remove": "drivers", "index": 1}"#,
        #"{"set": "photos", "value": [{"name": "front.jpg", "size": 2400000, "type": "image/jpeg"}]}"#,
        #"{"external_issues": "vin", "messages": ["this VIN is already insured"]}"#,
        #"{"touch_all": true}"#,
        #"{"set": "vin", "valu": "X"}"#,
        #"{"set": "no_such_field", "value": 1}"#,
        #"{"set": "model", "value": "kia_rio"}"#,
        #"{"page": "nowhere"}"#,
        #"{"type": "photos", "text": "x"}"#,
        #"{"reset": false}"#,
        #"{"restore": {"form": "kasko", "fields": {"make": {"value": "kia", "source": "user"}}, "items": {}}}"#,
        #"{"restore": {"form": "osago_policy", "fields": {}, "items": {}}}"#,
        #"{"reset": true}"#,
    ]

    @Test func everyEditLineAnswersOverHTTPWhatReplayPrints() async throws {
        let edits = try temporary(Self.kaskoSession.joined(separator: "\n") + "\n", "jsonl")
        let replay = try rulecheck(["replay", "Rules/kasko.yaml", edits, "--today", "2026-11-22"])
        expectEqual(replay.status, 1, "some lines are refused")
        let printed = replay.stdout.split(separator: "\n").map(String.init)
        try #require(printed.count == Self.kaskoSession.count)

        let server = try Server(["serve", "Rules/kasko.yaml", "--port", "0", "--today", "2026-11-22", "--no-access-log"])
        defer { _ = server.stop() }
        let base = try #require(server.banner().split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let created = try await HTTP.post(base + "v1/forms", "{}")
        expectEqual(created.status, 201)
        let id = try #require(created.json["id"] as? String)
        var errors = 0
        for (number, (line, expected)) in zip(Self.kaskoSession, printed).enumerated() {
            let answer = try await HTTP.post(base + "v1/forms/\(id)/edits", line)
            let replayed = try HTTP.object(expected)
            if let message = replayed["error"] as? String {
                errors += 1
                #expect((400...422).contains(answer.status), "\(line)")
                let error = answer.json["error"] as? [String: Any]
                #expect("line \(number + 1): " + (error?["message"] as? String ?? "") == message, "\(line)")
            } else {
                expectEqual(answer.status, 200, "\(line): \(answer.text)")
                #expect(try HTTP.canonical(answer.json["changes"] ?? [:]) == HTTP.canonical(replayed), "\(line)")
            }
        }
        expectEqual(errors, 7)
    }

    /// Several lines in one request (JSON Lines) answer one result each, as replay prints them.
    @Test func editLinesInOneRequestAnswerWhatReplayPrints() async throws {
        // Without the lines that are not edits (one of them refuses the whole request).
        let lines = Self.kaskoSession.filter { ![#"{"set": "vin", "valu": "X"}"#, #"{"reset": false}"#].contains($0) }
        let edits = try temporary(lines.joined(separator: "\n") + "\n", "jsonl")
        let replay = try rulecheck(["replay", "Rules/kasko.yaml", edits, "--today", "2026-11-22"])
        let printed = try replay.stdout.split(separator: "\n").map { try HTTP.object(String($0)) }

        let server = try Server(["serve", "Rules/kasko.yaml", "--port", "0", "--today", "2026-11-22", "--no-access-log"])
        defer { _ = server.stop() }
        let base = try #require(server.banner().split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let id = try #require(try await HTTP.post(base + "v1/forms", "{}").json["id"] as? String)
        let answer = try await HTTP.post(base + "v1/forms/\(id)/edits", lines.joined(separator: "\n"), type: "application/x-ndjson")
        let results = try #require(answer.json["results"] as? [[String: Any]])
        try #require(results.count == printed.count)
        for (result, expected) in zip(results, printed) {
            if expected["error"] != nil {
                #expect(result["error"] != nil)
            } else {
                #expect(try HTTP.canonical(result["changes"] ?? [:]) == HTTP.canonical(expected))
            }
        }
    }
}

/// Requests to a server on loopback, and JSON compared whatever the order of its keys.
enum HTTP {
    struct Answer {
        let status: Int
        let text: String
        let json: [String: Any]
    }

    static func post(_ url: String, _ body: String, type: String = "application/json") async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: status, text: String(decoding: data, as: UTF8.self), json: json)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The JSON with its keys sorted.
    static func canonical(_ json: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }
}
