@testable import RuleCheck
import Testing

/// One field `f` with the given rule keys, given one value: what a form and the record checker
/// report, as `code | message | rule`. Both go through the one evaluation step, so they must
/// agree; each per-rule-kind suite uses this to hold a field's own key and the same rule in
/// `checks:` to the same codes, messages and rules as written.
enum RuleProbe {
    /// `keys`: the field's lines after `type:` (each indented by four spaces in the file).
    static func failures(
        type: String, _ keys: String, value: String, extraFields: String = "",
        locale: String = "en", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let yaml = """
            form: probe
            defaults:
              date_format: dd.MM.yyyy
            fields:
              - id: f
                type: \(type)
            \(keys.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
            \(extraFields)
            """
        let rules = try RuleSet(yaml: yaml, source: "probe.yaml")
        let violations = RecordChecker(rules, today: Fixtures.today, locale: locale).check(["f": value])
            .filter { $0.field == "f" }
        var form = Form(rules, today: Fixtures.today, locale: locale)
        try form.set("f", text: value)
        let batch = violations.map { "\($0.code.rawValue) | \($0.message) | \($0.rule)" }
        let edited = form["f"].issues.map { "\($0.code.rawValue) | \($0.message) | \($0.rule)" }
        #expect(batch == edited, "the form and the record checker disagree", sourceLocation: sourceLocation)
        return batch
    }

    /// The failures of `rule` (one line: `min_length: 3`) written as the field's own key and as
    /// its one check, which must be the same.
    static func asKeyAndAsCheck(
        type: String, _ rule: String, value: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let key = try failures(type: type, rule, value: value, sourceLocation: sourceLocation)
        let check = try failures(type: type, "checks:\n  - " + rule, value: value, sourceLocation: sourceLocation)
        #expect(key == check, "a key and a check disagree", sourceLocation: sourceLocation)
        return key
    }
}
