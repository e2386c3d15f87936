import RuleCheck
import Testing
import _RuleCheckTestSupport

/// When a screen shows a field's issues: not before the user has been there, not the ones that
/// more typing may fix while they type, all of them once they leave or submit.
@Suite("Form: interaction states")
struct FormInteractionTests {
    static let yaml = """
        form: signup
        fields:
          - id: name
            type: text
            required: true
            min_length: 3
          - id: phone
            type: text
            required: true
            mask: '+7 (000) 000-00-00'
          - id: age
            type: integer
            min: 18
          - id: children
            type: list
            item:
              - id: child_name
                type: text
                required: true
        """

    private func form() throws -> Form {
        Form(try RuleSet(yaml: Self.yaml, source: "signup.yaml"), today: Day(iso: "2026-11-22")!)
    }

    private func codes(_ issues: [FieldIssue]?) -> [String] { (issues ?? []).map(\.code.rawValue) }

    @Test func aPristineFieldShowsNothing() throws {
        let form = try form()
        expectEqual(codes(form["name"].issues), ["required"])
        expectEqual(form["name"].interaction, .pristine)
        #expect(form["name"].shownIssues.isEmpty)
    }

    @Test func typingHoldsBackWhatMoreTypingMayFixAndLeavingShowsIt() throws {
        var form = try form()
        let focus = try form.focus("name")
        #expect(focus.shownIssues.isEmpty)  // required is held back while editing: nothing new to show
        expectEqual(focus.interaction, ["name": .editing])
        #expect(focus.values.isEmpty && focus.issues.isEmpty)
        expectEqual(form["name"].interaction, .editing)

        let typed = try form.set("name", to: "Al")
        expectEqual(codes(typed.issues["name"]), ["min_length"])
        #expect(typed.shownIssues.isEmpty)
        #expect(form["name"].shownIssues.isEmpty)

        let left = try form.blur("name")
        expectEqual(codes(left.shownIssues["name"]), ["min_length"])
        #expect(left.issues.isEmpty && left.values.isEmpty)
        expectEqual(form["name"].interaction, .touched)

        // Once touched, a new issue shows as soon as it appears.
        let fixed = try form.set("name", to: "Alice")
        expectEqual(fixed.shownIssues["name"], [])
        let emptied = try form.clear("name")
        expectEqual(codes(emptied.shownIssues["name"]), ["required"])
    }

    @Test func anIssueTypingCannotFixShowsWhileEditing() throws {
        var form = try form()
        try form.focus("age")
        let changes = try form.set("age", to: .number(10))
        expectEqual(codes(changes.shownIssues["age"]), ["min"])
        // The mask's partial value is held back until the user leaves the field.
        try form.focus("phone")
        #expect(form["age"].interaction == .touched)  // focus elsewhere leaves the previous field
        try form.set("phone", to: "+7 (916) 12")
        expectEqual(codes(form["phone"].issues), ["mask"])
        #expect(form["phone"].shownIssues.isEmpty)
        let left = try form.blur("phone")
        expectEqual(codes(left.shownIssues["phone"]), ["mask"])
    }

    @Test func submittingShowsEveryIssueAndNewItemsStartPristine() throws {
        var form = try form()
        try form.append("children")
        expectEqual(form["children[0].child_name"].interaction, .pristine)
        let submit = form.touchAll()
        expectEqual(Set(submit.shownIssues.keys), ["name", "phone", "children[0].child_name"])
        expectEqual(codes(submit.shownIssues["children[0].child_name"]), ["required"])
        try form.append("children")
        #expect(form["children[1].child_name"].shownIssues.isEmpty)
        expectEqual(form["children[0].child_name"].interaction, .touched)
        // Removing the first item moves the second's state with it.
        try form.remove("children", at: 0)
        expectEqual(form["children[0].child_name"].interaction, .pristine)
        let reset = form.reset()
        expectEqual(form["name"].interaction, .pristine)
        expectEqual(codes(reset.shownIssues["name"]), [])
        expectEqual(reset.shownIssues["name"], [])
    }

    @Test func theChangeSetsJSONCarriesShownIssues() throws {
        var form = try form()
        try form.set("name", to: "Al")
        let json = try form.blur("name").json
        expectEqual(json["shown_issues"]?["name"]?[0]?["code"], "min_length")
        expectEqual(try form.set("name", to: "Alice").json["shown_issues"]?["name"], [])
        expectEqual(try form.set("age", to: .number(30)).json["shown_issues"], nil)
    }

    @Test func anUnknownPathIsAnError() throws {
        var form = try form()
        #expect(throws: FormError.self) { try form.focus("nope") }
        #expect(throws: FormError.self) { try form.blur("nope") }
    }
}
