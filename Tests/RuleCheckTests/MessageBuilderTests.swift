@testable import RuleCheck
import Testing

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
        #expect(fill(template) == expected)
    }
}
