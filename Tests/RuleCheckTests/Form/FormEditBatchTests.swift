import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `Form.apply(_:budget:cancellation:)`: a request's edits, all or nothing.
@Suite("Form: a batch of edits")
struct FormEditBatchTests {
    static let rules = """
        form: crew
        fields:
          - id: captain
            type: text
          - id: callsign
            type: text
            value: upper(captain)
          - id: members
            type: list
            item:
              - id: name
                type: text
                required: true
              - id: ship
                type: text
                value: callsign
        """

    let rules: RuleSet
    let form: Form

    init() throws {
        rules = try RuleSet(yaml: Self.rules, source: "crew.yaml")
        form = Form(rules, today: Day(iso: "2026-11-22")!)
    }

    @Test func eachEditGivesItsChangesOrItsRefusal() throws {
        var form = form
        let results = try form.apply([.set("captain", "ann"), .set("nobody", "x"), .append("members")])
        expectEqual(try results[0].get().values["callsign"], .some("ANN"))
        #expect(throws: FormError.self) { try results[1].get() }
        expectEqual(try results[2].get().items, ["members": 1])
        expectEqual(form.itemCount("members"), 1)
        expectEqual(form["members[0].ship"].value, "ANN")
        #expect(form.cancellation == nil, "the flag is not kept")
    }

    @Test func aCancelledBatchLeavesTheFormAsItWas() throws {
        var form = form
        _ = try form.set("captain", to: "ann")
        let before = form.snapshot
        let cancellation = CancellationFlag()
        cancellation.cancel()
        #expect(throws: FormLimitError.cancelled) {
            try form.apply([.append("members"), .set("captain", "bob")], cancellation: cancellation)
        }
        expectEqual(form.snapshot, before)
        #expect(form.cancellation == nil)
    }

    @Test func editsPastTheItemBudgetAreUndoneWhole() throws {
        var form = form
        let budget = FormBudget(maxItems: 2)
        _ = try form.apply([.append("members"), .append("members")], budget: budget)
        #expect(throws: FormLimitError(.tooManyItems, "the form would hold 3 list items; its limit is 2")) {
            try form.apply([.set("captain", "ann"), .append("members")], budget: budget)
        }
        expectEqual(form.itemCount("members"), 2)
        expectEqual(form["captain"].value, nil)
        let draft = try FormSnapshot(json: ["form": "crew", "fields": [:], "items": ["members": 1_000_000_000]])
        #expect(throws: FormLimitError(.tooManyItems, "the form would hold 1000000000 list items; its limit is 2")) {
            try form.apply([.restore(draft)], budget: budget)
        }
        expectEqual(form.itemCount("members"), 2)
    }

    @Test func editsPastTheByteBudgetAreUndoneWhole() throws {
        var form = form
        let size = form.footprint.bytes
        let budget = FormBudget(maxBytes: size + 1_000)
        _ = try form.apply([.set("captain", .string(String(repeating: "a", count: 100)))], budget: budget)
        #expect(throws: FormLimitError.self) {
            try form.apply([.set("captain", .string(String(repeating: "b", count: 2_000)))], budget: budget)
        }
        expectEqual(form["captain"].value, .text(String(repeating: "a", count: 100)))
    }

    @Test func theFootprintGrowsWithWhatTheFormHolds() throws {
        var form = form
        let empty = form.footprint
        expectEqual(empty.items, 0)
        _ = try form.set("captain", to: .text(String(repeating: "z", count: 10_000)))
        // The captain's text, and the callsign computed from it.
        #expect(form.footprint.bytes >= empty.bytes + 20_000)
        _ = try form.append("members")
        expectEqual(form.footprint.items, 1)
        #expect(form.footprint.bytes >= empty.bytes + 30_000, "the item's ship is the callsign")
        _ = try form.clear("captain")
        #expect(form.footprint.bytes < empty.bytes + 1_000)
    }

    /// Once the flag is set, re-evaluation stops where it is: the batch puts the form back, so
    /// a long edit need not run to its end.
    @Test func reEvaluationStopsOnceCancelled() throws {
        var form = form
        for _ in 0..<3 { _ = try form.append("members") }
        let cancellation = CancellationFlag()
        cancellation.cancel()
        form.cancellation = cancellation
        _ = try form.set("captain", to: "ann")
        expectEqual(form["captain"].value, "ann", "the edit itself is made")
        expectEqual(form["callsign"].value, nil, "what is downstream of it is not re-evaluated")
        expectEqual(form["members[2].ship"].value, nil)
    }
}
