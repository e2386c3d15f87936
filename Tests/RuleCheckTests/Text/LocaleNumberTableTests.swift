import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Docs/locales.md's table of what each locale accepts as a number: every example typed into a
/// `Form` in that locale (the text kept as typed, the canonical number stored) and read as a
/// record's text by a `RecordChecker` in that locale.
@Suite("Locale numbers: the table of Docs/locales.md")
struct LocaleNumberTableTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let locale: String
        let text: String
        let value: Double
        var testDescription: String { "\(locale): \(text) → \(value)" }
    }

    /// The rows between `<!-- locale-numbers: begin -->` and `end`: `` `TEXT` → VALUE `` pairs.
    static let examples: [Example] = {
        guard let text = try? String(contentsOf: Repository.file("Docs/locales.md"), encoding: .utf8),
            let begin = text.range(of: "<!-- locale-numbers: begin -->"),
            let end = text.range(of: "<!-- locale-numbers: end -->")
        else { return [] }
        var examples: [Example] = []
        for row in text[begin.upperBound..<end.lowerBound].split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let locale = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            // `TEXT` → VALUE, separated by ", " outside the backquotes.
            var rest = Substring(cells[3])
            while let open = rest.firstIndex(of: "`") {
                let afterOpen = rest.index(after: open)
                guard let close = rest[afterOpen...].firstIndex(of: "`") else { break }
                let typed = String(rest[afterOpen..<close])
                var tail = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "→" }
                let number = tail.prefix { $0 != "," }
                tail = tail.dropFirst(number.count)
                if let value = Double(number.trimmingCharacters(in: .whitespaces)) {
                    examples.append(Example(locale: locale, text: typed, value: value))
                }
                rest = tail
            }
        }
        return examples
    }()

    static let rules = try? RuleSet(yaml: "form: n\nfields:\n  - {id: amount, type: number}\n", source: "n.yaml")

    @Test func theTableHasEveryLocaleWithExamples() {
        #expect(Set(Self.examples.map(\.locale)) == Set(MessageLocale.builtIn))
        #expect(Self.examples.count >= 24)
    }

    @Test(arguments: examples)
    func typedInTheLocaleTheTextStaysAndTheNumberIsStored(_ example: Example) throws {
        let rules = try #require(Self.rules)
        var form = Form(rules, today: Day(iso: "2026-11-22")!, locale: example.locale)
        try form.focus("amount")
        let changes = try form.type("amount", text: example.text)
        expectEqual(form["amount"].value, .number(example.value))
        expectEqual(form.input("amount")?.text, example.text)
        expectEqual(form.input("amount")?.state, .complete)
        expectEqual(changes.values["amount"], .some(.number(example.value)))
        expectEqual(form["amount"].issues, [])
    }

    @Test(arguments: examples)
    func aRecordsTextInTheLocaleIsTheNumber(_ example: Example) throws {
        let rules = try #require(Self.rules)
        let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!, locale: example.locale)
        expectEqual(checker.check(["amount": example.text]), [])
        var form = Form(rules, today: Day(iso: "2026-11-22")!, locale: example.locale)
        try form.set("amount", text: example.text)
        expectEqual(form["amount"].value, .number(example.value))
    }
}
