import Foundation
import RuleCheck

/// Compiles the text as a rules file; when it compiles, uses it: a form, a few edits, a record.
func fuzzRulesFile(_ text: String) {
    guard let rules = try? RuleSet(yaml: text, source: "fuzz.yaml") else { return }
    var form = Form(rules, today: Day(year: 2026, month: 11, day: 22) ?? .now)
    for field in rules.fields.prefix(8) {
        _ = try? form.set(field.path, text: "1")
        _ = try? form.append(field.path)
        _ = form.explain(field.path)
    }
    let checker = RecordChecker(rules, today: form.today)
    _ = checker.check(Dictionary(rules.fields.map { ($0.path, "x") }, uniquingKeysWith: { a, _ in a }))
    _ = rules.graph(.dot)
}
