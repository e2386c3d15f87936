import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The README's examples are real: its rules file compiles cleanly and its Swift snippet does what
/// the comments say.
@Suite("README")
struct ReadmeTests {
    static let root = Repository.root

    @Test func theRulesFileExampleCompilesWithoutWarnings() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```yaml\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let rules = try RuleSet(yaml: String(readme[start.upperBound..<end.lowerBound]), source: "README.md")
        #expect(rules.warnings.isEmpty)
        var form = Form(rules, today: try #require(Day(iso: "2026-11-22")))
        let changes = try form.set("phone", to: "+7 (916) 123-45-67")
        expectEqual(changes.visible, ["code": true])
        expectEqual(changes.gates, ["request_sms": true])
        #expect(
            try form.set("birth_date", to: .date(Day(iso: "2015-01-01")!)).issues["birth_date"]?.map(\.message)
                == ["You must be 18 or older"])
    }

    /// The snippet as the README writes it, but on a fixed day (the README's `.now` and the
    /// checker's default, the local date, would make the birth date's check depend on the clock).
    @Test func theSwiftSnippetDoesWhatItsCommentsSay() throws {
        let rules = try RuleSet(contentsOf: Self.root.appendingPathComponent("Rules/signup.yaml"))
        let today = try #require(Day(iso: "2026-11-22"))
        var form = Form(rules, today: today)
        let changes = try form.set("phone", to: "+7 (916) 123-45-67")
        expectEqual(changes.visible, ["code": true])
        expectEqual(changes.gates, ["request_sms": true])
        #expect(form["code"].isRequired)
        let checker = RecordChecker(rules, today: today)
        let violations = checker.check(["email": "a@b.c", "birth_date": "2015-01-01"])
        #expect(violations.contains { $0.field == "birth_date" && $0.code == .max })
        #expect(violations.contains { $0.field == "password" && $0.code == .required })
    }
}
