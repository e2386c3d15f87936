@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A value of a field's type is the same thing in a form and in a record (issue 23, item 2): each
/// (field, value) case below is set in a form (`set(_:to:)`) and checked as a JSON record holding
/// the same value (`Value.json`, dates as `yyyy-MM-dd`, the rules' date format); both must accept
/// it, or both refuse it. Each case also says which of the two answers is right, so that agreeing
/// on the wrong answer fails too.
@Suite("Form: a value's type is judged as a record's is")
struct FormValueTypeAgreementTests {
    static let rules = """
        form: t
        fields:
          - {id: t, type: text}
          - {id: n, type: number}
          - {id: i, type: integer}
          - {id: d, type: date}
          - {id: b, type: bool}
          - {id: c, type: choice, options: [a, b]}
          - {id: cn, type: choice, options: [1, 2]}
          - {id: cb, type: choice, options: [true]}
          - {id: m, type: multi_choice, options: [a, b]}
          - {id: vt, type: values}
          - {id: vi, type: values, item_type: integer}
          - {id: vd, type: values, item_type: date}
          - {id: vb, type: values, item_type: bool}
          - {id: vj, type: values, item_type: json, json_types: [string]}
          - {id: j, type: json, json_types: [string, integer]}
          - {id: ja, type: json}
          - {id: ar, type: choice, letters: arabic_variants, options: [کرج, تهران]}
          - {id: mar, type: multi_choice, letters: arabic_variants, options: [کرج, تهران]}
        """

    static let day = Value.date(Day(year: 2026, month: 3, day: 1)!)

    /// (field, value, accepted)
    static let cases: [(String, Value, Bool)] = [
        ("t", "abc", true), ("t", 5, false), ("t", true, false), ("t", ["a"], false),
        ("n", 5, true), ("n", 2.5, true), ("n", "5", false), ("n", true, false),
        // Integer vs decimal: a whole-number decimal (2.0) is whole.
        ("i", 2, true), ("i", 2.0, true), ("i", 2.5, false), ("i", "2", false),
        ("d", day, true), ("d", 20_260_301, false), ("d", true, false),
        ("b", true, true), ("b", false, true), ("b", "true", false), ("b", 1, false),
        ("c", "a", true), ("c", "z", false), ("c", 1, false), ("c", ["a"], false),
        ("cn", 1, true), ("cn", 2.0, true), ("cn", 3, false), ("cn", "1", false),
        ("cb", true, true), ("cb", false, false), ("cb", "true", false),
        ("m", ["a", "b"], true), ("m", ["a", "z"], false), ("m", "a", false), ("m", [1], false),
        ("vt", ["x", "y"], true), ("vt", [1], false), ("vt", "x", false),
        ("vi", [1, 2], true), ("vi", [1, 2.0], true), ("vi", [1.5], false), ("vi", ["1"], false),
        ("vd", [day], true), ("vd", [true], false),
        ("vb", [true, false], true), ("vb", ["yes"], false),
        // A json item type is held to json_types, as the field's own value is.
        ("vj", ["x"], true), ("vj", [1], false), ("vj", [true], false),
        ("j", "x", true), ("j", 3, true), ("j", 3.0, true), ("j", 3.5, false), ("j", true, false),
        ("j", .structured(.array([])), false),
        ("ja", .structured(.object(["k": .number(1)])), true), ("ja", false, true),
        // letters: arabic_variants: كرج (Arabic kaf) names the option کرج (Persian keheh).
        ("ar", "كرج", true), ("ar", "کرج", true), ("ar", "قم", false),
        ("mar", ["كرج", "تهران"], true), ("mar", ["قم"], false),
    ]

    @Test func theFormAndTheRecordCheckerAcceptTheSameValues() throws {
        let rules = try RuleSet(yaml: Self.rules, source: "t.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today)
        var disagreements: [String] = []
        for (field, value, accepted) in Self.cases {
            var form = Form(rules, today: Fixtures.today)
            let byForm = (try? form.set(field, to: value)) != nil
            let violations = checker.check(json: [field: value.json]).violations
            let byRecord = !violations.contains { $0.field == field && ($0.code == .type || $0.code == .option) }
            if byForm != accepted || byRecord != accepted {
                disagreements.append("\(field) = \(value.json): form \(byForm), record \(byRecord), expected \(accepted)")
            }
        }
        expectEqual(disagreements, [])
    }

    /// The form keeps the value as a record's reader reads it: the option's own value for a
    /// letter variant, a whole number for an integer.
    @Test func theFormKeepsWhatTheRecordReaderReads() throws {
        let rules = try RuleSet(yaml: Self.rules, source: "t.yaml")
        var form = Form(rules, today: Fixtures.today)
        try form.set("ar", to: "كرج")
        expectEqual(form["ar"].value, "کرج")
        try form.set("mar", to: ["كرج"])
        expectEqual(form["mar"].value, ["کرج"])
        try form.set("d", to: Self.day)
        expectEqual(form["d"].value, Self.day)
    }
}
