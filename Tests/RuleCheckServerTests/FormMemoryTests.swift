import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// Issue 21, item 7: one form grew without limit (4 bodies of 49,000 appends took 425 MB), and
/// forms made from big records or drafts took what they liked. Each form now keeps to a budget of
/// list items and bytes, and the live forms together to one of bytes; a request that would break
/// one is refused whole, and what the forms take is a property a metrics endpoint reads.
@Suite("Form memory budgets")
struct FormMemoryTests {
    let directory: TemporaryDirectory
    let rules: String

    init() throws {
        directory = try TemporaryDirectory()
        rules = try directory.write("crew.yaml", listRules)
    }

    /// `count` appends, as JSON Lines.
    static func appends(_ count: Int) -> [UInt8] {
        Array(String(repeating: #"{"append": "members"}"# + "\n", count: count).utf8)
    }

    func items(_ harness: ServerHarness, _ id: String) async throws -> JSONValue? {
        try await harness.send(.get, "/v1/forms/\(id)").json["state"]?["items"]?["members"]
    }

    /// (Run with the default budget of 10,000 and 12,000 appends, this failed before: 200, every
    /// item kept. A small budget shows the same in less time.)
    @Test func theItemBudgetHoldsAcrossRequests() async throws {
        expectEqual(ServerOptions().maxFormItems, 10_000)
        let harness = ServerHarness(files: [rules]) { $0.maxFormItems = 5 }
        let (first, _) = try await harness.newForm()
        let all = try await harness.send(.post, "/v1/forms/\(first)/edits", body: Self.appends(12), type: "application/x-ndjson")
        expectEqual(all.status, 413)
        expectEqual(all.errorCode, "form_too_large")
        expectEqual(all.json["error"]?["message"], "the form would hold 6 list items; its limit is 5; nothing of the request is kept")
        #expect(try await items(harness, first) == 0)
        let (id, _) = try await harness.newForm()
        #expect(try await harness.send(.post, "/v1/forms/\(id)/edits", body: Self.appends(3), type: "application/x-ndjson").status == 200)
        let more = try await harness.send(.post, "/v1/forms/\(id)/edits", body: Self.appends(3), type: "application/x-ndjson")
        expectEqual(more.status, 413)
        expectEqual(more.errorCode, "form_too_large")
        #expect(try await items(harness, id) == 3)
        #expect(try await harness.send(.post, "/v1/forms/\(id)/edits", body: Self.appends(2), type: "application/x-ndjson").status == 200)
        #expect(try await harness.edit(id, #"{"append": "members"}"#).errorCode == "form_too_large")
        #expect(try await harness.edit(id, #"{"remove": "members", "index": 0}"#).status == 200)
        #expect(try await harness.edit(id, #"{"append": "members"}"#).status == 200, "a removed item makes room")
        #expect(try await items(harness, id) == 5)
    }

    @Test func aFormHoldsAtMostItsBytes() async throws {
        expectEqual(ServerOptions().maxFormBytes, 16 << 20)
        let harness = ServerHarness(files: [rules]) { $0.maxFormBytes = 1_000_000 }
        let (id, _) = try await harness.newForm()
        let text = String(repeating: "x", count: 95_000)
        var statuses: [Int] = []
        for item in 0..<20 {
            let body: JSONValue = [
                ["append": "members"], ["set": .string("members[\(item)].name"), "value": .string(text)],
            ]
            let answer = try await harness.send(.post, "/v1/forms/\(id)/edits", json: body)
            statuses.append(answer.status)
            if answer.status != 200 {
                expectEqual(answer.errorCode, "form_too_large")
                expectEqual(
                    answer.json["error"]?["message"]?.string?.hasSuffix("its limit is 1000000; nothing of the request is kept"), true)
                break
            }
        }
        // A million bytes hold ten names of 95,000 bytes, and not eleven.
        expectEqual(statuses, Array(repeating: 200, count: 10) + [413])
        #expect(try await items(harness, id) == 10, "the refused request's item is not kept either")
    }

    @Test func draftsAndRecordsOverTheItemBudgetAreRefusedBeforeTheFormIsMade() async throws {
        let harness = ServerHarness(files: [rules])
        let draft: JSONValue = ["snapshot": ["form": "crew", "fields": [:], "items": ["members": 20_000]]]
        let restored = try await harness.send(.post, "/v1/forms", json: draft)
        expectEqual(restored.status, 413)
        expectEqual(restored.errorCode, "form_too_large")
        expectEqual(
            restored.json["error"]?["message"], "the form would hold 20000 list items; its limit is 10000; nothing of the request is kept")
        let huge: JSONValue = ["snapshot": ["form": "crew", "fields": [:], "items": ["members": 1_000_000_000_000]]]
        #expect(try await harness.send(.post, "/v1/forms", json: huge).errorCode == "form_too_large")
        let record: JSONValue = ["record": ["members": .array(Array(repeating: [:], count: 20_000))]]
        let filled = try await harness.send(.post, "/v1/forms", json: record)
        expectEqual(filled.status, 413)
        expectEqual(filled.errorCode, "form_too_large")
        expectEqual(harness.server.forms.count, 0)
        // A draft restored by an edit is held to the budget too.
        let (id, _) = try await harness.newForm()
        let restore = try await harness.edit(id, #"{"restore": {"form": "crew", "fields": {}, "items": {"members": 20000}}}"#)
        expectEqual(restore.errorCode, "form_too_large")
    }

    @Test func theLiveFormsTogetherKeepToTheServersBudget() async throws {
        let harness = ServerHarness(files: [rules]) { $0.maxTotalFormBytes = 3_000_000 }
        let forms = harness.server.forms
        expectEqual(forms.bytesInUse, 0)
        expectEqual(forms.count, 0)
        let (first, _) = try await harness.newForm()
        let empty = forms.bytesInUse
        #expect(empty > 0)
        expectEqual(forms.count, 1)
        let text = String(repeating: "y", count: 1_000_000)
        #expect(try await harness.send(.post, "/v1/forms/\(first)/edits", json: ["set": "captain", "value": .string(text)]).status == 200)
        #expect(forms.bytesInUse >= empty + 1_000_000)
        let (second, _) = try await harness.newForm()
        #expect(try await harness.send(.post, "/v1/forms/\(second)/edits", json: ["set": "captain", "value": .string(text)]).status == 200)
        let third = try await harness.newForm()
        expectEqual(third.answer.status, 201)
        let refused = try await harness.send(.post, "/v1/forms/\(third.id)/edits", json: ["set": "captain", "value": .string(text)])
        expectEqual(refused.status, 503)
        expectEqual(refused.errorCode, "forms_memory_full")
        #expect(
            refused.json["error"]?["message"] == "the live forms hold the server's limit of 3000000 bytes; delete a form or try again later"
        )
        #expect(try await harness.send(.get, "/v1/forms/\(third.id)").json["state"]?["fields"]?["captain"]?["value"] == .null)
        // A form that shrinks is always let through, and frees what it no longer holds.
        let before = forms.bytesInUse
        #expect(try await harness.edit(first, #"{"clear": "captain"}"#).status == 200)
        #expect(forms.bytesInUse < before - 990_000)
        #expect(
            try await harness.send(.post, "/v1/forms/\(third.id)/edits", json: ["set": "captain", "value": .string(text)]).status == 200)
        for id in [first, second, third.id] { #expect(try await harness.send(.delete, "/v1/forms/\(id)").status == 204) }
        expectEqual(forms.bytesInUse, 0)
        expectEqual(forms.count, 0)
    }

    @Test func newFormsPastTheServersBudgetAre503() async throws {
        let harness = ServerHarness(files: [rules]) { $0.maxTotalFormBytes = 2_000 }
        let (id, first) = try await harness.newForm()
        expectEqual(first.status, 201, "one empty form fits")
        #expect(harness.server.forms.bytesInUse <= 2_000)
        var refused = try await harness.newForm().answer
        for _ in 0..<20 where refused.status == 201 { refused = try await harness.newForm().answer }
        expectEqual(refused.status, 503)
        expectEqual(refused.errorCode, "forms_memory_full")
        #expect(try await harness.send(.delete, "/v1/forms/\(id)").status == 204)
        #expect(try await harness.newForm().answer.status == 201, "a deleted form's bytes are free again")
    }
}
