@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A list inside a list's item (issue 24 item 7): a driver's violations. The rules file, the
/// form, the batch checker and the agreement of the two.
@Suite("Nested lists")
struct NestedListTests {
    static let yaml = """
        form: fleet
        defaults:
          hidden_values: clear
        fields:
          - {id: strict, type: bool, initial: false}
          - {id: banned, initial: X1}
          - id: drivers
            type: list
            item:
              - {id: name, required: true}
              - {id: licensed, type: bool, initial: true}
              - id: violations
                type: list
                visible_if: licensed
                required: strict
                max_items: 2
                item:
                  - id: code
                    required: true
                    checks:
                      - expr: code != banned
                        message: code {banned} is not accepted
                  - id: points
                    type: integer
                    max: count(violations) * 10
                  - id: note
                    depends_on: [code]
                  - id: witness
                    depends_on: [name]
          - id: driver_count
            type: integer
            value: count(drivers)
        """

    static func rules() throws -> RuleSet { try RuleSet(yaml: yaml, source: "fleet.yaml") }

    static let today = Day(iso: "2026-11-22")!

    /// A form with two drivers, the second with two violations.
    static func form() throws -> Form {
        var form = Form(try rules(), today: today)
        try form.append("drivers")
        try form.append("drivers")
        try form.set("drivers[0].name", to: "Ann")
        try form.set("drivers[1].name", to: "Bob")
        try form.append("drivers[1].violations")
        try form.append("drivers[1].violations")
        try form.set("drivers[1].violations[0].code", to: "V1")
        try form.set("drivers[1].violations[1].code", to: "V2")
        return form
    }

    // MARK: - Rules file

    @Test func aListInsideAListsItemCompiles() throws {
        let rules = try Self.rules()
        expectEqual(rules.field("drivers.violations")?.type, .list)
        expectEqual(rules.field("drivers.violations.code")?.list, rules.field("drivers.violations")?.id)
        expectEqual(rules.field("drivers.violations")?.list, rules.field("drivers")?.id)
    }

    @Test func aThirdLevelAndNamesOutOfScopeAreErrors() {
        let diagnostics = RuleSetCompiler.compile(
            """
            fields:
              - id: a
                type: list
                item:
                  - id: b
                    type: list
                    item:
                      - id: c
                        type: list
                        item: [{id: x}]
                      - {id: y}
                  - {id: z, visible_if: b.y == "1"}
              - {id: n, type: integer, value: count(a.b)}
              - {id: s, type: number, value: sum(a.b.y)}
              - id: w
                type: list
                item:
                  - {id: v, type: bool}
                  - id: u
                    type: list
                    item: [{id: t, type: integer}]
                  - {id: q, type: bool, value: 'any(u, t > 1)'}
            """, source: "deep.yaml"
        ).diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        #expect(
            diagnostics == [
                "8:17 list 'c' is 3 lists deep; lists nest at most 2 deep (a list inside a list's item)",
                "12:29 'a.b.y' is a field of each item of 'a.b'; outside an item only count(a.b) and empty(a.b) can be used",
                "13:41 'a.b' is a field of each item of 'a'; outside an item only count(a) and empty(a) can be used",
                // Aggregates read the items of an outermost list only.
                "14:38 sum() reads the items of a list that is not inside another list's item; 'a.b' is",
                "22:41 any() reads the items of a list that is not inside another list's item; 'w.u' is",
            ])
    }

    // MARK: - Form

    @Test func innerItemsAreAddressedWithBothIndices() throws {
        var form = try Self.form()
        expectEqual(form.itemCount("drivers[0].violations"), 0)
        expectEqual(form.itemCount("drivers[1].violations"), 2)
        expectEqual(form["drivers[1].violations[1].code"].value, .text("V2"))
        expectEqual(form["drivers[0].violations[0].code"], .absent)
        // Points' bound reads this driver's count of violations.
        try form.set("drivers[1].violations[0].points", to: .number(25))
        expectEqual(form["drivers[1].violations[0].points"].issues.map(\.code), [.max])
        try form.set("drivers[1].violations[0].points", to: .number(20))
        #expect(form["drivers[1].violations[0].points"].isValid)
        #expect(throws: FormError.self) { try form.set("drivers[1].violations[2].code", to: "V3") }
        #expect(throws: FormError.self) { try form.set("drivers.violations.code", to: "V3") }
        #expect(throws: FormError.self) { try form.append("drivers.violations") }
    }

    @Test func addingAnInnerItemReportsItsOwnPaths() throws {
        var form = try Self.form()
        let changes = try form.append("drivers[0].violations")
        expectEqual(changes.items, ["drivers[0].violations": 1])
        expectEqual(changes.issues["drivers[0].violations[0].code"]?.map(\.code), [.required])
        // Bob's violations moved along in the table, but nothing about them changed.
        #expect(!changes.values.keys.contains { $0.hasPrefix("drivers[1]") })
        #expect(!changes.issues.keys.contains { $0.hasPrefix("drivers[1]") })
        expectEqual(form["drivers[1].violations[0].code"].value, .text("V1"))
    }

    @Test func removingAnOuterItemTakesItsInnerItems() throws {
        var form = try Self.form()
        let changes = try form.remove("drivers", at: 0)
        expectEqual(form.itemCount("drivers"), 1)
        expectEqual(form.itemCount("drivers[0].violations"), 2)
        expectEqual(form["drivers[0].violations[1].code"].value, .text("V2"))
        expectEqual(changes.items["drivers"], 1)
        expectEqual(changes.items["drivers[0].violations"], 2)
        expectEqual(changes.values["drivers[0].violations[0].code"], .some(.text("V1")))
        expectEqual(changes.values["drivers[1].violations[0].code"], .some(nil))
        expectEqual(changes.items["drivers[1].violations"], 0)
    }

    @Test func movingAnOuterItemMovesItsInnerItems() throws {
        var form = try Self.form()
        try form.move("drivers", from: 1, to: 0)
        expectEqual(form["drivers[0].name"].value, .text("Bob"))
        expectEqual(form["drivers[0].violations[1].code"].value, .text("V2"))
        expectEqual(form.itemCount("drivers[1].violations"), 0)
        try form.move("drivers[0].violations", from: 1, to: 0)
        expectEqual(form["drivers[0].violations[0].code"].value, .text("V2"))
    }

    @Test func dependsOnClearsThroughBothLevels() throws {
        var form = try Self.form()
        try form.set("drivers[1].violations[0].note", to: "speeding")
        try form.set("drivers[1].violations[1].witness", to: "Eve")
        // Another code clears that violation's note only.
        var changes = try form.set("drivers[1].violations[0].code", to: "V9")
        expectEqual(changes.values["drivers[1].violations[0].note"], .some(nil))
        expectEqual(
            form["drivers[1].violations[0].note"].provenance,
            .cleared(.dependsOn("drivers[1].violations[0].code"), edit: "set drivers[1].violations[0].code"))
        // The driver's name is read from the outer item: another name clears the witnesses of that driver.
        changes = try form.set("drivers[1].name", to: "Rob")
        expectEqual(changes.values["drivers[1].violations[1].witness"], .some(nil))
        expectEqual(
            form["drivers[1].violations[1].witness"].provenance, .cleared(.dependsOn("drivers[1].name"), edit: "set drivers[1].name"))
        expectEqual(form["drivers[1].violations[0].code"].value, .text("V9"))
    }

    @Test func hiddenValuesClearThroughBothLevels() throws {
        var form = try Self.form()
        let changes = try form.set("drivers[1].licensed", to: .bool(false))
        expectEqual(changes.visible["drivers[1].violations"], false)
        expectEqual(changes.values["drivers[1].violations[0].code"], .some(nil))
        expectEqual(form["drivers[1].violations[1].code"].isVisible, false)
        // The items stay: the list is hidden, not emptied.
        expectEqual(form.itemCount("drivers[1].violations"), 2)
    }

    @Test func requiredAndMaxItemsOfTheInnerList() throws {
        var form = try Self.form()
        #expect(form["drivers[0].violations"].isValid)
        let changes = try form.set("strict", to: .bool(true))
        expectEqual(changes.issues["drivers[0].violations"]?.map(\.code), [.required])
        expectEqual(changes.issues["drivers[1].violations"], nil)
        try form.append("drivers[1].violations")
        expectEqual(form["drivers[1].violations"].issues.map(\.code), [.items])
    }

    @Test func snapshotsRoundTrip() throws {
        var form = try Self.form()
        try form.set("drivers[1].violations[1].points", to: .number(5))
        let snapshot = form.snapshot
        expectEqual(snapshot.items, ["drivers": 2, "drivers[0].violations": 0, "drivers[1].violations": 2])
        let restored = try Form(try Self.rules(), snapshot: snapshot, today: Self.today)
        expectEqual(restored.snapshot, snapshot)
        expectEqual(restored.record, form.record)
    }

    @Test func incrementalEditsAgreeWithFullEvaluation() throws {
        var incremental = try Self.form()
        var full = try Self.form()
        full.evaluationMode = .full
        var random = SeededRandom(seed: 24)
        let edits: [(inout Form) throws -> ChangeSet] = [
            { try $0.append("drivers[0].violations") },
            { try $0.insert("drivers", at: 0) },
            { try $0.set("drivers[2].violations[0].code", to: "X1") },
            { try $0.move("drivers", from: 2, to: 0) },
            { try $0.set("drivers[0].licensed", to: .bool(false)) },
            { try $0.remove("drivers", at: 1) },
            { try $0.set("strict", to: .bool(true)) },
            { try $0.append("drivers[0].violations") },
            { try $0.set("drivers[0].licensed", to: .bool(true)) },
            { try $0.remove("drivers[0].violations", at: Int(random.next() % 2)) },
        ]
        for (index, edit) in edits.enumerated() {
            let a = try edit(&incremental)
            let b = try edit(&full)
            expectEqual(a, b, "edit \(index)")
            expectEqual(incremental.snapshot, full.snapshot, "edit \(index)")
        }
    }

    // MARK: - Batch

    static let record = """
        {"strict": true, "banned": "X1", "drivers": [
          {"name": "Ann", "licensed": true},
          {"name": "Bob", "licensed": true, "violations": [{"code": "X1"}, {"points": 31}, {"code": "V3"}]}
        ], "driver_count": 2}
        """

    @Test func aNestedRecordIsCheckedAtEachItemsPath() throws {
        let checker = RecordChecker(try Self.rules(), today: Self.today)
        guard case .object(let record) = try JSONParser().parse(Self.record) else { throw FormError(.typeMismatch, "not an object") }
        let found = checker.check(json: record).violations.map { "\($0.field) \($0.code)" }
        expectEqual(
            found,
            [
                "drivers[0].violations required", "drivers[1].violations items", "drivers[1].violations[0].code check",
                "drivers[1].violations[1].code required", "drivers[1].violations[1].points max",
            ])
    }

    /// In CSV, as for one level, the outer list's cell holds the JSON array, inner arrays and all.
    @Test func aCSVCellHoldsTheInnerArrays() throws {
        let checker = RecordChecker(try Self.rules(), today: Self.today)
        let columns = checker.columns(["strict", "banned", "drivers"])
        let cell =
            #"[{"name": "Ann", "licensed": true}, {"name": "Bob", "licensed": true, "violations": [{"code": "X1"}, {"points": 31}, {"code": "V3"}]}]"#
        let found = checker.check(cells: ["true", "X1", cell], columns: columns).map { "\($0.field) \($0.code)" }
        expectEqual(
            found,
            [
                "drivers[0].violations required", "drivers[1].violations items", "drivers[1].violations[0].code check",
                "drivers[1].violations[1].code required", "drivers[1].violations[1].points max",
            ])
    }

    @Test func theFormOfARecordFindsWhatTheCheckerFinds() throws {
        let rules = try Self.rules()
        guard case .object(let record) = try JSONParser().parse(Self.record) else { throw FormError(.typeMismatch, "not an object") }
        let batch = RecordChecker(rules, today: Self.today).check(json: record).violations
        let (form, dropped) = Form.filled(rules, record: record, today: Self.today)
        #expect(dropped.isEmpty)
        var fromForm: [String] = []
        for path in ["drivers[0].violations", "drivers[1].violations"] {
            fromForm += form[path].issues.map { "\(path) \($0.code)" }
        }
        for item in 0..<3 {
            for field in ["code", "points", "note", "witness"] {
                let path = "drivers[1].violations[\(item)].\(field)"
                fromForm += form[path].issues.map { "\(path) \($0.code)" }
            }
        }
        #expect(fromForm == batch.map { "\($0.field) \($0.code)" })
        expectEqual(form.record, record)
    }
}
