@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("RecordChecker")
struct RecordCheckerTests {
    static let yaml = """
        form: shop
        defaults:
          date_format: dd.MM.yyyy
        fields:
          - id: kind
            type: choice
            options:
              - {value: person, group: p}
              - {value: company, group: c}
          - id: name
            type: text
            required: true
            max_length: 5
            pattern: '[a-z]+'
          - id: inn
            type: text
            visible_if: kind == "company"
            required: true
            mask: '0000000000'
          - id: age
            type: integer
            min: 18
          - id: birth
            type: date
            max: today - 18y
          - id: vip
            type: bool
          - id: plan
            type: choice
            depends_on: [kind]
            options:
              - {value: basic, group: p}
              - {value: pro, group: p}
              - {value: corp, group: c}
            options_filter: option.group == "c" or kind == "person"
          - id: price
            type: number
            value: 'age * 2'
          - id: tags
            type: multi_choice
            options: [a, b, c]
            max_items: 2
          - id: slow
            type: text
            pattern: '(a+)+$'
          - id: children
            type: list
            max_items: 1
            item:
              - id: child_name
                type: text
                required: true
              - id: child_age
                type: integer
                max: age
        """

    private func checker() throws -> RecordChecker {
        RecordChecker(try RuleSet(yaml: Self.yaml, source: "shop.yaml"), today: Fixtures.today)
    }

    private func codes(_ violations: [Violation]) -> [String] {
        violations.map { "\($0.field) \($0.code)" }
    }

    @Test func aValidRecordHasNoViolations() throws {
        let violations = try checker().check([
            "kind": "person", "name": "ann", "age": "30", "birth": "01.02.1990",
            "vip": "yes", "plan": "pro", "price": "60", "tags": #"["a","b"]"#,
        ])
        expectEqual(violations, [])
    }

    @Test func eachFailingRuleIsItsOwnViolationInRulesOrder() throws {
        let violations = try checker().check(["kind": "company", "name": "TOOLONG1", "age": "17", "birth": "01.02.2020"])
        expectEqual(codes(violations), ["name max_length", "name pattern", "inn required", "age min", "birth max"])
        expectEqual(violations[0].message, "name must be at most 5 characters long")
        expectEqual(violations[0].value, "TOOLONG1")
        expectEqual(violations[0].rule, "max_length: 5")
        expectEqual(violations[4].message, "birth must be on or before 22.11.2008")
    }

    @Test func typeFailuresStopTheFieldsOtherChecksAndCountAsEmpty() throws {
        let violations = try checker().check([
            "name": "ann", "age": "1.5", "birth": "2020-01-01", "vip": "maybe",
            "kind": "robot", "price": "x",
        ])
        expectEqual(codes(violations), ["kind option", "age type", "birth type", "vip type", "price type"])
        expectEqual(
            violations.map(\.message),
            [
                "kind: 'robot' is not one of the options", "age: '1.5' is not a whole number",
                "birth: '2020-01-01' is not a date (dd.MM.yyyy)", "vip: 'maybe' is not true or false", "price: 'x' is not a number",
            ])
    }

    @Test func warningsForHiddenValuesOrphansAndComputedValues() throws {
        let violations = try checker().check(["name": "ann", "inn": "1234567890", "plan": "basic", "age": "20", "price": "41"])
        expectEqual(codes(violations), ["inn hidden_value", "plan orphan", "plan option", "price computed"])
        expectEqual(violations.map(\.severity), [.warning, .warning, .error, .error])
        expectEqual(violations[1].message, "plan has a value but kind is empty")
        expectEqual(violations[3].message, "price is '41' but the rules compute '40'")
    }

    @Test func filteredOptionsMultiChoiceAndRegexLimits() throws {
        let violations = try checker().check([
            "kind": "company", "name": "ann", "inn": "1234567890", "plan": "pro",
            "tags": #"["a","b","c"]"#, "slow": String(repeating: "a", count: 40) + "b",
        ])
        expectEqual(codes(violations), ["plan option", "tags items", "slow regex_limit"])
        let bad = try checker().check(["name": "ann", "tags": #"["a","z"]"#])
        expectEqual(codes(bad), ["tags option"])
    }

    @Test func listsFromJSONAndFromCSVText() throws {
        let checker = try checker()
        let (violations, unknown) = checker.check(json: [
            "name": "ann", "age": 10,
            "children": [["child_name": "bo", "child_age": 12], ["child_age": 3, "shoe": 30]],
        ])
        expectEqual(codes(violations), ["age min", "children items", "children[0].child_age max", "children[1].child_name required"])
        expectEqual(unknown, ["children[].shoe"])
        let fromCSV = checker.check(["name": "ann", "age": "20", "children": #"[{"child_name": "bo"}]"#])
        expectEqual(fromCSV, [])
        expectEqual(codes(checker.check(["name": "ann", "children": "[1]"])), ["children type"])
    }

    @Test func jsonKeepsJSONTypes() throws {
        let (violations, _) = try checker().check(json: [
            "name": "ann", "age": "80", "vip": 1, "kind": "person", "birth": "01.02.1990", "tags": ["a"],
        ])
        expectEqual(codes(violations), ["age type", "vip type"])
        let (integral, _) = try checker().check(json: ["name": "ann", "age": 80.0, "vip": true, "plan": .null])
        expectEqual(integral, [])
    }

    @Test func columnsMapOnceAndMissingRequiredColumnsAreReportedAsSuch() throws {
        let checker = try checker()
        let columns = checker.columns(["kind", "age", "comment", "age"])
        expectEqual(columns.unknown, ["comment", "age"])
        expectEqual(columns.duplicates, ["age"])
        let violations = checker.check(cells: ["company", "20", "hello", "99"], columns: columns)
        expectEqual(codes(violations), ["name missing_column", "inn missing_column"])
    }

    @Test func unknownKeysOfATextRecord() throws {
        #expect(codes(try checker().check(["name": "ann", "nmae": "x"])) == ["nmae unknown_column"])
    }

    /// JSON objects are read in key order, whatever order their dictionaries hold the keys in:
    /// unknown keys come out sorted (items' after the keys before their list), and of a group's
    /// object and a dotted key for the same field, the dotted key (later in key order) wins.
    @Test func jsonKeysAreReadInKeyOrder() throws {
        let rules = try RuleSet(
            yaml: """
                form: order
                fields:
                  - id: person
                    type: group
                    fields:
                      - id: name
                        type: text
                        max_length: 3
                  - id: pets
                    type: list
                    item:
                      - id: kind
                        type: text
                        max_length: 3
                      - id: tag
                        type: group
                        fields:
                          - id: code
                            type: text
                            max_length: 2
                  - id: notes
                    type: list
                    item:
                      - id: text
                        type: text
                """, source: "order.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today)
        let unknown = (1...30).map { "k\($0)" }
        var record: JSONObject = [
            "pets": [["kind": "cat", "zz": 1, "aa": 2, "tag": ["code": "abc", "x": 1]]],
            "notes": [["text": "a", "b": 1]],
        ]
        for key in unknown { record[key] = 1 }
        let (violations, keys) = checker.check(json: record)
        expectEqual(keys, unknown.sorted() + ["notes[].b", "pets[].aa", "pets[].tag.x", "pets[].zz"])
        let (_, itemKeys) = checker.check(json: ["pets": [["zz": 1, "kind": "cat", "aa": 2], ["yy": 3]], "person.name": "ok"])
        expectEqual(itemKeys, ["pets[].aa", "pets[].zz", "pets[].yy"])
        expectEqual(codes(violations), ["pets[0].tag.code max_length"])
        // Both name the same field: the dotted key comes later in key order, and wins.
        let (both, _) = checker.check(json: ["person": ["name": "long"], "person.name": "ok"])
        expectEqual(both, [])
        let (dotted, _) = checker.check(json: ["person": ["name": "ok"], "person.name": "long"])
        expectEqual(codes(dotted), ["person.name max_length"])
        // Items whose keys are all known are read in any order, to the same effect.
        let (items, none) = checker.check(json: ["pets": [["tag.code": "abc", "kind": "dog"], ["kind": "long"]]])
        expectEqual(codes(items), ["pets[0].tag.code max_length", "pets[1].kind max_length"])
        expectEqual(none, [])
    }

    /// A session, which reuses its memory from record to record, gives each record exactly what
    /// a fresh check gives, whatever came before it: lists of different lengths, failures,
    /// unknown keys.
    @Test func aSessionGivesWhatAFreshCheckGives() throws {
        let checker = try checker()
        let objects: [JSONObject] = [
            ["name": "ann", "age": 10, "children": [["child_name": "bo", "child_age": 12], ["child_age": 3, "shoe": 30]]],
            ["name": "ann", "age": "80", "vip": 1, "kind": "person", "birth": "01.02.1990", "tags": ["a"]],
            ["name": "ann", "age": 80.0, "vip": true, "plan": .null],
            ["name": "toolong", "kind": "company", "children": [["child_name": "x"]], "extra": 1],
            ["children": [1]],
            [:],
        ]
        let columns = checker.columns(["kind", "name", "inn", "age", "price", "children", "comment"])
        let rows: [[String]] = [
            ["company", "ann", "12", "20", "41", #"[{"child_name": "bo", "child_age": 30}, {}]"#, "x"],
            ["person", "", "", "x", "", "", ""],
            ["", "ann", "", "30", "60", #"[{"child_name": "a"}]"#, ""],
            ["person", "ann", "1234567890", "17", "34", "[1]", ""],
        ]
        let session = checker.session()
        for order in [Array(objects.indices), objects.indices.reversed(), [0, 4, 0, 5, 3, 3, 1]] {
            for index in order {
                let (violations, unknown) = session.check(json: objects[index])
                let fresh = checker.check(json: objects[index])
                expectEqual(violations, fresh.violations, "object \(index)")
                expectEqual(unknown, fresh.unknownKeys, "object \(index)")
            }
        }
        for order in [Array(rows.indices), rows.indices.reversed(), [0, 3, 0, 1, 2, 2]] {
            for index in order {
                expectEqual(
                    session.check(cells: rows[index], columns: columns), checker.check(cells: rows[index], columns: columns), "row \(index)"
                )
            }
        }
    }

    /// A form filled with a record's values reports the same issues as the record checker;
    /// batches 4 and 5 with numbers of more digits than a `Double` holds, bounds and
    /// `multiple_of` steps among them (issue 22).
    @Test(arguments: 0..<6)
    func agreesWithTheFormEngine(batch: Int) throws {
        var compared = 0, exact = 0
        for index in 0..<60 {
            let seed = UInt64(50_000 + batch * 1_000 + index)
            var generator = RandomRules(seed: seed, largeNumbers: batch >= 4)
            let rules = try RuleSet(yaml: generator.yaml(), source: "random.yaml")
            var form = Form(rules, today: Fixtures.today)
            for list in generator.lists {
                for _ in 0..<Int.random(in: 0...2, using: &generator.rng) { try form.append(list) }
            }
            // Fill the form field by field in file order (a topological order for these rules);
            // keep what the form accepts.
            for field in generator.fields where !field.isComputed {
                let count = field.list.map { form.itemCount($0) } ?? 1
                for item in 0..<count {
                    let path = field.list.map { "\($0)[\(item)]" + field.path.dropFirst($0.count) } ?? field.path
                    if let value = try? form.value(generator.randomValue(field.kind), for: path) {
                        _ = try? form.set(path, to: value)
                    }
                }
            }
            // The same values as a JSON record.
            var record: JSONObject = [:]
            for field in rules.fields where field.list == nil && field.type.holdsValue && !field.isComputed {
                if let value = form[field.path].value { record[field.path] = value.json }
            }
            for list in rules.fields where list.type == .list {
                record[list.path] = .array(
                    (0..<form.itemCount(list.path)).map { item in
                        var object: JSONObject = [:]
                        for member in list.members
                        where rules.fields[member.index].type.holdsValue && !rules.fields[member.index].isComputed {
                            let memberPath = rules.fields[member.index].path
                            let local = String(memberPath.dropFirst(list.path.count + 1))
                            if let value = form["\(list.path)[\(item)].\(local)"].value { object[local] = value.json }
                        }
                        return .object(object)
                    })
            }
            let checker = RecordChecker(rules, today: Fixtures.today)
            let fromChecker = checker.check(json: record).violations
                .filter { $0.severity == .error }
                .map { "\($0.field) \($0.code): \($0.message)" }
            let fromForm = form.allSlots().flatMap { slot in
                form.state(slot).issues.map { "\(form.path(slot)) \($0.code): \($0.message)" }
            }
            expectEqual(Set(fromChecker), Set(fromForm), "seed \(seed)")
            compared += fromForm.count
            exact +=
                fromForm.filter { issue in
                    issue.contains("multiple_of(") || RandomRules.largeBounds.contains { issue.hasSuffix(" \($0)") }
                }.count
        }
        #expect(compared > 100)
        if batch >= 4 { #expect(exact > 20, "issues of the large numbers' rules") }
    }
}

@Suite("RecordChecker: computed columns")
struct ComputedColumnTests {
    static let yaml = """
        form: order
        fields:
          - id: quantity
            type: integer
          - id: gift
            type: bool
          - id: total
            type: integer
            visible_if: gift != true
            value: quantity * 10
        """

    private func codes(_ record: [String: String]) throws -> [String] {
        let checker = RecordChecker(try RuleSet(yaml: Self.yaml, source: "order.yaml"), today: Fixtures.today)
        return checker.check(record).map { "\($0.field) \($0.code) \($0.value ?? "-")" }
    }

    /// An empty cell in a computed column is compared like any other: the rules compute 20.
    @Test func anEmptyCellOfAComputedColumnIsCompared() throws {
        expectEqual(try codes(["quantity": "2", "total": ""]), ["total computed -"])
        expectEqual(try codes(["quantity": "2", "total": "20"]), [])
    }

    /// The same in JSON: `null` and a missing key are as an empty cell and an absent column; an
    /// empty string is not a JSON number, and the message shows what was written, not what the
    /// rules compute.
    @Test func computedValuesInJSONRecords() throws {
        let checker = RecordChecker(try RuleSet(yaml: Self.yaml, source: "order.yaml"), today: Fixtures.today)
        func check(_ record: JSONObject) -> [String] {
            checker.check(json: record).violations.map { "\($0.field) \($0.code): \($0.message)" }
        }
        expectEqual(check(["quantity": 2, "total": .null]), ["total computed: total is '' but the rules compute '20'"])
        expectEqual(check(["quantity": 2, "total": 21]), ["total computed: total is '21' but the rules compute '20'"])
        expectEqual(check(["quantity": 2, "total": 20]), [])
        expectEqual(check(["quantity": 2]), [])
        expectEqual(check(["quantity": 2, "total": ""]), ["total type: total: '' is not a whole JSON number"])
    }

    /// A computed field the record has no column for is not checked; nor is an empty computed
    /// column whose inputs are empty too (both are empty).
    @Test func anAbsentColumnOrAnEmptyComputationIsNotReported() throws {
        expectEqual(try codes(["quantity": "2"]), [])
        expectEqual(try codes(["quantity": "", "total": ""]), [])
    }

    /// A hidden computed field computes no value: its empty cell is right, and a value in it is a
    /// hidden value (a warning), not also a wrong computation.
    @Test func aHiddenComputedFieldIsAHiddenValueOnly() throws {
        expectEqual(try codes(["quantity": "2", "gift": "true", "total": ""]), [])
        expectEqual(try codes(["quantity": "2", "gift": "true", "total": "20"]), ["total hidden_value 20"])
    }
}

/// Contracts of SPEC §2 and §6 that the other tests do not pin.
@Suite("RecordChecker: contracts")
struct RecordCheckerContractTests {
    private func check(_ yaml: String, _ record: [String: String], locale: String = "en") throws -> [String] {
        let checker = RecordChecker(try RuleSet(yaml: yaml, source: "t.yaml"), today: Fixtures.today, locale: locale)
        return checker.check(record).map { "\($0.field) \($0.code): \($0.message) [\($0.rule)]" }
    }

    /// `{field}`, `{title}`, `{value}`, `{min}`/`{max}` (evaluated now, in the field's date format),
    /// `{min_length}`, and a check's own message, which wins over the field's.
    @Test func placeholders() throws {
        let yaml = """
            defaults:
              date_format: dd.MM.yyyy
            fields:
              - id: start
                type: date
              - id: end
                type: date
                title: End date
                min: start
                max: start + 1y
                message: '{title} ({field}) is {value}, not between {min} and {max}'
              - id: code
                type: text
                min_length: 3
                messages:
                  min_length: 'At least {min_length}, not "{value}"'
                checks:
                  - expr: code != "abc"
                    message: {en: 'not {value}', ru: 'не {value}'}
            """
        #expect(
            try check(yaml, ["start": "01.03.2026", "end": "01.01.2026", "code": "ab"]) == [
                "end min: End date (end) is 01.01.2026, not between 01.03.2026 and 01.03.2027 [min: start]",
                "code min_length: At least 3, not \"ab\" [min_length: 3]",
            ])
        expectEqual(try check(yaml, ["code": "abc"], locale: "ru"), ["code check: не abc [expr: code != \"abc\"]"])
        expectEqual(try check(yaml, ["code": "abc"], locale: "de"), ["code check: not abc [expr: code != \"abc\"]"])
    }

    /// `hidden_values: keep`: a hidden field's value is still reported as hidden, and stays for
    /// the expressions that read it; under `clear` it counts as empty.
    @Test func hiddenValuesKeepOrClear() throws {
        func yaml(_ hidden: String) -> String {
            """
            defaults:
              hidden_values: \(hidden)
            fields:
              - id: show
                type: bool
              - id: nickname
                type: text
                visible_if: show == true
              - id: greeting
                type: text
                value: 'nickname + "!"'
            """
        }
        #expect(
            try check(yaml("keep"), ["show": "false", "nickname": "Bo", "greeting": "Bo!"]).map { $0.prefix(21) }
                == ["nickname hidden_value"])
        #expect(
            try check(yaml("clear"), ["show": "false", "nickname": "Bo", "greeting": "Bo!"]).map { $0.prefix(21) }
                == ["nickname hidden_value", "greeting computed: gr"])
    }

    /// `initial` values fill a new form, never an empty cell of a record.
    @Test func initialValuesDoNotFillRecords() throws {
        let yaml = """
            fields:
              - id: country
                initial: RU
                required: true
              - id: agree
                type: bool
                initial: true
                checks:
                  - expr: agree == true
            """
        // An empty field that is not required is valid: its checks do not run.
        expectEqual(try check(yaml, ["country": "", "agree": ""]), ["country required: country is required [required: true]"])
        #expect(
            try check(yaml, ["country": "KZ", "agree": "no"]) == [
                "agree check: agree has a value that is not accepted [expr: agree == true]"
            ])
    }

    /// A `matches()` that hits PCRE2's limits decides nothing: `regex_limit` is reported (it was
    /// false, so `not matches(…)` passed and a hostile value was called good).
    @Test func aRegexLimitInsideAnExpressionIsReported() throws {
        let yaml = """
            form: t
            fields:
              - id: code
                type: text
                checks:
                  - expr: not matches(code, '(a+)+$')
              - id: note
                visible_if: matches(code, '(a+)+$')
            """
        let hostile = String(repeating: "a", count: 40) + "b"
        #expect(
            try check(yaml, ["code": hostile, "note": ""]) == [
                "code regex_limit: code: a value is too complex for the regex of expr: not matches(code, '(a+)+$') [expr: not matches(code, '(a+)+$')]",
                "note regex_limit: note: a value is too complex for the regex of visible_if: matches(code, '(a+)+$') [visible_if: matches(code, '(a+)+$')]",
            ])
        expectEqual(try check(yaml, ["code": "aab", "note": ""]), [])
    }
}
