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

    /// The README's Swift block, run: the lines between the markers below are the block's, byte
    /// for byte (less `import RuleCheck` and this function's indentation), which
    /// `theSwiftSnippetIsTheReadmes` checks; the expectations after them are what its comments say.
    /// Its rules file is read from the package's root, as `swift test` and `make test` run.
    @Test func theSwiftSnippetDoesWhatItsCommentsSay() throws {
        try #require(FileManager.default.fileExists(atPath: "Rules/signup.yaml"), "the tests run from the package's root")
        // README's Swift block: start
        let rules = try RuleSet(contentsOf: URL(fileURLWithPath: "Rules/signup.yaml"))
        let today = Day(iso: "2026-11-22")!  // or .now, the local date
        var form = Form(rules, today: today)

        let changes = try form.set("phone", to: "+7 (916) 123-45-67")
        print(changes.visible)  // ["code": true]: show the code field
        print(changes.gates)  // ["request_sms": true]: enable the button
        print(form["code"].isRequired)  // true

        let checker = RecordChecker(rules, today: today)  // the batch side, thread-safe
        let violations = checker.check(["email": "a@b.c", "birth_date": "2015-01-01"])
        // README's Swift block: end
        expectEqual(changes.visible, ["code": true])
        expectEqual(changes.gates, ["request_sms": true])
        #expect(form["code"].isRequired)
        #expect(violations.contains { $0.field == "birth_date" && $0.code == .max && $0.message == "You must be 18 or older" })
        #expect(violations.contains { $0.field == "password" && $0.code == .required })
    }

    /// The block `theSwiftSnippetDoesWhatItsCommentsSay` runs is the README's.
    @Test func theSwiftSnippetIsTheReadmes() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\nimport RuleCheck\n\n"))
        let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
        let block = String(readme[start.upperBound..<end.lowerBound])
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let from = try #require(source.range(of: "        // README's Swift block: start\n"))
        let to = try #require(source.range(of: "\n        // README's Swift block: end", range: from.upperBound..<source.endIndex))
        let ran = source[from.upperBound..<to.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0)
        }
        expectEqual(ran.joined(separator: "\n"), block)
        // The rules file it reads is in the repository.
        let path = try #require(block.firstMatch(of: #/fileURLWithPath: "([^"]+)"/#)?.1)
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(String(path)).path))
    }
}
