@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("Messages")
struct MessageBuilderTests {
    private func fill(_ template: String) -> String {
        MessageBuilder.fill(template) { ["title": "Имя", "n": "3", "empty": ""][$0] }
    }

    @Test(arguments: [
        ("{title} is required", "Имя is required"),
        ("«{title}»: {n} из {n}", "«Имя»: 3 из 3"),
        ("no placeholders", "no placeholders"),
        ("{unknown} stays, {title} does not", "{unknown} stays, Имя does not"),
        ("Use {title} as in {x", "Use Имя as in {x"),
        ("{", "{"),
        ("}{title}{", "}Имя{"),
        ("{{title}}", "{{title}}"),
        ("[{empty}]", "[]"),
        ("é\u{301}{title}\u{301}", "é\u{301}Имя\u{301}"),
    ])
    func placeholders(_ template: String, _ expected: String) {
        expectEqual(fill(template), expected)
    }
}

@Suite("Messages in every locale")
struct LocalizedMessagesTests {
    static let yaml = """
        form: shop
        fields:
          - id: age
            type: integer
            title: Возраст
          - id: kind
            type: choice
            options: [person, company]
          - id: born
            type: date
          - id: total
            type: integer
            value: age * 2
        """

    /// `--locale ru` says everything in Russian, `{expected}` included.
    @Test func russianMessagesHaveNoEnglishInThem() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "shop.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today, locale: "ru")
        let messages = checker.check(["age": "1.5", "kind": "robot", "born": "31.02.2020", "total": "7", "extra": "x"])
            .map(\.message)
        expectEqual(
            messages,
            [
                "«extra» — такого поля в правилах нет", "«Возраст»: «1.5» — ожидается целое число",
                "«kind»: значения «robot» нет среди вариантов", "«born»: «31.02.2020» — ожидается дата в формате yyyy-MM-dd",
                "В поле «total» «7», а по правилам оно пустое (не заполнены исходные поля)",
            ])
        let json = checker.check(json: ["age": "1", "born": 5]).violations.map(\.message)
        expectEqual(
            json, ["«Возраст»: «1» — ожидается целое JSON-число", "«born»: «5» — ожидается дата JSON-строкой в формате yyyy-MM-dd"])
    }

    /// A locale with no built-in messages falls back to English; a region falls back to its language.
    @Test func localesFallBack() throws {
        let rules = try RuleSet(yaml: "form: f\nfields:\n  - id: n\n    type: number\n", source: "f.yaml")
        expectEqual(RecordChecker(rules, today: Fixtures.today, locale: "pt").check(["n": "x"]).map(\.message), ["n: 'x' is not a number"])
        expectEqual(
            RecordChecker(rules, today: Fixtures.today, locale: "ru-RU").check(["n": "x"]).map(\.message), ["«n»: «x» — ожидается число"])
    }

    /// Findings about a file or a record have built-in messages in every locale too.
    @Test func findingsAreLocalised() throws {
        let rules = try RuleSet(yaml: "form: f\nfields:\n  - id: n\n    type: number\n", source: "f.yaml")
        let english = RecordChecker(rules, today: Fixtures.today)
        let russian = RecordChecker(rules, today: Fixtures.today, locale: "ru")
        let findings: [RecordChecker.Finding] = [
            .unknownColumn("c"), .duplicateColumn("c"), .unknownKey("k"),
            .duplicateKey("k"), .malformed("bad quote"), .unreadableHeader("cell 1 is not UTF-8"),
        ]
        #expect(
            findings.map { english.violation(for: $0).message } == [
                "'c' is not a field of the rules",
                "column 'c' appears more than once; the first is used",
                "'k' is not a field of the rules",
                "key 'k' appears more than once in the object; the last value is checked",
                // The reader's own words, as English output always showed them.
                "bad quote",
                "cannot read the header: cell 1 is not UTF-8; no record of this file is checked",
            ])
        for finding in findings {
            let message = russian.violation(for: finding).message
            #expect(message.unicodeScalars.contains { ("а"..."я").contains($0) }, "\(message)")
        }
    }
}
