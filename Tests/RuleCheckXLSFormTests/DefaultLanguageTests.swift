import RuleCheck
import RuleCheckXLSForm
import Testing
import _RuleCheckTestSupport

/// The settings' `default_language`, with pyxform's meaning: the language of the columns
/// without `::language`, the one a form shows first, and the one whose column wins over the plain
/// column when both are written. The rules' `defaults.locale` is its code.
@Suite struct DefaultLanguageTests {
    /// A survey with `columns` (besides type and name) whose one question `q` has `cells`, a
    /// choices sheet with the label columns `choiceColumns`, and a settings sheet that says
    /// `default_language` (none when nil).
    static func form(
        columns: [String], cells: [String], choiceColumns: [String] = [], choiceCells: [String] = [], defaultLanguage: String?
    )
        -> String
    {
        func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }
        var text = row(["survey"]) + row(["", "type", "name"] + columns) + row(["", "select_one yn", "q"] + cells)
        text += row(["choices"]) + row(["", "list_name", "name"] + choiceColumns) + row(["", "yn", "yes"] + choiceCells)
        if let defaultLanguage {
            text += row(["settings"]) + row(["", "form_id", "default_language"]) + row(["", "f", defaultLanguage])
        }
        return text
    }

    static func compiled(_ markdown: String) throws -> (translated: TranslatedRules, rules: RuleSet) {
        let translated = try XLSFormTranslator(syntax: .markdown).translate(Array(markdown.utf8), name: "form.md")
        return (translated, try translated.compiled(source: "form.md").rules)
    }

    @Test func theDefaultLanguageIsTheTitleAndTheRulesLocale() throws {
        let (translated, rules) = try Self.compiled(
            Self.form(
                columns: ["label::English (en)", "label::French (fr)", "hint::English (en)", "hint::French (fr)"],
                cells: ["Married?", "Marié ?", "Say yes", "Dites oui"],
                choiceColumns: ["label::English (en)", "label::French (fr)"], choiceCells: ["Yes", "Oui"],
                defaultLanguage: "French (fr)"))
        let field = try #require(rules.field("q"))
        expectEqual(field.title, "Marié ?")
        expectEqual(field.titles, ["en": "Married?"])
        expectEqual(field.ui["help"], .string("Dites oui"))
        expectEqual(field.options.map(\.title), ["Oui"])
        expectEqual(rules.locale, "fr")
        #expect(translated.text.contains("defaults:\n  locale: 'fr'  # settings!C9\n"))
        expectEqual(translated.findings, [])
    }

    @Test func withoutTheSettingEnglishIsTheDefaultAndNoLocaleIsWritten() throws {
        let (_, rules) = try Self.compiled(
            Self.form(columns: ["label::English (en)", "label::French (fr)"], cells: ["Married?", "Marié ?"], defaultLanguage: nil))
        let field = try #require(rules.field("q"))
        expectEqual(field.title, "Married?")
        expectEqual(field.titles, ["fr": "Marié ?"])
        expectEqual(rules.locale, nil)
    }

    /// pyxform: "If the default language is used as a suffix for media/labels/hints, then the
    /// suffixless version will be overwritten", in either order of the columns.
    @Test(arguments: [["label", "label::French (fr)"], ["label::French (fr)", "label"]])
    func theDefaultLanguagesColumnWinsOverThePlainOne(columns: [String]) throws {
        let cells = columns.map { $0 == "label" ? "Plain" : "Marié ?" }
        let messageColumns = columns.map { $0 == "label" ? "constraint_message" : "constraint_message::French (fr)" }
        let (_, rules) = try Self.compiled(
            Self.form(
                columns: columns + messageColumns + ["constraint", "constraint_message::English (en)"],
                cells: cells + cells.map { $0 == "Plain" ? "Plain message" : "Message" } + [". = 'yes'", "English message"],
                defaultLanguage: "French (fr)"))
        let field = try #require(rules.field("q"))
        expectEqual(field.title, "Marié ?")
        expectEqual(field.titles, [:])
        let message = try #require(field.checks.first?.message)
        expectEqual(message.locales, ["fr": "Message", "en": "English message"])
    }

    @Test func aPlainColumnIsInTheDefaultLanguage() throws {
        let (_, rules) = try Self.compiled(
            Self.form(columns: ["label", "label::English (en)"], cells: ["Marié ?", "Married?"], defaultLanguage: "French (fr)"))
        let field = try #require(rules.field("q"))
        expectEqual(field.title, "Marié ?")
        expectEqual(field.titles, ["en": "Married?"])
        expectEqual(rules.locale, "fr")
    }

    /// A language without a code RuleCheck knows is matched by its name, as pyxform matches it;
    /// the rules then say no locale.
    @Test func aDefaultLanguageWithoutACodeIsMatchedByItsName() throws {
        let (_, rules) = try Self.compiled(
            Self.form(
                columns: ["label::English (en)", "label::Kiswahili"], cells: ["Married?", "Umeoa?"], defaultLanguage: "Kiswahili"))
        let field = try #require(rules.field("q"))
        expectEqual(field.title, "Umeoa?")
        expectEqual(field.titles, ["en": "Married?"])
        expectEqual(rules.locale, nil)
    }

    /// Two plain `label` columns: pyxform refuses the sheet (`Duplicate column header`), and so
    /// does the import, at the second, rather than take either as the default language's.
    @Test func aColumnWrittenTwiceRefusesTheForm() throws {
        let markdown = Self.form(columns: ["label", "label"], cells: ["One", "Two"], defaultLanguage: nil)
        do {
            _ = try Self.compiled(markdown)
            Issue.record("a column written twice was accepted")
        } catch let error as RulesError {
            expectEqual(
                error.description,
                "form.md:2:5: error: survey!E2: the column 'label' is in the header twice (first at survey!D2): "
                    + "which one the form means cannot be told [RC8001]")
        }
    }
}
