import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

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
        #expect(
            try edit(#"{"options": "model", "values": ["vesta", {"value": "granta", "title": "Granta", "attributes": {"class": "B"}}]}"#)
                == .options(
                    "model", [ChoiceOption(value: "vesta"), ChoiceOption(value: "granta", title: "Granta", attributes: ["class": "B"])]))
        #expect(try edit(#"{"external_issues": "email", "messages": ["taken"]}"#) == .externalIssues("email", ["taken"]))
        let snapshot = #"{"form": "lines", "fields": {"email": {"value": "a@b.c", "source": "user"}}, "items": {}}"#
        #expect(
            try edit(#"{"restore": \#(snapshot)}"#)
                == .restore(try JSONDecoder().decode(FormSnapshot.self, from: Data(snapshot.utf8))))
    }

    @Test(arguments: [
        (#"{"type": "phone"}"#, "'text' must be text"),
        (#"{"type": "phone", "text": "1", "caret": -1}"#, "'caret' must be a whole number (0, 1, …)"),
        (
            #"{"options": "model", "values": [[1]]}"#,
            #"'values' must be a list of options: values, or {"value": …, "title": …, "attributes": {…}}"#
        ),
        (#"{"external_issues": "email", "messages": [1]}"#, "'messages' must be a list of texts"),
        (#"{"restore": 1}"#, #"'restore' must be a snapshot: {"form": …, "fields": {…}, "items": {…}}"#),
        (
            #"{"focus": "a", "blur": "b"}"#,
            "an edit needs exactly one of set, clear, suggest, append, insert, remove, move, reset, focus, blur, touch_all, type, page, options, external_issues, restore"
        ),
    ])
    func badLines(_ line: String, _ message: String) {
        let error = #expect(throws: FormError.self) { try edit(line) }
        expectEqual(error?.message, message)
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
        expectEqual(form.options(for: "model").map(\.title), ["granta"])
        expectEqual(form["email"].issues.map(\.code), [.external])
        #expect(printed[5].contains(#""shown_issues":{"email":[{"code":"external""#))
    }

    @Test func restoringASnapshotLine() throws {
        var form = try form()
        try form.set("email", to: "old@example.com")
        var draft = form
        try draft.set("email", to: "a@b.c")
        let json = String(decoding: try JSONEncoder().encode(draft.snapshot), as: UTF8.self)
        let changes = try form.apply(edit(#"{"restore": \#(json)}"#))
        expectEqual(changes.values, ["email": "a@b.c"])
        expectEqual(form.snapshot, draft.snapshot)
        #expect(throws: FormError.self) { try form.apply(edit(#"{"restore": {"form": "other", "fields": {}, "items": {}}}"#)) }
    }

    /// A draft saved under older rules: the restore line keeps what fits and reports the rest,
    /// as `Form.restoring` (and `POST /v1/forms`) word it, instead of failing on the first entry.
    @Test func aRestoreLineOfOlderRulesKeepsWhatFitsAndReportsWhatItDropped() throws {
        var form = try form()
        let line =
            #"{"restore": {"form": "lines", "fields": {"email": {"value": "a@b.c", "source": "user"}, "#
            + #""fax": {"value": "1", "source": "user"}, "model": {"value": "granta", "source": "user"}}, "items": {"drivers": 2}}}"#
        let changes = try form.apply(edit(line))
        expectEqual(changes.values, ["email": "a@b.c"])
        expectEqual(form["email"].value, "a@b.c")
        expectEqual(changes.dropped.map(\.path), ["drivers", "fax", "model"])
        expectEqual(
            changes.json["dropped"],
            .array([
                .object(["path": "drivers", "message": "the snapshot has items of 'drivers', which is not a list of these rules"]),
                .object(["path": "fax", "message": "the snapshot has a value for 'fax', which these rules do not have"]),
                .object(["path": "model", "message": "the snapshot's value of 'model' is not one of the options"]),
            ]))
        // A restore that drops nothing, and any other edit, prints no 'dropped'.
        let again = try form.apply(edit(#"{"restore": {"form": "lines", "fields": {}, "items": {}}}"#))
        #expect(again.dropped.isEmpty && again.json["dropped"] == nil)
        #expect(try form.apply(edit(#"{"set": "email", "value": "x@y.z"}"#)).json["dropped"] == nil)
    }

    /// A snapshot that does not decode is named entry by entry, in words, not as Swift's
    /// `DecodingError`.
    @Test(arguments: [
        (#"{"fields": {}, "items": {}}"#, "missing 'form'"),
        (#"{"form": "lines", "items": {}}"#, "missing 'fields'"),
        (#"{"form": "lines", "fields": {}}"#, "missing 'items'"),
        (#"{"form": 3, "fields": {}, "items": {}}"#, "form: must be text"),
        (#"{"form": null, "fields": {}, "items": {}}"#, "form: must be text, not null"),
        (#"{"form": "lines", "fields": [], "items": {}}"#, "fields: must be an object"),
        (#"{"form": "lines", "fields": {"email": {"value": "a"}}, "items": {}}"#, "fields.email: missing 'source'"),
        (#"{"form": "lines", "fields": {"email": 1}, "items": {}}"#, "fields.email: must be an object"),
        (#"{"form": "lines", "fields": {"email": {"value": "a", "source": 1}}, "items": {}}"#, "fields.email.source: must be text"),
        (
            #"{"form": "lines", "fields": {"email": {"value": "a", "source": "user", "cause": []}}, "items": {}}"#,
            "fields.email.cause: must be text"
        ),
        (
            #"{"form": "lines", "fields": {"email": {"value": [1, null], "source": "user"}}, "items": {}}"#,
            "fields.email.value[1]: must be a value (text, a number, true or false, a list, or an object), not null"
        ),
        (#"{"form": "lines", "fields": {}, "items": {"drivers": 1.5}}"#, "items.drivers: must be a whole number"),
        (#"{"form": "lines", "fields": {}, "items": {"drivers": "2"}}"#, "items.drivers: must be a whole number"),
    ])
    func aSnapshotThatDoesNotDecodeIsNamedInWords(_ snapshot: String, _ message: String) throws {
        let error = #expect(throws: FormError.self) { try edit(#"{"restore": \#(snapshot)}"#) }
        expectEqual(error?.message, "'restore' is not a snapshot: " + message)
        let direct = #expect(throws: FormError.self) { try FormSnapshot(json: JSONParser().parse(snapshot)) }
        expectEqual(direct?.message, message)
    }

    /// Docs/cli.md's table of edit lines names every kind of edit FormEdit reads, and no other.
    @Test func theCLIGuideListsEveryKindOfEdit() throws {
        let root = Repository.root
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
        expectEqual(named, FormEdit.kinds)
    }
}
