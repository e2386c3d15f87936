import Foundation
import RuleCheck
import RuleCheckXLSForm
import Testing
import _RuleCheckTestSupport

/// A survey in pyxform's markdown with the questions every expression test reads, and a last
/// question `q` (on line 10) whose relevant is `relevant`.
func form(relevant: String) -> String {
    """
    | survey |                       |       |        |
    |        | type                  | name  | relevant |
    |        | integer               | age   |        |
    |        | text                  | name  |        |
    |        | select_one yn         | sel   |        |
    |        | select_multiple fruit | multi |        |
    |        | date                  | d     |        |
    |        | calculate             | c     |        |
    |        | decimal               | x     |        |
    |        | text                  | q     | \(relevant.replacingOccurrences(of: "|", with: "¦")) |
    | choices |      |      |       |
    |         | list_name | name | label |
    |         | yn   | yes  | Yes   |
    |         | yn   | 1    | One   |
    |         | fruit | a   | A     |
    |         | fruit | b   | B     |
    """
}

func translated(_ markdown: String) throws -> TranslatedRules {
    try XLSFormTranslator(syntax: .markdown).translate(Array(markdown.utf8), name: "form.md")
}

/// The rule written for `key` on the line of `id`'s field (its value without the cell comment).
func rule(_ rules: TranslatedRules, _ key: String, of id: String) -> String? {
    let lines = rules.text.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasSuffix("- id: \(id)") || $0.contains("- id: \(id)  #") }) else { return nil }
    for line in lines[(start + 1)...] {
        var trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("- id:") { break }
        if trimmed.hasPrefix("- ") { trimmed.removeFirst(2) }
        guard trimmed.hasPrefix(key + ": ") else { continue }
        var value = String(trimmed.dropFirst(key.count + 2))
        if let comment = value.range(of: "  # ") { value = String(value[..<comment.lowerBound]) }
        // Single-quoted YAML: '' is one quote.
        if value.hasPrefix("'"), value.hasSuffix("'") {
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        return value
    }
    return nil
}

@Suite struct ExpressionTranslationTests {
    @Test(arguments: [
        ("${age} > 18", "age > 18"),
        ("${age} >= '18'", "age >= 18"),
        ("${sel} = 'yes'", "sel == 'yes'"),
        ("${sel} = 1", "sel == '1'"),
        ("${name} = ''", "name == null"),
        ("${name} != ''", "name != null"),
        ("${name}", "name != null"),
        ("selected(${multi}, 'a')", "'a' in multi"),
        ("selected(${sel}, 'yes')", "sel == 'yes'"),
        ("count-selected(${multi}) > 1", "count(multi) > 1"),
        ("not(${age} > 5)", "not (age > 5)"),
        ("${age} > 5 and ${name} != ''", "(age > 5) and (name != null)"),
        ("${age} < 5 or ${age} > 60", "(age < 5) or (age > 60)"),
        ("${d} < today()", "d < today"),
        ("${d} >= '2024-01-31'", "d >= 2024-01-31"),
        ("${d} >= date('2024-01-31')", "d >= 2024-01-31"),
        ("regex(${name}, '[a-z]+')", "matches(name, '^(?:[a-z]+)$')"),
        ("contains(${name}, 'a.b')", #"matches(name, 'a\\.b')"#),
        ("starts-with(${name}, 'x')", "matches(name, '^x')"),
        ("${age} div 2 > 3", "(age / 2) > 3"),
        ("${age} mod 2 = 0", "multiple_of(age, 2)"),
        ("${age} mod 2 != 0", "not multiple_of(age, 2)"),
        ("int(${x}) = 3", "trunc(x) == 3"),
        ("round(${x}, 2) > 1", "(round(x * 100) / 100) > 1"),
        ("${age} * 2 + 1 >= ${x}", "((age * 2) + 1) >= x"),
        ("-${x} < 0", "(-x) < 0"),
        ("if(${age} > 5, ${name} != '', false())", "((age > 5) and (name != null)) or (not (age > 5) and false)"),
        ("true()", "true"),
    ])
    func aRelevantIsTranslated(xpath: String, expected: String) throws {
        let rules = try translated(form(relevant: xpath))
        #expect(rule(rules, "visible_if", of: "q") == expected)
        // It compiles: the loader's path.
        _ = try rules.compiled(source: "form.md")
    }

    @Test(arguments: [
        ("coalesce(${age}, 0) > 1", "coalesce() has no counterpart (RuleCheck has no expression that picks the first value present)"),
        ("pulldata('f', 'a', 'b', ${name}) = 'x'", "pulldata() reads an external file or instance, which is not read offline"),
        ("${age} + ${name} > 1", "'+' of a number and a text is not translated (XPath makes both numbers)"),
        ("${nobody} = 1", "${nobody} names no question that is imported"),
        ("position(..) = 1", "position() reads the position in a repeat or the evaluation context; not translated"),
        ("now() > ${d}", "now() works with times of day, and RuleCheck's dates are days"),
        ("random() < 0.5", "random() gives a new value on each evaluation; it cannot be checked"),
        ("${multi} = 'a'", "'=' with a select_multiple compares its whole space-separated answer; use selected() (not translated)"),
        ("${name} > 3", "'>' between a text and a number compares them as numbers in XPath; not translated"),
        ("${q} != ''", "${q} names the question itself, which only its constraint may read"),
        ("/data/age > 3", "XPath paths (/data/a, .., a step or a [predicate]) are not translated; name questions with ${name}"),
        ("${age > 3", "the expression cannot be read: '${' is not closed with '}'"),
    ])
    func anUntranslatableRelevantIsAFindingAtItsCell(xpath: String, reason: String) throws {
        let rules = try translated(form(relevant: xpath))
        #expect(rule(rules, "visible_if", of: "q") == nil)
        let finding = try #require(rules.findings.first { $0.pointer == "survey!D10" })
        #expect(finding.kind == .unsupported)
        #expect(finding.message == "\(reason); the rule '\(xpath)' is left out")
        #expect(finding.location == FileLocation(file: "form.md", line: 10, column: 4))
    }

    @Test func stringLengthOfAnotherQuestionIsAnApproximation() throws {
        let rules = try translated(form(relevant: "string-length(${name}) > 3"))
        #expect(rule(rules, "visible_if", of: "q") == "len(name) > 3")
        #expect(
            rules.findings.map(\.description) == [
                "form.md:10:4: survey!D10: approximated: string-length() of a blank answer is 0 in XPath but nothing in RuleCheck"
            ])
    }

    @Test func aRuleTheCompilerRefusesIsLeftOutWithAFinding() throws {
        // `c` is a calculate whose calculation is not translated: a text, which is no condition.
        let markdown = form(relevant: "${c}").replacingOccurrences(
            of: "| calculate             | c     |        |", with: "| calculate             | c     |        |")
        let rules = try translated(markdown)
        #expect(rule(rules, "visible_if", of: "q") == nil)
        let finding = try #require(rules.findings.first { $0.pointer == "survey!D10" })
        #expect(
            finding.message.hasPrefix("the rule made of it is refused, so it is left out: expected a condition (bool), but this is text"))
        _ = try rules.compiled(source: "form.md")
    }
}

@Suite struct FormTranslationTests {
    @Test func householdBecomesTheseFields() throws {
        let rules = try XLSFormTranslator().translate(fixture("household.xlsx"), name: "household.xlsx")
        #expect(rule(rules, "type", of: "age") == "integer")
        #expect(rule(rules, "type", of: "income") == "number")
        #expect(rule(rules, "type", of: "fruits") == "multi_choice")
        #expect(rule(rules, "type", of: "details") == "group")
        #expect(rule(rules, "type", of: "member") == "list")
        #expect(rule(rules, "type", of: "ready") == "choice")
        #expect(rule(rules, "type", of: "age_next_year") == "number")
        #expect(rule(rules, "visible_if", of: "details") == "consent == 'yes'")
        #expect(rule(rules, "options_filter", of: "county") == "option.state == details.state")
        #expect(rule(rules, "value", of: "total_age") == "sum(member.member_age)")
        #expect(rule(rules, "expr", of: "member_age") == "member_age < (age + 100)")
        #expect(rule(rules, "expr", of: "lucky") == "multiple_of(lucky, 7)")
        #expect(rule(rules, "initial", of: "visit") == "2024-03-01")
        #expect(rule(rules, "initial", of: "fruits") == "['apple']")
        #expect(rule(rules, "enabled_if", of: "code") == "false")
        #expect(rule(rules, "min", of: "score") == "0")
        #expect(rule(rules, "max", of: "score") == "10")
        #expect(rule(rules, "visible_if", of: "color_other") == "color == 'other'")
        #expect(rules.text.contains("title: 'Household survey'"))
        // Each line names its cell.
        #expect(rules.text.contains("  - id: age  # survey!B3\n    type: integer  # survey!A3\n"))
        #expect(
            rules.findings.map(\.description) == [
                "household.xlsx:20:18: survey!R20: approximated: repeat_count: the number of items is checked when the repeat has an item",
                "household.xlsx:26:12: survey!L26: not supported: pulldata() reads an external file or instance, which is not read offline; the rule 'pulldata('people', 'name', 'id', ${code})' is left out",
            ])
    }

    @Test func anErrorOfTheRulesIsReportedAtItsCell() throws {
        let markdown = """
            | survey |      |      |
            |        | type | name |
            |        | text | a    |
            |        | integer | a |
            """
        let rules = try translated(markdown)
        do {
            _ = try rules.compiled(source: "form.md")
            Issue.record("a name given twice was accepted")
        } catch {
            #expect(error.diagnostics.first?.location == FileLocation(file: "form.md", line: 4, column: 3))
            #expect(error.diagnostics.first?.message.hasPrefix("survey!C4: ") == true)
            #expect(error.diagnostics.first?.notes.first?.message.hasPrefix("in the rules made of it: - id: a") == true)
        }
    }

    @Test func namesThatCannotBeIdsAreFindings() throws {
        let markdown = """
            | survey |      |      |
            |        | type | name |
            |        | text | a-b  |
            |        | text | ok   |
            """
        let rules = try translated(markdown)
        #expect(rules.findings.map(\.pointer) == ["survey!C3"])
        #expect(rule(rules, "type", of: "ok") == "text")
    }
}

@Suite struct ColumnNameTests {
    @Test func pyxformsSpellingsOfAColumnAreOne() throws {
        let markdown = """
            | survey |         |      |                  |                  |                        |
            |        | type    | name | bind::relevant   | bind:constraint  | bind::jr:constraintMsg |
            |        | integer | a    |                  |                  |                        |
            |        | integer | b    | ${a} > 1         | . < 5            | Less than 5            |
            """
        let rules = try translated(markdown)
        #expect(rule(rules, "visible_if", of: "b") == "a > 1")
        #expect(rule(rules, "expr", of: "b") == "b < 5")
        #expect(rule(rules, "message", of: "b") == "Less than 5")
        #expect(rules.findings.isEmpty)
    }

    @Test func aColumnNotReadIsOneFindingAtItsHeader() throws {
        let markdown = """
            | survey |      |      |            |
            |        | type | name | save_it_to |
            |        | text | a    | x          |
            |        | text | b    | y          |
            """
        let rules = try translated(markdown)
        #expect(rules.findings.map(\.description) == ["form.md:2:4: survey!D2: ignored: the column 'save_it_to' is not read"])
    }
}
