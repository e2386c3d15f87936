import Foundation
import Testing
import _RuleCheckTestSupport

/// `{"restore": SNAPSHOT}` lines of `rulecheck replay`: a draft saved under older rules keeps what
/// fits, and the line says what was dropped; a snapshot that does not decode is named in words.
@Suite("rulecheck replay: restoring drafts")
struct ReplayRestoreCLITests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static let rules = "form: people\nfields:\n  - id: name\n    type: text\n  - id: kind\n    type: choice\n    options: [a, b]\n"

    @Test func aDraftOfOlderRulesKeepsWhatFitsAndSaysWhatWasDropped() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let edits = """
            {"restore": {"form": "people", "fields": {"fax": {"value": "1", "source": "user"}, "name": {"value": "Ann", "source": "user"}, "kind": {"value": "c", "source": "user"}}, "items": {}}}
            {"restore": {"form": "people", "fields": {"name": {"value": "Bob"}}, "items": {}}}
            {"restore": {"form": "other", "fields": {}, "items": {}}}
            """
        let run = try CLI.runProcess(["replay", rules, "-", "--today", "2026-11-22"], stdin: edits + "\n")
        expectEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"dropped":[{"message":"the snapshot has a value for 'fax', which these rules do not have","path":"fax"},"#
                    + #"{"message":"the snapshot's value of 'kind' is not one of the options","path":"kind"}],"#
                    + #""enabled":{},"gates":{},"issues":{},"required":{},"sections":{},"values":{"name":"Ann"},"visible":{}}"#,
                #"{"error":"line 2: 'restore' is not a snapshot: fields.name: missing 'source'"}"#,
                #"{"error":"line 3: the snapshot is of form 'other', not 'people'"}"#,
            ])
    }
}
