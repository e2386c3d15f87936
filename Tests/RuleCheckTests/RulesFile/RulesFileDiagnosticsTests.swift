@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Each kind of mistake in a rules file, with its code and where it points (marked in the
/// source with 1️⃣, 2️⃣, …); a few tests hold the exact message, suggestions among them.
@Suite("Rules file diagnostics")
struct RulesFileDiagnosticsTests {
    /// Compiles marked YAML and checks the diagnostics, in order.
    private func expect(
        _ marked: String, _ expected: [(marker: String, text: String)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let source = MarkedText(marked)
        let actual = Fixtures.diagnostics(source.text)
        let wanted = expected.map { "\(source.location($0.marker)): \($0.text)" }
        #expect(actual == wanted, sourceLocation: sourceLocation)
    }

    /// Compiles marked YAML and checks the diagnostics' codes and places, in order.
    private func expectCodes(
        _ marked: String, _ expected: [(marker: String, code: DiagnosticCode)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let source = MarkedText(marked)
        let actual = RuleSetCompiler.compile(source.text, source: "test.yaml").diagnostics.map { diagnostic in
            "\(diagnostic.location.map { "\($0)" } ?? ""): \(diagnostic.code.id)"
        }
        let wanted = expected.map { "\(source.location($0.marker)): \($0.code.id)" }
        #expect(actual == wanted, sourceLocation: sourceLocation)
    }

    @Test func unknownKeyWithSuggestion() {
        expect(
            """
            fields:
              - id: doc_number
                1️⃣visibel_if: true
              - id: b
                type: text
                2️⃣patern: 'x'
            3️⃣sectoins: []
            """,
            [
                ("1️⃣", "error: unknown key 'visibel_if' in a field; did you mean 'visible_if'?"),
                ("2️⃣", "error: unknown key 'patern' in a field; did you mean 'pattern'?"),
                ("3️⃣", "error: unknown key 'sectoins' in the rules file; did you mean 'sections'?"),
            ])
    }

    @Test func unknownNamesWithSuggestions() {
        expect(
            """
            fields:
              - id: doc_type
                type: choice
                options: [passport, license]
              - id: doc_number
                depends_on: [1️⃣doc_typ]
                visible_if: 2️⃣doc_tpye != null
              - id: other
                required: '3️⃣x > 1 and doc_number != null'
              - id: g
                type: group
                fields:
                  - id: inner
                    visible_if: 4️⃣g != null
            """,
            [
                ("1️⃣", "error: depends_on names unknown field 'doc_typ'; did you mean 'doc_type'?"),
                ("2️⃣", "error: unknown field 'doc_tpye'; did you mean 'doc_type'?"),
                ("3️⃣", "error: unknown field 'x'"),  // no suggestion for a one-letter name
                ("4️⃣", "error: 'g' is a group and has no value; name one of its fields such as 'g.inner'"),
            ])
    }

    @Test func duplicateIDs() {
        expectCodes(
            """
            sections:
              - id: a
                fields:
                  - id: x
              - id: 1️⃣a
                fields:
                  - id: 2️⃣x
                  - id: g
                    type: group
                    fields:
                      - id: x
                      - id: 3️⃣x
            """,
            [
                ("1️⃣", .duplicateSectionID),
                ("2️⃣", .duplicateFieldID),
                ("3️⃣", .duplicateFieldID),
            ])
    }

    @Test func badRegexesPointIntoThePattern() {
        expect(
            """
            patterns:
              vin: '^[A-Z1️⃣'
            fields:
              - id: a
                pattern: '(ab2️⃣'
              - id: b
                pattern: '@vin'
              - id: c
                pattern: 3️⃣'@vim'
              - id: d
                mask: '004️⃣\\'
              - id: e
                required: "matches(a, '[z5️⃣')"
            """,
            [
                ("1️⃣", "error: invalid regex: missing terminating ] for character class"),
                ("2️⃣", "error: invalid regex: missing closing parenthesis"),
                ("3️⃣", "error: unknown pattern '@vim'; did you mean 'vin'? (to match a literal '@', write '\\@vim')"),
                ("4️⃣", "error: mask '00\\': mask ends with '\\' that escapes nothing"),
                ("5️⃣", "error: invalid regex: missing terminating ] for character class"),
            ])
    }

    @Test func typeErrorsPointInsideExpressionsWhateverTheQuoting() {
        expectCodes(
            """
            fields:
              - id: birth_date
                type: date
              - id: a
                visible_if: 1️⃣birth_date > 5
              - id: b
                visible_if: '''x'' == ''x'' and 2️⃣birth_date > 5'
              - id: c
                visible_if: "'\\"' == '\\"' and 3️⃣birth_date > 5"
              - id: d
                visible_if: |
                  birth_date != null and
                  4️⃣birth_date > 5
              - id: e
                type: number
                min: 5️⃣birth_date
            """,
            [
                ("1️⃣", .typeMismatch),
                ("2️⃣", .typeMismatch),
                ("3️⃣", .typeMismatch),
                ("4️⃣", .typeMismatch),
                ("5️⃣", .typeMismatch),
            ])
    }

    @Test func cyclesListEveryEdgeWithItsLine() {
        let source = MarkedText(
            """
            fields:
              - id: a
                type: number
                visible_if: 3️⃣c > 1
              - id: b
                type: number
                value: 1️⃣a + 1
              - id: c
                type: number
                required: 2️⃣b != null
            """)
        let diagnostics = RuleSetCompiler.compile(source.text, source: "test.yaml").diagnostics
        expectEqual(diagnostics.count, 1)
        let cycle = diagnostics[0]
        #expect(cycle.code == .dependencyCycle)
        #expect("\(cycle.location!)" == source.location("1️⃣"))
        expectEqual(cycle.message, "dependency cycle: a → b → c → a")
        #expect(
            cycle.notes.map { "\($0.location!): \($0.message)" } == [
                "\(source.location("1️⃣")): a → b: the value of b names a",
                "\(source.location("2️⃣")): b → c: the required of c names b",
                "\(source.location("3️⃣")): c → a: the visible_if of a names c",
            ])
        // The source line and a caret under the first edge.
        #expect(cycle.description.contains("\n        value: a + 1\n               ^\n"))
    }

    @Test func literalBoundsAndOptionTypes() {
        expectCodes(
            """
            fields:
              - id: n
                type: number
                min: 10
                max: 1️⃣5
              - id: d
                type: date
                min: 2024-02-01
                max: 2️⃣2024-01-01
              - id: t
                type: text
                min_length: 8
                max_length: 3️⃣4
              - id: c
                type: choice
                options: [1, 2, 4️⃣three, 5️⃣2]
            """,
            [
                ("1️⃣", .minAboveMax),
                ("2️⃣", .minAboveMax),
                ("3️⃣", .minAboveMax),
                ("4️⃣", .optionTypeMismatch),
                ("5️⃣", .duplicateOption),
            ])
    }

    @Test func keysThatDoNotApplyToTheType() {
        expectCodes(
            """
            fields:
              - id: n
                type: number
                1️⃣pattern: 'x'
              - id: t
                type: 2️⃣txt
              - id: d
                type: date
                3️⃣options: [a]
            """,
            [
                ("1️⃣", .keyNotApplicable),
                ("2️⃣", .unknownType),
                ("3️⃣", .keyNotApplicable),
            ])
    }

    @Test func selfReferencesAndConditions() {
        expectCodes(
            """
            fields:
              - id: a
                type: bool
                visible_if: 1️⃣a
              - id: b
                required: 2️⃣yes
              - id: c
                type: number
                value: 1
                depends_on: [3️⃣a]
            """,
            [
                ("1️⃣", .selfReference),
                ("2️⃣", .typeMismatch),
                ("3️⃣", .keyNotApplicable),
            ])
    }

    @Test func yamlSyntaxErrors() {
        let compiled = RuleSetCompiler.compile("fields:\n  - id: a\n    type: [text\n", source: "test.yaml")
        #expect(compiled.diagnostics.map(\.code) == [.yamlSyntax])
        let diagnostics = Fixtures.diagnostics("fields:\n  - id: a\n    type: [text\n")
        expectEqual(diagnostics.count, 1)
        expectEqual(diagnostics.first?.hasPrefix("test.yaml:4:1: error: YAML: did not find expected ',' or ']'"), true)
    }

    @Test func initialValuesMustFitTheirField() throws {
        expectCodes(
            """
            fields:
              - id: tags
                type: multi_choice
                options: [a, b]
                initial: [a, 1️⃣z]
              - id: n
                type: integer
                initial: 2️⃣1.5
              - id: c
                type: choice
                options: [x, y]
                initial: 3️⃣xx
              - id: t
                initial: [4️⃣a]
            """,
            [
                ("1️⃣", .invalidInitialValue),
                ("2️⃣", .invalidInitialValue),
                ("3️⃣", .invalidInitialValue),
                ("4️⃣", .keyNotApplicable),
            ])
        let form = Form(try RuleSet(yaml: "fields:\n  - {id: tags, type: multi_choice, options: [a, b, c], initial: [a, c]}\n"))
        expectEqual(form["tags"].value, ["a", "c"])
        expectEqual(form["tags"].provenance, .initial)
    }

    @Test func duplicateKeysPointAtTheRepeat() {
        expectCodes(
            """
            fields:
              - id: a
                type: text
                1️⃣type: number
            """, [("1️⃣", .duplicateKey)])
    }

    @Test func lintWarnings() {
        expectCodes(
            """
            patterns:
              1️⃣unused: 'x'
            masks:
              2️⃣spare: '000'
            fields:
              - id: doc_type
                type: choice
                options: [passport, license]
              - id: n
                visible_if: doc_type == "pasport"
                required: 3️⃣true
              - id: m
                checks:
                  - when: 4️⃣doc_type == "licence" or false
                    min_length: 3
            """,
            [
                ("1️⃣", .unusedPattern),
                ("2️⃣", .unusedMask),
                ("3️⃣", .requiredNeverVisible),
                ("4️⃣", .checkNeverApplies),
            ])
    }

    @Test func structuralMistakes() {
        expectCodes(
            """
            1️⃣title: no fields
            """, [("1️⃣", .noFields)])
        expectCodes(
            """
            fields:
              - 1️⃣type: text
              - id: l
                type: list
                item:
                  - id: inner
                    type: list
                    item:
                      - id: 2️⃣deepest
                        type: list
                        item: [{id: x}]
              - id: 3️⃣g
                type: group
              - id: 4️⃣c
                type: choice
            """,
            [
                ("1️⃣", .missingID),
                ("2️⃣", .nestingTooDeep),
                ("3️⃣", .missingKey),
                ("4️⃣", .missingKey),
            ])
    }

    /// Cycle detection on generated graphs: a long chain with one back edge reports exactly that
    /// cycle, and without the back edge the chain compiles in order. (Its speed is measured in
    /// the benchmarks, not here.)
    @Test(arguments: [2, 50, 3_000])
    func aLongChainWithABackEdge(length: Int) throws {
        func chain(backEdge: Bool) -> String {
            var lines = ["fields:", "  - id: f1", "    type: number"]
            if backEdge { lines.append("    visible_if: f\(length) != null") }
            for index in 2...length {
                lines += ["  - id: f\(index)", "    type: number", "    depends_on: [f\(index - 1)]"]
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let rules = try RuleSet(yaml: chain(backEdge: false))
        expectEqual(rules.order.map(\.index), Array(0..<length))
        let diagnostics = RuleSetCompiler.compile(chain(backEdge: true), source: "chain.yaml").diagnostics
        expectEqual(diagnostics.count, 1)
        let cycle = try #require(diagnostics.first)
        let names = (1...length).map { "f\($0)" } + ["f1"]
        expectEqual(cycle.message, "dependency cycle: " + names.joined(separator: " → "))
        expectEqual(cycle.notes.count, length)
        #expect(cycle.notes.last?.message == "f\(length) → f1: the visible_if of f1 names f\(length)")
    }
}

/// Field ids are `[A-Za-z_][A-Za-z0-9_]*`: camelCase ids, as servers and exports name fields,
/// work in paths, expressions and records; other characters are an error.
@Suite("Field ids")
struct FieldIdTests {
    @Test func camelCaseIdsWork() throws {
        let rules = try RuleSet(
            yaml: """
                form: t
                fields:
                  - id: firstName
                    required: true
                  - id: lastName
                    visible_if: firstName != null
                """, source: "t.yaml")
        var form = Form(rules, today: Fixtures.today)
        #expect(!form["lastName"].isVisible)
        try form.set("firstName", to: "Ann")
        #expect(form["lastName"].isVisible)
        let violations = RecordChecker(rules, today: Fixtures.today).check(["firstName": "", "lastName": ""])
        expectEqual(violations.map(\.field), ["firstName"])
    }

    @Test func otherCharactersAreAnError() {
        let compiled = RuleSetCompiler.compile("form: t\nfields:\n  - id: prénom\n", source: "test.yaml")
        #expect(compiled.diagnostics.map(\.code) == [.invalidFieldID])
        expectEqual(
            Fixtures.diagnostics("form: t\nfields:\n  - id: prénom\n"),
            ["test.yaml:3:9: error: field id 'prénom' must be ASCII letters, digits and '_', starting with a letter or '_'"])
    }
}
