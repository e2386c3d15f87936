import Foundation
import RuleCheck
import Testing

/// The edit lines of `rulecheck replay`, read by `FormEdit` and applied to a form.
@Suite("Form: edit lines")
struct FormEditLineTests {
    static let yaml = """
        form: lines
        fields:
          - id: phone
            type: text
            required: true
            mask: '+7 (000) 000-00-00'
          - id: email
            type: text
          - id: model
            type: choice
            options: [vesta]
        """

    private func form() throws -> Form {
        Form(try RuleSet(yaml: Self.yaml, source: "lines.yaml"), today: Day(iso: "2026-11-22")!)
    }

    private func edit(_ line: String) throws -> FormEdit {
        try FormEdit(json: JSONParser().parse(line))
    }

    @Test func eachLineReadsAsItsEdit() throws {
        #expect(try edit(#"{"focus": "phone"}"#) == .focus("phone"))
        #expect(try edit(#"{"blur": "phone"}"#) == .blur("phone"))
        #expect(try edit(#"{"touch_all": true}"#) == .touchAll)
        #expect(try edit(#"{"type": "phone", "text": "916", "caret": 3}"#) == .type("phone", text: "916", caret: 3))
        #expect(try edit(#"{"type": "phone", "text": "916"}"#) == .type("phone", text: "916", caret: nil))
        #expect(try edit(#"{"page": "next"}"#) == .page("next"))
        #expect(try edit(#"{"options": "model", "values": ["vesta", {"value": "granta", "title": "Granta", "attributes": {"class": "B"}}]}"#)
            == .options("model", [ChoiceOption(value: "vesta"), ChoiceOption(value: "granta", title: "Granta", attributes: ["class": "B"])]))
        #expect(try edit(#"{"external_issues": "email", "messages": ["taken"]}"#) == .externalIssues("email", ["taken"]))
        let snapshot = #"{"form": "lines", "fields": {"email": {"value": "a@b.c", "source": "user"}}, "items": {}}"#
        #expect(try edit(#"{"restore": \#(snapshot)}"#)
            == .restore(try JSONDecoder().decode(FormSnapshot.self, from: Data(snapshot.utf8))))
    }

    @Test(arguments: [
        (#"{"type": "phone"}"#, "'text' must be text"),
        (#"{"type": "phone", "text": "1", "caret": -1}"#, "'caret' must be a whole number (0, 1, …)"),
        (#"{"options": "model", "values": [[1]]}"#, #"'values' must be a list of options: values, or {"value": …, "title": …, "attributes": {…}}"#),
        (#"{"external_issues": "email", "messages": [1]}"#, "'messages' must be a list of texts"),
        (#"{"restore": 1}"#, #"'restore' must be a snapshot: {"form": …, "fields": {…}, "items": {…}}"#),
        (#"{"focus": "a", "blur": "b"}"#, "an edit needs exactly one of set, clear, suggest, append, insert, remove, move, reset, focus, blur, touch_all, type, page, options, external_issues, restore"),
    ])
    func badLines(_ line: String, _ message: String) {
        let error = #expect(throws: FormError.self) { try edit(line) }
        #expect(error?.message == message)
    }

    @Test func aScriptedSessionThroughEditLines() throws {
        var form = try form()
        let lines = [
            #"{"focus": "phone"}"#,
            #"{"type": "phone", "text": "916", "caret": 3}"#,
            #"{"blur": "phone"}"#,
            #"{"options": "model", "values": ["granta"]}"#,
            #"{"external_issues": "email", "messages": ["taken"]}"#,
            #"{"touch_all": true}"#,
        ]
        var printed: [String] = []
        for line in lines { printed.append(JSONWriter.string(try form.apply(edit(line)).json)) }
        #expect(printed[0].contains(#""interaction":{"phone":"editing"}"#))
        #expect(printed[1].contains(#""input":{"phone":{"caret":7,"state":"partial","text":"+7 (916"}}"#))
        #expect(printed[1].contains(#""values":{"phone":"+7 (916"}"#))
        #expect(!printed[1].contains("shown_issues"))  // a partial mask is not shown while typing
        #expect(printed[2].contains(#""shown_issues":{"phone":[{"code":"mask""#))
        #expect(form.options(for: "model").map(\.title) == ["granta"])
        #expect(form["email"].issues.map(\.code) == [.external])
        #expect(printed[5].contains(#""shown_issues":{"email":[{"code":"external""#))
    }

    @Test func restoringASnapshotLine() throws {
        var form = try form()
        try form.set("email", to: "old@example.com")
        var draft = form
        try draft.set("email", to: "a@b.c")
        let json = String(decoding: try JSONEncoder().encode(draft.snapshot), as: UTF8.self)
        let changes = try form.apply(edit(#"{"restore": \#(json)}"#))
        #expect(changes.values == ["email": "a@b.c"])
        #expect(form.snapshot == draft.snapshot)
        #expect(throws: FormError.self) { try form.apply(edit(#"{"restore": {"form": "other", "fields": {}, "items": {}}}"#)) }
    }

    /// Docs/cli.md's table of edit lines names every kind of edit FormEdit reads, and no other.
    @Test func theCLIGuideListsEveryKindOfEdit() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Docs/cli.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## replay\n").last?.components(separatedBy: "\n## ").first)
        var named: [String] = []
        for row in section.split(separator: "\n") where row.hasPrefix("| `{") {
            let cell = row.split(separator: "|").first ?? ""
            // Each edit of the cell: `{"verb": …}`.
            for edit in cell.components(separatedBy: "`{\"").dropFirst() {
                if let verb = edit.components(separatedBy: "\"").first, !named.contains(verb) { named.append(verb) }
            }
        }
        #expect(named == FormEdit.kinds)
    }
}
