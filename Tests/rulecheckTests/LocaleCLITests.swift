import Foundation
import Testing
import _RuleCheckTestSupport

/// `--locale` on the command line: messages in the eight built-in locales, and a locale without
/// built-in messages named on standard error with its fallback, by every command that takes one.
extension CLITests {
    static let localeRules = "form: f\nfields:\n  - {id: age, title: Age, type: integer, max: 3}\n"

    @Test func anUnknownLocaleIsAWarningNamingTheFallback() throws {
        let rules = try temporary(Self.localeRules, "yaml")
        let input = try temporary("age\n5\n", "csv")
        let run = try rulecheck(["check", "--rules", rules, input, "--locale", "pt-BR", "--format", "jsonl"])
        expectEqual(run.status, 1)
        #expect(run.stdout.contains(#""message":"Age must be at most 3""#))
        expectEqual(run.stderr, "rulecheck: warning: no built-in messages for locale 'pt-BR'; they are in English (en)\n")
        let traditional = try rulecheck(["check", "--rules", rules, input, "--locale", "zh-TW", "--format", "jsonl"])
        #expect(traditional.stdout.contains(#"“Age”不能大于 3"#))
        #expect(traditional.stderr.contains("they are in Simplified Chinese (zh-Hans)"))

        let edits = try temporary(#"{"set": "age", "value": 5}"# + "\n", "jsonl")
        let replay = try rulecheck(["replay", rules, edits, "--locale", "xx"])
        expectEqual(replay.status, 0)
        expectEqual(replay.stderr, "rulecheck: warning: no built-in messages for locale 'xx'; they are in English (en)\n")

        let server = try Server(["serve", rules, "--port", "0", "--no-access-log", "--locale", "pt"])
        #expect(server.banner().hasPrefix("rulecheck serve: f at http://127.0.0.1:"))
        let (status, stderr) = server.stop()
        expectEqual(status, 0)
        expectEqual(stderr, "rulecheck: warning: no built-in messages for locale 'pt'; they are in English (en)\n")
    }

    /// Each built-in locale, with the locale's own digits; no warning.
    @Test(arguments: [
        ("fa", "«Age» نباید بیشتر از ۳ باشد"),
        ("fa-u-nu-latn", "«Age» نباید بیشتر از 3 باشد"),
        ("ar-SA", "يجب ألا تزيد قيمة «Age» على ٣"),
        ("de", "„Age“ darf höchstens 3 sein"),
        ("fr-FR", "La valeur du champ «\u{A0}Age\u{A0}» doit être inférieure ou égale à 3"),
        ("es", "El valor de «Age» debe ser menor o igual que 3"),
        ("zh-Hans", "“Age”不能大于 3"),
        ("ru", "Значение поля «Age» должно быть не больше 3"),
    ])
    func checkSpeaksTheLocale(_ locale: String, _ message: String) throws {
        let rules = try temporary(Self.localeRules, "yaml")
        let input = try temporary("age\n5\n", "csv")
        let run = try rulecheck(["check", "--rules", rules, input, "--locale", locale, "--format", "json"])
        expectEqual(run.status, 1)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let violations = report?["violations"] as? [[String: Any]]
        expectEqual(violations?.first?["message"] as? String, message)
        expectEqual(run.stderr, "")
    }
}

extension CLITests {
    /// `defaults.locale: fa` is the locale of `check` and `replay` when `--locale` names none.
    @Test func theRulesOwnLocaleIsTheDefault() throws {
        let rules = try temporary("form: f\ndefaults: {locale: fa}\nfields:\n  - {id: age, title: سن, type: integer, max: 3}\n", "yaml")
        let input = try temporary("age\n5\n", "csv")
        let run = try rulecheck(["check", "--rules", rules, input, "--format", "jsonl"])
        #expect(run.stdout.contains(#""message":"«سن» نباید بیشتر از ۳ باشد""#))
        expectEqual(run.stderr, "")
        let english = try rulecheck(["check", "--rules", rules, input, "--format", "jsonl", "--locale", "en"])
        #expect(english.stdout.contains(#""message":"سن must be at most 3""#))
        let broken = try temporary("form: f\ndefaults: {locale: 'fa IR'}\nfields:\n  - {id: age}\n", "yaml")
        let lint = try rulecheck(["lint", broken])
        expectEqual(lint.status, 2)
        #expect(lint.stdout.contains("locale must be a BCP 47 locale such as fa, fa-IR or ar-SA, not 'fa IR'"))
    }
}
