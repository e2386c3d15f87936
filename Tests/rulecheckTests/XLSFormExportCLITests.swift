import Foundation
import Testing
import _RuleCheckTestSupport

/// `schema export --to xlsform`: a workbook that `import xlsform` reads back.
extension CLITests {
    @Test func exportXLSFormWritesAWorkbookThatReadsBack() throws {
        let rules = try temporary(
            """
            form: pets
            fields:
              - id: age
                type: integer
                title: Age
                required: true
                min: 0
              - id: pet
                type: text
                title: Pet
                visible_if: age >= 18
            """, "yaml")
        let workbook = scratch.directory.appendingPathComponent("pets.xlsx").path
        let export = try rulecheck(["schema", "export", "--to", "xlsform", rules, "-o", workbook])
        expectEqual(export.status, 0)
        expectEqual(export.stderr, "")
        expectEqual(export.stdout, "")
        let back = try rulecheck(["import", "xlsform", workbook])
        expectEqual(back.status, 0)
        expectEqual(back.stderr, "")
        expectEqual(
            back.stdout.split(separator: "\n").map(String.init),
            [
                "# Rules of the XLSForm \(workbook), written by rulecheck import xlsform.",
                "# The comment at the end of a line names the cell it comes from (sheet!cell).",
                "form: 'pets'",
                "fields:",
                "  - id: age  # survey!B2",
                "    type: integer  # survey!A2",
                "    title: 'Age'  # survey!C2",
                "    required: true  # survey!D2",
                "    checks:",
                "      - expr: 'age >= 0'  # survey!F2",
                "  - id: pet  # survey!B3",
                "    type: text  # survey!A3",
                "    title: 'Pet'  # survey!C3",
                "    visible_if: 'age >= 18'  # survey!E3",
            ])

        // Standard output that is not a terminal takes the workbook itself.
        let piped = try rulecheck(["schema", "export", "--to", "xlsform", rules])
        expectEqual(piped.status, 0)
        #expect(piped.stdoutBytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))
    }

    @Test func exportXLSFormReportsWhatItLeavesOutAndStrictFails() throws {
        let rules = try temporary(
            """
            form: f
            fields:
              - id: name
                type: text
                checks:
                  - expr: trim(name) != ''
            """, "yaml")
        let workbook = scratch.directory.appendingPathComponent("f.xlsx").path
        let export = try rulecheck(["schema", "export", "--to", "xlsform", rules, "-o", workbook])
        expectEqual(export.status, 0)
        expectEqual(
            export.stderr,
            "\(rules):6:9: name: not supported: the rule 'expr: trim(name) != ''' is left out: trim() has no XPath counterpart with the same meaning\n"
        )
        let strict = try rulecheck(["schema", "export", "--to", "xlsform", rules, "-o", workbook, "--strict"])
        expectEqual(strict.status, 2)

        let misplaced = try rulecheck(["schema", "export", rules, "-o", workbook])
        expectEqual(misplaced.status, 2)
        #expect(misplaced.stderr.contains("-o and --strict are options of --to xlsform"))
    }
}
