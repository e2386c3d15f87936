import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Numbers typed as a locale writes them: the number a message shows is read back, a beginning
/// is partial, and with no locale a text only a locale reads (`1,200`) is a finding.
@Suite("Form: numbers in the locale")
struct LocaleNumberInputTests {
    static let yaml = """
        form: flat
        fields:
          - id: area
            title: Area
            type: number
            min: 10.5
          - id: price
            title: Price
            type: integer
        """

    private func form(_ locale: String?, yaml: String = Self.yaml) throws -> Form {
        Form(try RuleSet(yaml: yaml, source: "flat.yaml"), today: Day(iso: "2026-11-22")!, locale: locale)
    }

    /// The bound a message shows, in the locale's digits and signs (`۱۰٫۵`, `10,5`), typed back,
    /// is the bound; a little more is valid.
    @Test(arguments: MessageLocale.builtIn + ["ar-SA", "ar-MA", "fa-u-nu-latn"])
    func theNumberAMessageShowsIsReadBack(_ locale: String) throws {
        var form = try form(locale)
        for (written, value) in [("10.5", 10.5), ("12.5", 12.5), ("-2.25", -2.25), ("1234567.5", 1234567.5)] {
            let typed = MessageLocale(locale).number(written)
            try form.type("area", text: typed)
            expectEqual(form["area"].value, .number(value), "\(locale): \(typed)")
            expectEqual(form.input("area")?.text, typed)
        }
        try form.type("area", text: MessageLocale(locale).number("10.5"))
        expectEqual(form["area"].issues.map(\.code.rawValue), [])
        try form.type("area", text: MessageLocale(locale).number("10.25"))
        expectEqual(form["area"].issues.map(\.code.rawValue), ["min"])
    }

    /// The issue's own example: `۱۲٫۵` in Persian, `۵۰۰٬۰۰۰` grouped, `١٢٫٥` in Arabic, and the
    /// French, German and Russian ways, each in its own locale.
    @Test(arguments: [
        ("fa", "۱۲٫۵", 12.5), ("fa", "۵۰۰٬۰۰۰", 500_000), ("ar", "١٢٫٥", 12.5), ("ar-SA", "١٬٢٠٠٫٥", 1200.5),
        ("fr", "12,5", 12.5), ("de", "12,5", 12.5), ("ru", "12,5", 12.5), ("fr", "1\u{202F}200", 1200),
        ("ru", "1\u{A0}200", 1200), ("de", "1.200,5", 1200.5), ("es", "1.200,5", 1200.5), ("en", "1,200.5", 1200.5),
        ("zh-Hans", "1,200.5", 1200.5), ("ar-MA", "12,5", 12.5),
    ])
    func theIssuesExamples(_ locale: String, _ text: String, _ value: Double) throws {
        var form = try form(locale)
        try form.type("area", text: text)
        expectEqual(form["area"].value, .number(value))
        expectEqual(form["area"].issues.filter { $0.code == .type }, [])
    }

    /// `1.200` is 1200 in German and Spanish, 1.2 in English: the locale's reading wins where the
    /// two differ; plain decimal is read where the locale reads nothing (`12.5` in German).
    @Test func theLocalesReadingWinsOverPlainDecimal() throws {
        var german = try form("de")
        try german.type("area", text: "1.200")
        expectEqual(german["area"].value, .number(1200))
        try german.type("area", text: "12.5")
        expectEqual(german["area"].value, .number(12.5))
        var english = try form("en")
        try english.type("area", text: "1.200")
        expectEqual(english["area"].value, .number(1.2))
        // A grouping sign between groups other than three digits is not a number.
        for text in ["12.00,5", "1,2,3", "1.2.3"] {
            try german.type("area", text: text)
            expectEqual(german["area"].value, nil, "de: \(text)")
        }
    }

    /// A beginning of a number as the locale writes it is partial, not an error, while typing.
    @Test(arguments: [("fr", "12,"), ("fr", "1 2"), ("de", "12."), ("fa", "۱۲٫"), ("ar", "-"), ("ru", "1\u{A0}20")])
    func aBeginningIsPartial(_ locale: String, _ text: String) throws {
        var form = try form(locale)
        try form.focus("area")
        try form.type("area", text: text)
        expectEqual(form.input("area")?.state, .partial)
        expectEqual(form["area"].shownIssues, [])
    }

    /// With no locale given (none to the form, none in the rules), `1,200` is no number and
    /// the issue says why; plain decimal is read.
    @Test func withoutALocaleACommaIsAFindingNeverAnotherNumber() throws {
        var form = try form(nil)
        try form.type("area", text: "1,200")
        expectEqual(form["area"].value, nil)
        let issue = try #require(form["area"].issues.first)
        expectEqual(issue.code.rawValue, "type")
        expectEqual(
            issue.message,
            "Area: '1,200' is not a number in plain decimal such as 1200.5 (no locale is given to read a comma or a space in it)")
        try form.type("price", text: "1 200")
        expectEqual(form["price"].issues.first?.code.rawValue, "type")
        #expect(form["price"].issues.first?.message.contains("whole number in plain decimal such as 1200") == true)
        try form.type("area", text: "1200.5")
        expectEqual(form["area"].value, .number(1200.5))
        #expect(throws: FormError.self) { try form.set("area", text: "12,5") }

        let checker = RecordChecker(form.rules, today: Day(iso: "2026-11-22")!)
        let violations = checker.check(["area": "12,5"])
        expectEqual(violations.map(\.code.rawValue), ["type"])
        #expect(violations.first?.message.contains("no locale is given") == true)
    }

    /// The rules' `defaults.locale` is the locale of numbers when the form is given none.
    @Test func theRulesOwnLocaleReadsTheNumbers() throws {
        let persian = Self.yaml.replacingOccurrences(of: "form: flat\n", with: "form: flat\ndefaults: {locale: fa}\n")
        var form = try form(nil, yaml: persian)
        try form.type("price", text: "۵۰۰٬۰۰۰")
        expectEqual(form["price"].value, .number(500_000))
        let checker = RecordChecker(form.rules, today: Day(iso: "2026-11-22")!)
        expectEqual(checker.check(["price": "۵۰۰٬۰۰۰", "area": "۱۲٫۵"]), [])
    }

    /// `number()` reads a text field with the same reader as a number field, in the form's
    /// locale: a text field that holds an amount computes a number, typed or checked.
    static let amountAsText = """
        form: import
        fields:
          - id: amount_text
            title: Amount as written
            type: text
          - id: amount
            title: Amount
            type: number
            value: number(amount_text)
          - id: total
            title: Total
            type: number
            checks:
              - expr: number(amount_text) == null or number(amount_text) <= 1000
                message: at most 1000
        """

    @Test(arguments: [
        ("fr", "12,5", 12.5), ("de", "1.200,5", 1200.5), ("fa", "۵۰۰٬۰۰۰", 500_000), ("ar", "١٢٫٥", 12.5),
        ("ru", "1\u{A0}200", 1200), ("en", "1,200.5", 1200.5), ("es", "3.5", 3.5), ("zh-Hans", "-7", -7),
    ])
    func numberReadsTextAsTheFormsLocaleWritesIt(_ locale: String, _ text: String, _ value: Double) throws {
        var form = try form(locale, yaml: Self.amountAsText)
        try form.type("amount_text", text: text)
        expectEqual(form["amount"].value, .number(value), "\(locale): \(text)")
        let checker = RecordChecker(form.rules, today: Day(iso: "2026-11-22")!, locale: locale)
        let violations = checker.check(["amount_text": text, "total": "1"])
        expectEqual(violations.map(\.code.rawValue), value <= 1000 ? [] : ["check"], "\(locale): \(text)")
    }

    /// Without a locale, `1,200` is no number for `number()` either: null, never 1200 or 1.2.
    @Test func numberOfATextOnlyALocaleReadsIsNull() throws {
        var form = try form(nil, yaml: Self.amountAsText)
        for text in ["1,200", "12,5", "abc", ""] {
            try form.type("amount_text", text: text)
            expectEqual(form["amount"].value, nil, "\(text)")
        }
        try form.type("amount_text", text: "1200.5")
        expectEqual(form["amount"].value, .number(1200.5))
    }
}
