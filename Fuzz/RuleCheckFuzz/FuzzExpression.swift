import RuleCheck

/// Fields of every type for expressions to read, as a JSON rules file (the expression is a JSON
/// string there, so no text can break out of it).
private let fieldsJSON = #"""
    {"id": "n", "type": "number"}, {"id": "i", "type": "integer"}, {"id": "t"}, {"id": "d", "type": "date"},
    {"id": "b", "type": "bool"}, {"id": "c", "type": "choice", "options": ["a", "b"]},
    {"id": "tags", "type": "multi_choice", "options": ["a", "b"]},
    {"id": "items", "type": "list", "item": [{"id": "x", "type": "number"}]}
    """#

/// The input is one expression. It is compiled as a condition and as the value of a field of each
/// type (parser, type checker, the integer rule), and where it compiles it is evaluated: in a form
/// after a few edits, and by the record checker on a record. Whatever the text, parsing stops at
/// the nesting limit with an error, never by exhausting the stack.
func fuzzExpression(_ text: String) {
    let today = Day(year: 2026, month: 11, day: 22) ?? .now
    let expression = JSONWriter.quoted(text)
    let roles = [
        #"{"id": "r", "visible_if": \#(expression)}"#,
        #"{"id": "r", "type": "number", "value": \#(expression)}"#,
        #"{"id": "r", "type": "integer", "value": \#(expression)}"#,
        #"{"id": "r", "type": "text", "value": \#(expression)}"#,
        #"{"id": "r", "type": "date", "value": \#(expression)}"#,
        #"{"id": "r", "type": "bool", "value": \#(expression)}"#,
        #"{"id": "r", "type": "number", "min": \#(expression), "checks": [{"expr": \#(expression)}]}"#,
    ]
    for role in roles {
        let json = #"{"form": "fuzz", "fields": [\#(fieldsJSON), \#(role)]}"#
        guard let rules = try? RuleSet(bytes: Array(json.utf8), source: "fuzz.json") else { continue }
        var form = Form(rules, today: today)
        _ = try? form.set("n", to: .number(2.5))
        _ = try? form.set("i", to: .number(-3))
        _ = try? form.set("t", to: .text("ёж"))
        _ = try? form.set("d", to: .date(today))
        _ = try? form.set("b", to: .bool(true))
        _ = try? form.set("tags", to: .list([.text("a")]))
        _ = try? form.append("items")
        _ = form.explain("r")
        let checker = RecordChecker(rules, today: today)
        _ = checker.check(["n": "1e3", "i": "7", "t": "", "d": "2024-02-29", "b": "yes", "c": "a", "r": "1"])
    }
}
