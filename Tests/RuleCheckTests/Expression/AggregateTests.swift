import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Aggregates over a list's items — `sum()`, `min()`, `max()`, `any()`, `all()` — and a list's
/// `unique_by`: their values, their type errors, their incremental re-evaluation (a ChangeSet
/// holds exactly what they change), and the batch checker agreeing with the form.
@Suite("Aggregates over list items")
struct AggregateTests {
    static let yaml = """
        form: fleet
        fields:
          - id: drivers
            title: Drivers
            type: list
            unique_by: [license]
            item:
              - {id: name, type: text}
              - {id: license, type: text, title: Licence number}
              - {id: premium, type: number}
              - {id: birth_date, type: date}
              - id: share
                type: number
                value: round(premium * 100 / sum(drivers.premium))
          - id: total
            type: number
            value: sum(drivers.premium)
          - id: oldest
            type: date
            value: min(drivers.birth_date)
          - id: highest
            type: number
            value: max(drivers.premium)
          - id: has_young
            type: bool
            value: any(drivers, birth_date > today - 21y)
          - id: all_named
            type: bool
            value: all(drivers, name != null)
          - id: young_note
            type: text
            visible_if: any(drivers, birth_date > today - 21y)
            required: true
          - id: cap
            type: number
            checks:
              - expr: cap >= sum(drivers.premium)
                message: 'The cap is below the total premium'
          - id: unrelated
            type: text
          - id: vehicles
            type: list
            item:
              - {id: price, type: number}
              - id: above
                type: bool
                value: price > max(drivers.premium)
        """

    static func rules() throws -> RuleSet { try RuleSet(yaml: yaml, source: "fleet.yaml") }

    static let today = Day(iso: "2026-11-22")!

    // MARK: Values

    @Test func noItemsGiveTheDocumentedValues() throws {
        let form = Form(try Self.rules(), today: Self.today)
        expectEqual(form["total"].value, .number(0))
        expectEqual(form["oldest"].value, nil)
        expectEqual(form["highest"].value, nil)
        expectEqual(form["has_young"].value, .bool(false))
        expectEqual(form["all_named"].value, .bool(true))
        expectEqual(form["young_note"].isVisible, false)
    }

    @Test func aggregatesReadEveryItemAndSkipEmptyOnes() throws {
        var form = Form(try Self.rules(), today: Self.today)
        for _ in 0..<3 { try form.append("drivers") }
        try form.set("drivers[0].premium", to: .number(120.5))
        try form.set("drivers[2].premium", to: .number(79.5))
        try form.set("drivers[0].birth_date", to: .date(Day(iso: "1980-05-01")!))
        try form.set("drivers[1].birth_date", to: .date(Day(iso: "2007-01-10")!))
        expectEqual(form["total"].value, .number(200))
        expectEqual(form["highest"].value, .number(120.5))
        expectEqual(form["oldest"].value, .date(Day(iso: "1980-05-01")!))
        expectEqual(form["has_young"].value, .bool(true))
        #expect(form["young_note"].isVisible)
        expectEqual(form["all_named"].value, .bool(false))
        expectEqual(form["drivers[0].share"].value, .number(60))
        expectEqual(form["drivers[1].share"].value, nil, "an empty premium's share is empty")
        expectEqual(form["drivers[2].share"].value, .number(40))
    }

    // MARK: Incremental

    @Test func editingAnItemFieldChangesExactlyItsAggregatesDependents() throws {
        var form = Form(try Self.rules(), today: Self.today)
        try form.append("drivers")
        try form.append("drivers")
        try form.set("drivers[0].premium", to: .number(100))
        let changes = try form.set("drivers[1].premium", to: .number(300))
        expectEqual(Set(changes.values.keys), ["drivers[1].premium", "total", "highest", "drivers[0].share", "drivers[1].share"])
        expectEqual(changes.values["drivers[0].share"], .some(.number(25)))
        expectEqual(changes.values["total"], .some(.number(400)))
        #expect(changes.visible.isEmpty && changes.required.isEmpty)
        // cap is empty: its check does not run, so its issues do not change either.
        #expect(changes.issues.isEmpty)

        let named = try form.set("drivers[0].name", to: .text("Anna"))
        expectEqual(Set(named.values.keys), ["drivers[0].name"], "all_named stays false: driver 2 has no name")
        let allNamed = try form.set("drivers[1].name", to: .text("Boris"))
        expectEqual(Set(allNamed.values.keys), ["drivers[1].name", "all_named"])
    }

    @Test func anotherListsItemsReadTheAggregateInEveryItem() throws {
        var form = Form(try Self.rules(), today: Self.today)
        try form.append("drivers")
        for price in [50.0, 150.0] {
            try form.append("vehicles")
            try form.set("vehicles[\(form.itemCount("vehicles") - 1)].price", to: .number(price))
        }
        let changes = try form.set("drivers[0].premium", to: .number(100))
        // No premium was `price > null`, false: only the second vehicle's answer changes.
        expectEqual(Set(changes.values.keys), ["drivers[0].premium", "drivers[0].share", "total", "highest", "vehicles[1].above"])
        expectEqual(changes.values["vehicles[1].above"], .some(.bool(true)))
        let higher = try form.set("drivers[0].premium", to: .number(120))
        expectEqual(Set(higher.values.keys), ["drivers[0].premium", "total", "highest"], "no vehicle's answer changed")
        let lower = try form.set("drivers[0].premium", to: .number(40))
        expectEqual(lower.values["vehicles[0].above"], .some(.bool(true)))
    }

    @Test func addingAndRemovingItemsReevaluatesTheAggregates() throws {
        var form = Form(try Self.rules(), today: Self.today)
        try form.set("cap", to: .number(150))
        let added = try form.append("drivers")
        expectEqual(added.items, ["drivers": 1])
        expectEqual(added.values["all_named"], .some(.bool(false)))
        expectEqual(added.values["total"], nil, "an empty item leaves the sum at 0")
        try form.set("drivers[0].premium", to: .number(100))
        try form.append("drivers")
        let over = try form.set("drivers[1].premium", to: .number(80))
        expectEqual(over.issues["cap"]?.map(\.message), ["The cap is below the total premium"])
        let removed = try form.remove("drivers", at: 0)
        expectEqual(removed.values["total"], .some(.number(80)))
        expectEqual(removed.values["highest"], .some(.number(80)))
        expectEqual(removed.issues["cap"], [])
        expectEqual(removed.values["drivers[0].share"], .some(.number(100)))
        let moved = try form.move("drivers", from: 0, to: 0)
        #expect(moved.isEmpty)
    }

    @Test func visibilityFollowsAnyOverItems() throws {
        var form = Form(try Self.rules(), today: Self.today)
        try form.append("drivers")
        let young = try form.set("drivers[0].birth_date", to: .date(Day(iso: "2008-03-01")!))
        expectEqual(young.visible["young_note"], true)
        expectEqual(young.required["young_note"], true)
        expectEqual(young.issues["young_note"]?.map(\.code), [.required])
        expectEqual(young.values["has_young"], .some(.bool(true)))
        let removed = try form.remove("drivers", at: 0)
        expectEqual(removed.visible["young_note"], false)
    }

    /// Random edits of items, with seeded randomness: the incremental form equals a full
    /// re-evaluation after every edit, and each ChangeSet is the difference of the two states.
    @Test(arguments: 0..<4)
    func incrementalEqualsFullEvaluation(seed: Int) throws {
        let rules = try Self.rules()
        var random = SeededRandom(seed: UInt64(seed))
        var incremental = Form(rules, today: Self.today)
        var full = incremental
        full.evaluationMode = .full
        let names: [JSONValue] = [.null, "Anna", "Boris"]
        let licences: [JSONValue] = [.null, "AB 1", "AB 2", "AB 3"]
        let dates: [JSONValue] = [.null, "1970-01-01", "2007-06-30", "1999-12-31"]
        for step in 0..<150 {
            let count = incremental.itemCount("drivers")
            let item = count == 0 ? 0 : Int.random(in: 0..<count, using: &random)
            let edit: FormEdit
            switch Int.random(in: 0..<10, using: &random) {
            case 0: edit = .append("drivers")
            case 1 where count > 0: edit = .remove("drivers", at: item)
            case 2 where count > 1: edit = .move("drivers", from: item, to: (item + 1) % count)
            case 3 where Bool.random(using: &random): edit = .set("cap", .number(Double(Int.random(in: 0..<500, using: &random))))
            case 3 where incremental.itemCount("vehicles") > 0:
                edit = .set("vehicles[0].price", .number(Double(Int.random(in: 0..<200, using: &random))))
            case 3: edit = .append("vehicles")
            case 4 where count > 0: edit = .set("drivers[\(item)].name", random.pick(names))
            case 5 where count > 0: edit = .set("drivers[\(item)].license", random.pick(licences))
            case 6 where count > 0: edit = .set("drivers[\(item)].birth_date", random.pick(dates))
            case _ where count > 0: edit = .set("drivers[\(item)].premium", .number(Double(Int.random(in: 0..<200, using: &random))))
            default: edit = .append("drivers")
            }
            let before = incremental
            let changes = try incremental.apply(edit)
            let fullChanges = try full.apply(edit)
            expectEqual(changes, fullChanges, "seed \(seed), step \(step): \(edit)")
            expectEqual(changes, incremental.difference(from: before), "seed \(seed), step \(step): \(edit)")
            let slots = incremental.allSlots()
            #expect(slots == full.allSlots() && slots.allSatisfy { incremental.state($0) == full.state($0) })
        }
    }

    @Test func anExplanationShowsEveryItemsValue() throws {
        var form = Form(try Self.rules(), today: Self.today)
        for premium in [10.0, 20.0] {
            try form.append("drivers")
            try form.set("drivers[\(form.itemCount("drivers") - 1)].premium", to: .number(premium))
        }
        expectEqual(
            form.explain("total").source,
            "computed by value: sum(drivers.premium) with drivers[*].premium = 10, 20, with count(drivers) = 2")
    }

    // MARK: unique_by

    @Test func uniqueByIsAnIssueOfTheList() throws {
        var form = Form(try Self.rules(), today: Self.today)
        for _ in 0..<3 { try form.append("drivers") }
        try form.set("drivers[0].license", to: .text("77 01 123456"))
        let duplicate = try form.set("drivers[2].license", to: .text("77 01 123456"))
        expectEqual(duplicate.issues["drivers"]?.map(\.code), [.unique])
        expectEqual(form["drivers"].issues.map(\.message), ["Drivers: items 1 and 3 have the same Licence number"])
        expectEqual(form["drivers"].issues.map(\.rule), ["unique_by: [license]"])
        // Moving an item renumbers the message; an empty licence is no duplicate.
        let moved = try form.move("drivers", from: 2, to: 1)
        expectEqual(moved.issues["drivers"]?.map(\.message), ["Drivers: items 1 and 2 have the same Licence number"])
        let fixed = try form.set("drivers[1].license", to: nil)
        expectEqual(fixed.issues["drivers"], [])
    }

    @Test func uniqueByMessagesFollowTheLocale() throws {
        var form = Form(try Self.rules(), today: Self.today, locale: "fa")
        for _ in 0..<2 { try form.append("drivers") }
        try form.set("drivers[0].license", to: .text("X"))
        try form.set("drivers[1].license", to: .text("X"))
        expectEqual(form["drivers"].issues.map(\.message), ["Drivers: موردهای ۱ و ۲ در «Licence number» یکسان‌اند"])
    }

    // MARK: Batch agreement

    @Test func theBatchCheckerAgreesWithTheForm() throws {
        let rules = try Self.rules()
        var form = Form(rules, today: Self.today)
        try form.set("cap", to: .number(100))
        for _ in 0..<3 { try form.append("drivers") }
        try form.set("drivers[0].premium", to: .number(60))
        try form.set("drivers[1].premium", to: .number(50))
        try form.set("drivers[0].license", to: .text("L1"))
        try form.set("drivers[2].license", to: .text("L1"))
        try form.set("drivers[1].birth_date", to: .date(Day(iso: "2010-02-02")!))
        let checker = RecordChecker(rules, today: Self.today)
        let violations = checker.check(json: form.record).violations
        var issues: [String] = []
        for slot in form.allSlots() {
            for issue in form.state(slot).issues { issues.append("\(form.path(slot)) \(issue.code) \(issue.message)") }
        }
        let found = violations.map { "\($0.field) \($0.code) \($0.message)" }
        expectEqual(Set(found), Set(issues))
        expectEqual(
            Set(issues),
            [
                "drivers unique Drivers: items 1 and 3 have the same Licence number", "young_note required young_note is required",
                "cap check The cap is below the total premium",
            ])
    }

    @Test func aWrongAggregateInARecordIsAComputedViolation() throws {
        let checker = RecordChecker(try Self.rules(), today: Self.today)
        let record: JSONObject = [
            "drivers": [["premium": 10, "share": 25], ["premium": 30, "share": 75]],
            "total": 50, "highest": 30, "has_young": false, "all_named": false,
        ]
        let violations = checker.check(json: record).violations
        #expect(violations.map { "\($0.field) \($0.code)" } == ["total computed"])
        expectEqual(violations.first?.message, "total is '50' but the rules compute '40'")
    }

    @Test func csvCellsOfListsAreAggregatedToo() throws {
        let checker = RecordChecker(try Self.rules(), today: Self.today)
        let violations = checker.check([
            "drivers": #"[{"license": "A", "premium": 5}, {"license": "A", "premium": 7}]"#, "cap": "10",
        ])
        #expect(violations.map { "\($0.field) \($0.code)" } == ["drivers unique", "cap check"])
    }

    /// The byte readers keep a text no expression reads as bytes: `unique_by` and `any()` read
    /// their texts as values, so different licences are no duplicate on any path.
    @Test(arguments: [
        #"{"drivers": [{"license": "A"}, {"license": "B"}, {"license": "A"}]}"#, #"{"drivers": [{"license": "A"}, {"license": "B"}]}"#,
    ])
    func everyReaderComparesTheKeysValues(json: String) throws {
        let checker = RecordChecker(try Self.rules(), today: Self.today)
        let session = checker.session()
        let bytes = Array(json.utf8)
        let fromBytes = try #require(bytes.withUnsafeBufferPointer { session.check(json: $0, maxDepth: 64) })
        guard case .object(let object) = try JSONParser().parse(json) else { return }
        let fromObject = checker.check(json: object).violations
        expectEqual(fromBytes.map(\.description), fromObject.map(\.description))
        let columns = checker.columns(["drivers"])
        let fromCells = session.check(cells: [String(json.dropFirst(12).dropLast())], columns: columns)
        expectEqual(fromCells.map(\.message), fromObject.map(\.message))
        #expect(fromObject.filter { $0.code == .unique }.count == (json.contains(#""B"}, {"license": "A""#) ? 1 : 0))
    }

    // MARK: Type errors

    private static func error(_ field: String, item: String = "") -> String {
        let yaml = """
            form: f
            fields:
              - id: drivers
                type: list
                item:
                  - {id: name, type: text}
                  - {id: premium, type: number}
                  - {id: birth_date, type: date}\(item)
              - id: total
                type: number
              - \(field)
            """
        do {
            _ = try RuleSet(yaml: yaml, source: "f.yaml")
            return "compiles"
        } catch {
            // The first line: the location and the message (the source line and caret follow).
            return String(error.description.prefix { $0 != "\n" })
        }
    }

    @Test func typeErrorsAreReportedWhereTheyAreWritten() {
        expectEqual(
            Self.error("{id: x, type: number, value: sum(drivers.name)}"),
            "f.yaml:11:38: error: sum() needs a number in every item, but 'drivers.name' is text [RC3005]")
        expectEqual(Self.error("{id: x, type: bool, value: max(drivers.birth_date) > 2000-01-01}"), "compiles")
        expectEqual(
            Self.error("{id: x, type: number, value: min(total)}"),
            "f.yaml:11:38: error: min() needs a field of a list's items, such as min(drivers.birth_date), but 'total' is not one [RC3006]")
        expectEqual(
            Self.error("{id: x, type: bool, value: 'any(total, true)'}"),
            "f.yaml:11:37: error: any() needs a list field first, such as any(drivers, age < 21) [RC3005]")
        expectEqual(
            Self.error("{id: x, type: bool, value: 'any(drivers, premium > sum(drivers.premium) / 2)'}"),
            "f.yaml:11:56: error: sum() cannot be used inside the condition of any() or all(); compute it in a field of its own and name that [RC3006]"
        )
        expectEqual(
            Self.error("{id: x, type: bool, value: 'all(drivers, premium)'}"),
            "f.yaml:11:46: error: expected a condition (bool), but this is a number; write 'premium != null' or 'not empty(premium)' [RC3003]"
        )
        expectEqual(
            Self.error("{id: x, type: bool, value: 'any(drivers, nme == null)'}"),
            "f.yaml:11:46: error: unknown field 'nme'; did you mean 'name'? [RC3002]")
        expectEqual(
            Self.error("{id: x, type: number, value: drivers.premium}"),
            "f.yaml:11:34: error: 'drivers.premium' is a field of each item of 'drivers'; outside an item read it through sum(drivers.premium), min(), max(), any(drivers, …) or all(drivers, …), or use count(drivers) [RC3006]"
        )
        expectEqual(
            Self.error("{id: x, type: text}", item: "\n      - {id: share, type: number, value: sum(premium)}"),
            "f.yaml:9:46: error: 'premium' is this item's own value; write sum(drivers.premium) for every item's [RC3006]")
        expectEqual(
            Self.error("{id: x, type: text}", item: "\n      - {id: share, type: number, value: premium / sum(drivers.premium)}"),
            "compiles")
        expectEqual(
            Self.error("{id: x, type: text}", item: "\n      - {id: top, type: number, checks: [{expr: top >= max(drivers.top)}]}"),
            "f.yaml:9:60: error: a check or bound of 'drivers.top' cannot read the field itself in every item [RC3006]")
        expectEqual(
            Self.error("{id: x, type: integer, value: sum(drivers.premium)}"),
            "f.yaml:11:35: error: the value of x must be a whole number, but 'sum(drivers.premium)' can have a fraction; round it with round(), floor(), ceil() or trunc() [RC3003]"
        )
    }

    @Test func uniqueByNamesFieldsOfTheItems() {
        let yaml = """
            form: f
            fields:
              - id: drivers
                type: list
                unique_by: [nme]
                item:
                  - {id: name, type: text}
              - {id: x, type: text, unique_by: [x]}
            """
        do {
            _ = try RuleSet(yaml: yaml, source: "f.yaml")
            Testing.Issue.record("compiles")
        } catch {
            #expect(
                error.description.split(separator: "\n").filter { $0.contains(": error: ") }.joined(separator: "\n")
                    == """
                    f.yaml:5:17: error: unique_by names fields of the list's items; 'nme' is not one of 'drivers'; did you mean 'name'? [RC3002]
                    f.yaml:8:25: error: 'unique_by' applies to list fields, not text fields [RC2017]
                    """)
        }
    }

    // MARK: JSON Schema

    @Test func exportThenImportKeepsAggregatesAndUniqueBy() throws {
        let rules = try Self.rules()
        let schema = rules.jsonSchema()
        #expect(schema.contains(#""x-rulecheck-unique-by": ["license"]"#) || schema.contains(#""x-rulecheck-unique-by":["license"]"#))
        #expect(schema.contains("sum(drivers.premium)"))
        let imported = try RuleSet(jsonSchema: Data(schema.utf8), source: "fleet.schema.json")
        expectEqual(imported.field("drivers")?.uniqueKeys.map(\.name), ["license"])
        expectEqual(imported.field("total")?.computed?.text, "sum(drivers.premium)")
        expectEqual(imported.field("has_young")?.computed?.text, "any(drivers, birth_date > today - 21y)")
        let record: JSONObject = [
            "drivers": [["license": "A", "premium": 10], ["license": "A", "premium": 30, "birth_date": "2008-01-01"]],
            "total": 40, "cap": 5,
        ]
        let original = RecordChecker(rules, today: Self.today).check(json: record).violations
        let roundTripped = RecordChecker(imported, today: Self.today).check(json: record).violations
        expectEqual(original.map(\.description), roundTripped.map(\.description))
        #expect(original.map(\.code).contains(.unique))
    }
}
