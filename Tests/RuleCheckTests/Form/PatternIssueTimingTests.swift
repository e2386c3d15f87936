import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A pattern's issue shows when the user leaves the field (or submits), not from the first
/// letter typed — unless the text can no longer match.
@Suite("Form: when a pattern's issue shows")
struct PatternIssueTimingTests {
    static let yaml = #"""
        form: signup
        fields:
          - id: mobile
            title: Mobile
            pattern: '^09[0-9]{9}$'
            digits: fold
          - id: nick
            title: Nickname
            max_length: 4
            checks:
              - pattern: '^[a-z]+$'
        """#

    private func codes(_ issues: [FieldIssue]) -> [String] { issues.map(\.code.rawValue) }

    /// Per locale, the key strokes of a phone: no issue shows while typing a beginning, it shows
    /// on leaving; a text that can no longer match shows at once.
    @Test(arguments: MessageLocale.builtIn)
    func aBeginningIsNotAnErrorUntilTheFieldIsLeft(_ locale: String) throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "signup.yaml"), today: Day(iso: "2026-11-22")!, locale: locale)
        try form.focus("mobile")
        for typed in ["0", "09", "0912", "۰۹۱۲"] {
            try form.type("mobile", text: typed)
            expectEqual(codes(form["mobile"].issues), ["pattern"], "\(typed)")
            expectEqual(form["mobile"].shownIssues, [], "\(typed)")
        }
        let left = try form.blur("mobile")
        expectEqual(codes(form["mobile"].shownIssues), ["pattern"])
        expectEqual(left.shownIssues["mobile"].map(codes), ["pattern"])
        try form.focus("mobile")
        try form.type("mobile", text: "08")
        expectEqual(codes(form["mobile"].shownIssues), ["pattern"])
        // Submitting shows a beginning's issue too.
        try form.type("mobile", text: "091")
        expectEqual(form["mobile"].shownIssues, [])
        form.touchAll()
        expectEqual(codes(form["mobile"].shownIssues), ["pattern"])
    }

    @Test func aChecksPatternAndALengthFollowTheSameRule() throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "signup.yaml"), today: Day(iso: "2026-11-22")!)
        try form.focus("nick")
        try form.type("nick", text: "ab1")
        expectEqual(codes(form["nick"].shownIssues), ["pattern"])
        try form.type("nick", text: "abcde")
        expectEqual(codes(form["nick"].shownIssues), ["max_length"])
    }
}
