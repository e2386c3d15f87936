import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Options a server sends at run time, and issues it reports after submit.
@Suite("Form: runtime options and external issues")
struct FormRuntimeDataTests {
    static let yaml = """
        form: car
        fields:
          - id: make
            type: choice
            options: [lada, kia]
          - id: model
            type: choice
            options: [placeholder]
            depends_on: [make]
          - id: trim
            type: text
            depends_on: [model]
          - id: email
            type: text
          - id: drivers
            type: list
            item:
              - id: licence
                type: choice
                options: [b]
        """

    private func form() throws -> Form {
        Form(try RuleSet(yaml: Self.yaml, source: "car.yaml"), today: Day(iso: "2026-11-22")!)
    }

    @Test func optionsFromAServerReplaceTheRulesAndTakePartInTheDAG() throws {
        var form = try form()
        try form.set("make", to: "lada")
        try form.setOptions("model", [ChoiceOption(value: "vesta", title: "Vesta"), ChoiceOption(value: "granta")])
        expectEqual(form.options(for: "model").map(\.title), ["Vesta", "granta"])
        #expect(throws: FormError.self) { try form.set("model", to: "placeholder") }
        try form.set("model", to: "vesta")
        try form.set("trim", to: "Comfort")
        expectEqual(form.displayText("model"), "Vesta")
        // The server's next list no longer has the chosen model: it is cleared, and trim with it.
        let changes = try form.setOptions("model", [ChoiceOption(value: "granta")])
        expectEqual(changes.values["model"], .some(nil))
        expectEqual(changes.values["trim"], .some(nil))
        expectEqual(form["model"].provenance, .cleared(.optionsFilter, edit: "options model"))
        // Options that still hold the value change nothing.
        try form.set("model", to: "granta")
        #expect(try form.setOptions("model", [ChoiceOption(value: "granta"), ChoiceOption(value: "largus")]).values.isEmpty)
    }

    @Test func itemFieldsAndNonChoicesAndUnknownPaths() throws {
        var form = try form()
        try form.append("drivers")
        try form.setOptions("drivers[0].licence", [ChoiceOption(value: "b"), ChoiceOption(value: "c")])
        try form.append("drivers")
        try form.set("drivers[1].licence", to: "c")  // every item of the list gets them
        #expect(throws: FormError.self) { try form.setOptions("email", [ChoiceOption(value: "x")]) }
        #expect(throws: FormError.self) { try form.setOptions("nope", []) }
    }

    @Test func externalIssuesShowUntilTheValueChanges() throws {
        var form = try form()
        try form.set("email", to: "ann@example.com")
        let reported = try form.setExternalIssues("email", ["this address is already registered"])
        expectEqual(reported.issues["email"]?.map(\.code), [.external])
        expectEqual(form["email"].issues.map(\.message), ["email: this address is already registered"])
        #expect(!form["email"].isValid)
        // Another edit elsewhere keeps it; the same value again keeps it.
        try form.set("make", to: "kia")
        try form.set("email", to: "ann@example.com")
        expectEqual(form["email"].issues.map(\.code), [.external])
        // A new value clears it.
        let changed = try form.set("email", to: "ann2@example.com")
        expectEqual(changed.issues["email"], [])
        // An empty list removes them.
        try form.setExternalIssues("email", ["taken"])
        expectEqual(try form.setExternalIssues("email", []).issues["email"], [])
    }
    /// Options a server sent can be chosen however the value arrives: as text (a cell, a
    /// text field), typed, as JSON (replay and the server's edits), or as a value.
    @Test func optionsFromAServerCanBeChosenFromTextJSONAndTyping() throws {
        var form = try form()
        try form.set("make", to: "lada")
        try form.setOptions("model", [ChoiceOption(value: "vesta"), ChoiceOption(value: 12)])
        try form.set("model", text: "vesta")
        expectEqual(form["model"].value, "vesta")
        try form.set("model", text: "12")
        expectEqual(form["model"].value, .number(12))
        try form.type("model", text: "vesta")
        expectEqual(form["model"].value, "vesta")
        expectEqual(try form.value(.string("vesta"), for: "model"), "vesta")
        try form.apply(.set("model", .number(12)))
        expectEqual(form["model"].value, .number(12))
        // The rules' own option is no longer on offer, whichever way it is written.
        #expect(throws: FormError.self) { try form.set("model", text: "placeholder") }
        #expect(throws: FormError.self) { try form.value(.string("placeholder"), for: "model") }
    }
}
