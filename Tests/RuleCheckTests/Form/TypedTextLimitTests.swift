@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// What `type` does with text longer than it reads: a refusal, never a silent cut.
@Suite("Typed text: its limit")
struct TypedTextLimitTests {
    func form(_ fields: String) throws -> Form {
        Form(try RuleSet(yaml: "form: f\nfields:\n" + fields, source: "f.yaml"), today: Fixtures.today)
    }

    /// Issue 38, item 12: typed text was cut at 512 characters, with state `complete` and no
    /// issue. Now longer text is refused (`text_too_long`) and the field keeps its value.
    @Test func textPastTheLimitIsRefusedNotCut() throws {
        var form = try form("  - id: note\n    type: text\n")
        try form.type("note", text: String(repeating: "a", count: Form.maxTypedScalars))
        expectEqual(form["note"].value, .text(String(repeating: "a", count: Form.maxTypedScalars)))
        do {
            try form.type("note", text: String(repeating: "b", count: Form.maxTypedScalars + 1))
            Issue.record("a text past the limit was taken")
        } catch {
            expectEqual(error.code, .textTooLong)
            expectEqual(error.message, "'note': 513 characters were typed at once; at most 512 are read (set the value instead)")
        }
        expectEqual(form["note"].value, .text(String(repeating: "a", count: Form.maxTypedScalars)), "unchanged")
    }

    /// A mask of more than 512 positions could never be completed by typing. Its length is the limit.
    @Test func aMaskLongerThanTheLimitCanBeTypedToItsEnd() throws {
        let mask = String(repeating: "0", count: 600)
        var form = try form("  - id: code\n    type: text\n    mask: '\(mask)'\n")
        try form.type("code", text: String(repeating: "7", count: 600))
        expectEqual(form.input("code")?.state, .complete)
        expectEqual(form["code"].issues.map(\.code), [])
    }
}
