@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The keys of a field are declared once (``FieldKey``): the parser reads each written key
/// through its row and both printers print it through the same row, so a rules file that writes
/// every key prints back as written, and a key the printers forgot (`include` was) fails here.
@Suite("The keys of a field, declared once")
struct FieldKeyTests {
    /// Every key a field may write, in the printers' order and form.
    static let everyKey = """
        form: 'keys'
        fields:
          - id: 'name'
            type: text
            title: 'Name'
            titles:
              fa: 'نام'
              pt-BR: 'Nome'
            initial: 'Ann'
            required: true
            visible_if: age >= 18
            enabled_if: not locked
            depends_on: [age]
            min_length: 2
            max_length: 40
            pattern: '^\\p{L}+$'
            mask_value: 'formatted'
            digits: 'fold'
            letters: 'arabic_variants'
            checks:
              - when: age > 60
                max_length: 20
                message: 'Shorter, please'
            message: 'Write your name'
            messages:
              pattern: 'Letters only'
            ui: {"placeholder":"Ann"}
          - id: 'phone'
            type: text
            mask: ['+7 (000) 000-00-00', '8 (000) 000-00-00']
          - id: 'age'
            type: integer
            min: 0
            max: 130
          - id: 'born'
            type: date
            calendar: 'persian'
            min: today - 100y
            max: today
            format: 'yyyy/MM/dd'
          - id: 'scan'
            type: file
            max_size: 1048576
            media_types: ['image/png', 'image/jpeg']
            min_items: 1
            max_items: 3
          - id: 'extra'
            type: json
            json_types: [object, array]
            unique_items: true
          - id: 'tags'
            type: values
            item_type: text
            min_items: 1
            unique_items: true
          - id: 'colour'
            type: choice
            options:
              - value: red
                title: 'Red'
                shade: warm
              - value: blue
            options_filter: option != region
          - id: 'locked'
            type: bool
          - id: 'region'
            type: text
          - id: 'total'
            type: number
            value: age * 2
          - id: 'address'
            type: group
            display: street
            include: 'address'
            fields:
              - id: 'street'
                type: text
          - id: 'cars'
            type: list
            unique_by: [vin]
            item:
              - id: 'vin'
                type: text

        """

    /// The names of the keys written by `fields` and the fields inside them.
    static func written(_ fields: [FieldSpec]) -> Set<String> {
        fields.reduce(into: Set<String>()) { names, field in
            names.formUnion(field.keys.map(\.0))
            names.formUnion(written((field.fields ?? []) + (field.item ?? [])))
        }
    }

    @Test func theFixtureWritesEveryKey() throws {
        let document = try ParsedRules.document(Self.everyKey, name: "keys.yaml")
        let fields = document.sections.flatMap(\.fields)
        #expect(Self.written(fields) == Set(["id"] + FieldKey.all.map(\.name)))
    }

    @Test func everyKeyPrintsAsWritten() throws {
        let document = try ParsedRules.document(Self.everyKey, name: "keys.yaml")
        let printed = document.yaml()
        #expect(printed == Self.everyKey)
        if printed != Self.everyKey {
            let lines = zip(printed.split(separator: "\n"), Self.everyKey.split(separator: "\n"))
            let first = lines.first { $0.0 != $0.1 }
            Issue.record("first difference: printed \(String(describing: first?.0)), written \(String(describing: first?.1))")
        }
    }

    /// JSON keeps every key too: the JSON printed reads back into a document that prints the
    /// same JSON and the same YAML.
    @Test func everyKeyTravelsThroughJSON() throws {
        let document = try ParsedRules.document(Self.everyKey, name: "keys.yaml")
        let json = document.json()
        let again = try ParsedRules.document(json, name: "keys.json")
        #expect(again.json() == json)
        #expect(Self.written(again.sections.flatMap(\.fields)) == Set(["id"] + FieldKey.all.map(\.name)))
    }

    /// A key written on a field of a type it does not apply to, and the same rule as a check:
    /// the types and their wording come from the key's row. Expected messages written by hand.
    @Test(arguments: [
        ("    pattern: '^a$'", "'pattern' applies to text and json fields, not integer fields"),
        ("    calendar: persian", "'calendar' applies to date fields, not integer fields"),
        ("    unique_by: [a]", "'unique_by' applies to list fields, not integer fields"),
        ("    checks:\n      - pattern: '^a$'", "a pattern check applies to text and json fields, not integer fields"),
        ("    checks:\n      - mask: '000'", "a mask check applies to text fields, not integer fields"),
    ])
    func aKeyAppliesToTheTypesOfItsRow(line: String, message: String) {
        let yaml = "form: t\nfields:\n  - id: n\n    type: integer\n" + line + "\n"
        let diagnostics = compileDiagnostics(yaml)
        #expect(diagnostics.map(\.code) == [.keyNotApplicable], "\(diagnostics)")
        #expect(diagnostics.first?.message == message)
    }

    /// For a `values` field, a key that checks each value must fit the values' type too; one about
    /// the values as a whole (`min_items`) need not.
    @Test func aValuesFieldsKeysFitItsItems() {
        let pattern = compileDiagnostics("form: t\nfields:\n  - id: v\n    type: values\n    item_type: integer\n    pattern: '^1$'\n")
        #expect(pattern.map(\.code) == [.keyNotApplicable])
        #expect(
            pattern.first?.message
                == "'pattern' applies to text and json fields and to values of their types, not to values of integer")
        let count = compileDiagnostics("form: t\nfields:\n  - id: v\n    type: values\n    item_type: integer\n    min_items: 1\n")
        #expect(count.isEmpty, "\(count)")
    }

    private func compileDiagnostics(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try RuleSet(yaml: yaml, source: "t.yaml")
            return []
        } catch {
            return error.errors
        }
    }
}
