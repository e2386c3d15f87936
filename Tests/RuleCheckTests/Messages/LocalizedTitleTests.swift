import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `titles: {fa: سن}`: a field's title in other locales, which the messages of a check and of a
/// form, and a form's metadata, use in those locales.
@Suite("A title in several locales")
struct LocalizedTitleTests {
    static let yaml = """
        form: people
        fields:
          - id: age
            type: integer
            title: Age
            titles: {fa: سن, pt: Idade}
            required: true
            min: 0
          - id: city
            title: City
            required: true
        """

    @Test func aCheckNamesTheFieldInItsLocale() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "people.yaml")
        let persian = RecordChecker(rules, today: Fixtures.today, locale: "fa")
        expectEqual(persian.check(["age": "-1", "city": "Tabriz"]).map(\.message), ["«سن» نباید کمتر از ۰ باشد"])
        // `pt-BR` takes its language's title; a locale without one takes `title`.
        let brazilian = RecordChecker(rules, today: Fixtures.today, locale: "pt-BR")
        #expect(brazilian.check(["age": "", "city": "Rio"]).map(\.message).first?.contains("Idade") == true)
        let german = RecordChecker(rules, today: Fixtures.today, locale: "de")
        #expect(german.check(["age": "", "city": "Köln"]).map(\.message).first?.contains("Age") == true)
        // A field without `titles` is named by `title` in every locale.
        expectEqual(persian.check(["age": "3"]).map(\.message), ["پر کردن «City» الزامی است"])
    }

    @Test func aFormShowsAndSaysTheTitleInItsLocale() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "people.yaml")
        var form = Form(rules, today: Fixtures.today, locale: "fa")
        expectEqual(form.metadata("age")?.title, "سن")
        let changes = try form.set("age", text: "-1")
        expectEqual(changes.issues["age"]?.map(\.message), ["«سن» نباید کمتر از ۰ باشد"])
        expectEqual(Form(rules, today: Fixtures.today, locale: "en").metadata("age")?.title, "Age")
        expectEqual(rules.field("age")?.title(in: "fa-IR"), "سن")
        expectEqual(rules.field("age")?.title(in: "ru"), "Age")
    }

    @Test func titlesMustMapLocalesToText() {
        expectEqual(
            Fixtures.diagnostics(
                """
                fields:
                  - id: age
                    titles: Age
                """),
            ["test.yaml:3:13: error: 'titles' must map locales to the title in each ({fa: …, fr: …})"])
        #expect(
            Fixtures.diagnostics(
                """
                fields:
                  - id: age
                    titles: {fa: [a, b]}
                """
            ).first?.contains("title") == true)
    }
}
