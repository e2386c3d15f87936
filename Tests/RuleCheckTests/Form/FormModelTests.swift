import Observation
import RuleCheck
import Synchronization
import Testing
import _RuleCheckTestSupport

/// A view that reads field A is notified by an edit that changes A, and not by one that changes
/// only B.
@MainActor
@Suite("FormModel: observation")
struct FormModelTests {
    static let yaml = """
        form: t
        fields:
          - id: a
            type: text
            required: true
          - id: b
            type: text
          - id: b_copy
            type: text
            value: b
          - id: drivers
            type: list
            item:
              - id: name
        gates:
          submit: all
        """

    private func model() throws -> FormModel {
        FormModel(Form(try RuleSet(yaml: Self.yaml, source: "t.yaml"), today: Day(iso: "2026-11-22")!))
    }

    /// Whether running `change` notifies an observer that ran `read`.
    private func notifies(reading read: () -> Void, when change: () throws -> Void) rethrows -> Bool {
        let fired = Mutex(false)
        withObservationTracking(read, onChange: { fired.withLock { $0 = true } })
        try change()
        return fired.withLock { $0 }
    }

    @Test func anEditOfBDoesNotNotifyAViewOfA() throws {
        let model = try model()
        #expect(try !notifies(reading: { _ = model["a"] }, when: { try model.set("b", to: "x") }))
        #expect(try notifies(reading: { _ = model["a"] }, when: { try model.set("a", to: "x") }))
        // b_copy is computed from b: a view of it is notified by an edit of b.
        #expect(try notifies(reading: { _ = model["b_copy"].value }, when: { try model.set("b", to: "y") }))
        expectEqual(model["b_copy"].value, "y")
    }

    @Test func gatesListsAndInteractionAreObservable() throws {
        let model = try model()
        expectEqual(model.gates, ["submit": false])
        #expect(try notifies(reading: { _ = model.gates }, when: { try model.set("a", to: "x") }))
        expectEqual(model.gates, ["submit": true])
        #expect(try notifies(reading: { _ = model.items }, when: { try model.edit { try $0.append("drivers") } }))
        expectEqual(model.items, ["drivers": 1])
        #expect(try notifies(reading: { _ = model["drivers[0].name"] }, when: { try model.focus("drivers[0].name") }))
        expectEqual(model["drivers[0].name"].interaction, .editing)
        #expect(try !notifies(reading: { _ = model["a"] }, when: { try model.blur("drivers[0].name") }))
    }

    @Test func changeSetsStreamAsTheyAreApplied() async throws {
        let model = try model()
        var stream = model.changes().makeAsyncIterator()
        try model.set("b", to: "x")
        try model.clear("b")
        let first = await stream.next()
        let second = await stream.next()
        expectEqual(first?.values["b"], .some("x"))
        expectEqual(second?.values["b"], .some(nil))
    }

    @Test func typingNotifiesOnlyTheFieldTypedInto() throws {
        let model = try model()
        #expect(try !notifies(reading: { _ = model["a"] }, when: { try model.type("b", text: "xy", caret: 2) }))
        #expect(try notifies(reading: { _ = model.field("b").input }, when: { try model.type("b", text: "xyz", caret: 3) }))
        expectEqual(model.field("b").input, FieldInput(text: "xyz", caret: 3, state: .complete))
        // Setting the value replaces the typed text: a view of the input hears of it.
        #expect(try notifies(reading: { _ = model.field("b").input }, when: { try model.set("b", to: "w") }))
        expectEqual(model.field("b").input, nil)
    }
}
