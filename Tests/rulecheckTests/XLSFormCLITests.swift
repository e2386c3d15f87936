import Foundation
import Testing
import _RuleCheckTestSupport

/// XLSForms on the command line: `import xlsform`, and a workbook wherever a rules file goes.
extension CLITests {
    static let household = Repository.file("Tests/RuleCheckXLSFormTests/Fixtures/household.xlsx").path

    static let householdFindings = [
        "\(household):20:18: warning: survey!R20: approximated: repeat_count: the number of items is checked when the repeat has an item [RC7011]",
        "\(household):26:12: warning: survey!L26: not supported: pulldata() reads an external file or instance, which is not read offline; the rule 'pulldata('people', 'name', 'id', ${code})' is left out [RC7011]",
    ]

    @Test func importXLSFormPrintsTheRulesWithTheirCells() throws {
        let run = try rulecheck(["import", "xlsform", Self.household])
        expectEqual(run.status, 0)
        #expect(run.stdout.contains("  - id: age  # survey!B3\n    type: integer  # survey!A3\n"))
        expectEqual(run.stderr.split(separator: "\n").map(String.init), Self.householdFindings)
        // The rules printed are a rules file that lints clean.
        let printed = try temporary(run.stdout, "yaml")
        let lint = try rulecheck(["lint", printed])
        expectEqual(lint.status, 0)
        expectEqual(lint.stdout, "")

        let strict = try rulecheck(["import", "xlsform", Self.household, "--strict"])
        expectEqual(strict.status, 2)
    }

    @Test func lintAndCheckReadAWorkbook() throws {
        let lint = try rulecheck(["lint", Self.household])
        expectEqual(lint.status, 0)
        expectEqual(lint.stdout.split(separator: "\n").map(String.init), Self.householdFindings)
        let data = try temporary("respondent,age,consent,members,score,lucky,age_next_year\nAna,150,yes,1,4,14,151\n", "csv")
        let check = try rulecheck(["check", "--rules", Self.household, data])
        expectEqual(check.status, 1)
        #expect(check.stdout.contains("  error   age  check  Between 0 and 120 (value \"150\")"))
    }

    @Test func aFormNamedAnythingIsReadWithRulesFormatXLSForm() throws {
        let form = try temporary("| survey | | |\n| | type | name |\n| | integer | n |\n", "txt")
        expectEqual(try rulecheck(["lint", form]).status, 2)
        let lint = try rulecheck(["lint", form, "--rules-format", "xlsform"])
        expectEqual(lint.status, 0)
        expectEqual(lint.stdout, "")
    }

    @Test func aBrokenWorkbookIsOneErrorLine() throws {
        let path = Repository.file("Tests/RuleCheckXLSFormTests/Fixtures/not-a-zip.xlsx").path
        let lint = try rulecheck(["lint", path])
        expectEqual(lint.status, 2)
        expectEqual(
            lint.stdout,
            "\(path): error: cannot read the XLSForm: not a ZIP archive, which an .xlsx workbook is (no end of central directory) [RC1001]\n"
        )
    }
}
