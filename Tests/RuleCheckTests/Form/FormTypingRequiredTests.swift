import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Text typed so far that is not a value yet (a partial date, `12.` in a number field) leaves the
/// field empty in the engine — but not less required: a screen's `*` must not flicker while the
/// user types.
@Suite("Form: typing keeps required-ness")
struct FormTypingRequiredTests {
    static let yaml = """
        form: typing
        defaults:
          date_format: dd.MM.yyyy
        fields:
          - id: birth_date
            type: date
            required: true
          - id: power
            type: number
            required: true
        """

    @Test(arguments: [("birth_date", "01.05.19"), ("birth_date", "31.02.2020"), ("power", "12a")])
    func aRequiredFieldStaysRequiredWhileItsTextIsNoValue(path: String, text: String) throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "typing.yaml"), today: Day(iso: "2026-11-22")!)
        #expect(form[path].isRequired)
        try form.focus(path)
        let changes = try form.type(path, text: text)
        expectEqual(form[path].value, nil)
        #expect(form[path].isRequired, "typing '\(text)' made \(path) not required")
        expectEqual(changes.required[path], nil, "the ChangeSet reports a required-ness that did not change")
    }
}
