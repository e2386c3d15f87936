import RuleCheck
import Testing

/// `FormEdit(json:)`, as `rulecheck replay` reads each line: strictly.
@Suite("FormEdit from JSON")
struct FormEditTests {
    private func edit(_ line: String) throws -> FormEdit {
        try FormEdit(json: JSONParser().parse(line))
    }

    /// The message of the error a line gives, or nil when it reads.
    private func refusal(_ line: String) -> String? {
        do {
            _ = try edit(line)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func everyKindOfEditReads() throws {
        #expect(try edit(#"{"set": "a", "value": 1}"#) == .set("a", .number(1)))
        #expect(try edit(#"{"set": "a", "value": null}"#) == .set("a", .null))
        #expect(try edit(#"{"clear": "a"}"#) == .clear("a"))
        #expect(try edit(#"{"suggest": "a", "value": "x"}"#) == .suggest("a", .string("x")))
        #expect(try edit(#"{"append": "l"}"#) == .append("l"))
        #expect(try edit(#"{"insert": "l", "index": 0}"#) == .insert("l", at: 0))
        #expect(try edit(#"{"remove": "l", "index": 2}"#) == .remove("l", at: 2))
        #expect(try edit(#"{"move": "l", "from": 1, "to": 0}"#) == .move("l", from: 1, to: 0))
        #expect(try edit(#"{"reset": true}"#) == .reset)
    }

    @Test func looseLinesAreRefused() {
        #expect(refusal(#"{"reset": false}"#) == "'reset' must be true")
        #expect(refusal(#"{"reset": 1}"#) == "'reset' must be true")
        #expect(refusal(#"{"set": "a"}"#) == #"a set edit needs a 'value' (to empty a field: {"clear": "a"})"#)
        #expect(refusal(#"{"suggest": "a"}"#) == "a suggest edit needs a 'value'")
        #expect(refusal(#"{"set": "a", "value": 1, "vaule": 2}"#) == "unknown key 'vaule' in a set edit; did you mean 'value'?")
        #expect(refusal(#"{"append": "l", "index": 0}"#) == "unknown key 'index' in a append edit")
        #expect(refusal(#"{"insert": "l"}"#) == "'index' must be an item index (0, 1, …)")
        #expect(
            refusal(#"{"set": "a", "clear": "b"}"#)
                == "an edit needs exactly one of set, clear, suggest, append, insert, remove, move, reset, focus, blur, touch_all, type, page, options, external_issues, restore"
        )
        #expect(
            refusal(#"{}"#)
                == "an edit needs exactly one of set, clear, suggest, append, insert, remove, move, reset, focus, blur, touch_all, type, page, options, external_issues, restore"
        )
        #expect(refusal(#"[1]"#) == #"an edit must be a JSON object such as {"set": "field", "value": …}"#)
    }
}
