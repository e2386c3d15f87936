import Foundation
import RuleCheck
import RuleCheckXLSForm
import Testing
import _RuleCheckTestSupport

/// Docs/xlsform.md's tables say what the translation does: each XLSForm type of the Types table
/// becomes the field the table names (or nothing), and each function the page lists as not
/// translated is a finding.
@Suite struct DocsTableTests {
    static func document() throws -> String {
        try String(contentsOf: Repository.file("Docs/xlsform.md"), encoding: .utf8)
    }

    /// The rows of the table under `heading`: its cells, header and rule left out.
    static func rows(under heading: String, in text: String) -> [[String]] {
        guard let start = text.range(of: "\n## \(heading)\n") else { return [] }
        let section = text[start.upperBound...]
        var rows: [[String]] = []
        for line in section.split(separator: "\n").prefix(while: { !$0.hasPrefix("## ") }) where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            rows.append(cells.map { String($0).trimmingCharacters(in: .whitespaces) })
        }
        return Array(rows.dropFirst(2))
    }

    static func code(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The field type made of a question of `type` (nil: no field).
    static func fieldType(of type: String) throws -> String? {
        var rows = "|        | \(type) | q |\n"
        if type == "begin group" { rows += "|        | text | inner |\n|        | end group | |\n" }
        if type == "begin repeat" { rows += "|        | text | inner |\n|        | end repeat | |\n" }
        if type == "begin loop" { rows += "|        | text | inner |\n|        | end loop | |\n" }
        let form = """
            | survey |      |      |
            |        | type | name |
            \(rows)|        | text | z    |
            | choices |     |      |
            |        | list_name | name |
            |        | L    | a    |
            """
        let rules = try XLSFormTranslator(syntax: .markdown).translate(Array(form.utf8), name: "t.md")
        return rule(rules, "type", of: "q")
    }

    @Test func everyTypeOfTheTableBecomesWhatItSays() throws {
        let rows = Self.rows(under: "Types", in: try Self.document())
        #expect(rows.count >= 15)
        var checked = 0
        for row in rows where row.count >= 2 {
            let expected = Self.code(row[1]).first
            for type in Self.code(row[0]) where !type.hasPrefix("end ") {
                let written = type.replacingOccurrences(of: " F", with: " f.csv")
                let made = try Self.fieldType(of: written)
                if row[1] == "nothing" {
                    #expect(made == nil, "\(type) made a field")
                } else {
                    #expect(made != nil, "\(type) made no field")
                    if let expected, ["text", "integer", "number", "date", "choice", "multi_choice", "group", "list"].contains(expected) {
                        #expect(made == expected, "\(type)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 30)
    }

    @Test func everyFunctionListedAsNotTranslatedIsAFinding() throws {
        let text = try Self.document()
        guard let start = text.range(of: "Not translated, each a finding at its cell") else {
            Issue.record("the list of functions not translated is gone")
            return
        }
        let paragraph = String(text[start.lowerBound...]).components(separatedBy: "\n\n").first ?? ""
        let functions = Self.code(paragraph.replacingOccurrences(of: "\n", with: " ")).filter { $0.hasSuffix("()") }
        #expect(functions.count >= 15)
        for function in functions {
            let name = String(function.dropLast(2))
            let rules = try translated(form(relevant: "\(name)(${age}) = 1"))
            #expect(rule(rules, "visible_if", of: "q") == nil, "\(function) was translated")
            #expect(rules.findings.contains { $0.pointer == "survey!D10" && $0.kind == .unsupported }, "\(function)")
        }
    }
}
