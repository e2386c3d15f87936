import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Issue 38, item 14: U+FEFF at the start of a quoted YAML scalar — escaped (`"\uFEFF"`,
/// `"\U0000FEFF"`) or written as itself — is part of the text. Yams reads scalars through
/// Foundation, which drops a leading U+FEFF as a byte order mark; the rules file reader puts it
/// back, so an option of a cell holding only U+FEFF survives, and `"\uFEFFx"` stays two characters.
@Suite("A leading U+FEFF in a YAML scalar")
struct ByteOrderMarkScalarTests {
    @Test func optionsKeepALeadingByteOrderMark() throws {
        let yaml = """
            form: b
            fields:
              - id: v
                type: choice
                options:
                  - value: "\\uFEFF"
                  - value: "\\uFEFFx"
                  - value: "a\\uFEFF"
                  - value: "\\U0000feff\\ufeffy"
                  - value: '\u{FEFF}z'
                  - value: a

            """
        let rules = try RuleSet(yaml: yaml, source: "b.yaml")
        let values = rules.fields.first { $0.path == "v" }?.options.map(\.value)
        expectEqual(
            values,
            [.text("\u{FEFF}"), .text("\u{FEFF}x"), .text("a\u{FEFF}"), .text("\u{FEFF}\u{FEFF}y"), .text("\u{FEFF}z"), .text("a")])
    }

    /// A title that starts with an escaped U+FEFF keeps it too; plain text is as it was.
    @Test func otherScalarsKeepItToo() throws {
        let rules = try RuleSet(yaml: "form: b\nfields:\n  - id: v\n    title: \"\\uFEFFName\"\n", source: "b.yaml")
        expectEqual(rules.fields.first?.title, "\u{FEFF}Name")
    }
}
