import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A suggestion fills a field whenever it is empty and the user is not typing in it; a
/// multi-select's ChangeSet names the options added and removed.
@Suite("Form: suggestions into empty fields, list changes")
struct SuggestionAndListChangeTests {
    static let yaml = """
        form: policy
        fields:
          - id: engine_power
            type: integer
          - id: amenities
            type: multi_choice
            options: [parking, lift, storage, balcony]
        """

    private func form() throws -> Form {
        Form(try RuleSet(yaml: Self.yaml, source: "policy.yaml"), today: Day(iso: "2026-11-22")!)
    }

    @Test func aSuggestionRefillsAFieldTheUserCleared() throws {
        var form = try form()
        try form.suggest("engine_power", .number(150))
        try form.set("engine_power", to: .number(120))
        #expect(try form.suggest("engine_power", .number(200)).isEmpty)
        expectEqual(form["engine_power"].value, .number(120))
        try form.clear("engine_power")
        let refill = try form.suggest("engine_power", .number(210))
        expectEqual(refill.values["engine_power"], .some(.number(210)))
        expectEqual(form["engine_power"].provenance, .suggestion)
        // Typing in it (the focus): the suggestion waits; once left, it fills.
        try form.focus("engine_power")
        try form.clear("engine_power")
        #expect(try form.suggest("engine_power", .number(220)).isEmpty)
        try form.blur("engine_power")
        expectEqual(try form.suggest("engine_power", .number(220)).values["engine_power"], .some(.number(220)))
    }

    @Test func aMultiSelectsChangeNamesTheOptionsAddedAndRemoved() throws {
        var form = try form()
        let first = try form.set("amenities", to: .list([.text("parking"), .text("storage")]))
        expectEqual(first.listChanges["amenities"], ListChange(added: [.text("parking"), .text("storage")], removed: []))
        let second = try form.set("amenities", to: .list([.text("parking"), .text("lift")]))
        expectEqual(second.listChanges["amenities"], ListChange(added: [.text("lift")], removed: [.text("storage")]))
        expectEqual(
            second.json["list_changes"],
            .object(["amenities": .object(["added": .array([.string("lift")]), "removed": .array([.string("storage")])])]))
        let cleared = try form.clear("amenities")
        expectEqual(cleared.listChanges["amenities"], ListChange(added: [], removed: [.text("parking"), .text("lift")]))
        // A field of another kind has none.
        #expect(try form.set("engine_power", to: .number(3)).listChanges.isEmpty)
    }
}
