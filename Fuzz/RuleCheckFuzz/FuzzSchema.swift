import Foundation
import RuleCheck

/// Imports the bytes as a JSON Schema — as an app does with what its server sends — and, when it
/// imports, exports it again and uses it: a form with a few edits, a record checked.
func fuzzSchema(_ bytes: [UInt8]) {
    guard let imported = try? RuleSet.importing(jsonSchema: Data(bytes), source: "fuzz.schema.json") else { return }
    let rules = imported.rules
    _ = rules.jsonSchema(draft: .draft2020)
    _ = rules.uiSchema(.jsonForms)
    var form = Form(rules, today: Day(year: 2026, month: 11, day: 22) ?? .now)
    for field in rules.fields.prefix(8) {
        _ = try? form.set(field.path, text: "1")
        _ = form.explain(field.path)
    }
    let checker = RecordChecker(rules, today: form.today)
    _ = checker.check(Dictionary(rules.fields.map { ($0.path, "x") }, uniquingKeysWith: { a, _ in a }))
}
