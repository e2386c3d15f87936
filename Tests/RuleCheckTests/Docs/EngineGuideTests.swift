import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

// Every Swift snippet of Docs/engine.md, run against the example rules with the public API only.
// The `#expect`s state the values the snippets' comments show.

/// A file of the repository, found from this file's path (Tests/RuleCheckTests/…).
private func repositoryFile(_ path: String) -> URL {
    Repository.file(path)
}

private let today = Day(iso: "2026-11-22")!

// MARK: - The screen of "Applying a ChangeSet to the screen"

/// What one row of the screen shows.
struct Row: Equatable {
    var value: Value?
    var isVisible: Bool
    var isEnabled: Bool
    var isRequired: Bool
    var errors: [String]

    init(_ state: FieldState) {
        value = state.value
        isVisible = state.isVisible
        isEnabled = state.isEnabled
        isRequired = state.isRequired
        errors = state.issues.map(\.message)
    }
}

/// A form shown as rows, one per field path, updated row by row from each edit's ChangeSet.
struct FormScreen {
    private(set) var form: Form
    private(set) var rows: [String: Row] = [:]
    private(set) var submitEnabled: Bool
    /// The rows the last edit touched: the ones a table view reloads.
    private(set) var updated: Set<String> = []

    init(form: Form) {
        self.form = form
        for section in form.rules.sections {
            for path in form.fields(in: section.id) { rows[path] = Row(form[path]) }
        }
        submitEnabled = form.gate("submit").isOpen
    }

    mutating func set(_ path: String, to value: Value?) throws(FormError) {
        apply(try form.set(path, to: value))
    }

    mutating func append(_ list: String) throws(FormError) {
        apply(try form.append(list))
    }

    mutating func remove(_ list: String, at index: Int) throws(FormError) {
        apply(try form.remove(list, at: index))
    }

    private mutating func apply(_ changes: ChangeSet) {
        updated = []
        func update(_ path: String, _ change: (inout Row) -> Void) {
            var row = rows[path] ?? Row(.absent)  // a new item's field starts absent
            change(&row)
            rows[path] = row
            updated.insert(path)
        }
        for (path, value) in changes.values { update(path) { $0.value = value } }
        for (path, visible) in changes.visible { update(path) { $0.isVisible = visible } }
        for (path, enabled) in changes.enabled { update(path) { $0.isEnabled = enabled } }
        for (path, required) in changes.required { update(path) { $0.isRequired = required } }
        for (path, issues) in changes.issues { update(path) { $0.errors = issues.map(\.message) } }
        // A list that lost items: the rows past its new end are deleted.
        for (list, count) in changes.items {
            for path in rows.keys where (Self.itemIndex(path, in: list) ?? -1) >= count {
                rows[path] = nil
            }
        }
        if let open = changes.gates["submit"] { submitEnabled = open }
    }

    /// 2 for `drivers[2].full_name` in the list `drivers`.
    private static func itemIndex(_ path: String, in list: String) -> Int? {
        guard path.hasPrefix(list + "["), let close = path.firstIndex(of: "]") else { return nil }
        return Int(path[path.index(path.startIndex, offsetBy: list.count + 1)..<close])
    }
}

@Suite("Engine guide (Docs/engine.md)")
struct EngineGuideTests {
    let url = repositoryFile("Rules/osago.yaml")
    let signupURL = repositoryFile("Rules/signup.yaml")

    private func osago() throws -> Form {
        Form(try RuleSet(contentsOf: url), today: today)
    }

    // MARK: A rule set and a form

    @Test func aRuleSetAndAForm() throws {
        let rules = try RuleSet(contentsOf: url)  // Rules/osago.yaml, read and compiled once
        let form = Form(rules, today: Day(iso: "2026-11-22")!, locale: "en")
        expectEqual(rules.form, "osago_policy")
        #expect(rules.warnings.isEmpty)
        #expect(form.today == today && form.locale == "en")
        #expect(form["term_months"].value == 12)  // its initial value
    }

    @Test func rulesErrorsListEveryDiagnostic() {
        var printed: [String] = []
        do {
            _ = try RuleSet(yaml: "fields:\n  - id: a\n    visibel_if: true\n", source: "form.yaml")
        } catch {
            for diagnostic in error.errors {
                printed.append(diagnostic.description)
            }
        }
        expectEqual(
            printed,
            [
                "form.yaml:3:5: error: unknown key 'visibel_if' in a field; did you mean 'visible_if'? [RC2001]\n"
                    + "        visibel_if: true\n"
                    + "        ^"
            ])
    }

    // MARK: Reading a field's state

    @Test func readingAFieldsState() throws {
        let form = try osago()
        let state = form["doc_number"]
        expectEqual(state.value, nil)
        expectEqual(state.isVisible, false)
        expectEqual(state.isEnabled, true)
        expectEqual(state.isRequired, false)
        #expect(state.issues.isEmpty)
        #expect(state.isValid)
        expectEqual(state.provenance, .empty)
        expectEqual(form["drivers[5].full_name"], .absent)
        expectEqual(form.itemCount("drivers"), 0)
    }

    // MARK: Editing

    @Test func editing() throws {
        var form = try osago()
        let changes = try form.set("doc_type", to: "passport")
        expectEqual(changes.values, ["doc_type": "passport"])
        expectEqual(changes.visible, ["doc_number": true, "doc_issue_date": true])
        expectEqual(changes.required, ["doc_number": true, "doc_issue_date": true])
        expectEqual(
            changes.issues.mapValues { $0.map(\.code) }, ["doc_type": [], "doc_number": [.required], "doc_issue_date": [.required]])

        try form.set("doc_number", to: "4509 123456")
        let cascade = try form.set("doc_type", to: "foreign_passport")
        expectEqual(cascade.values, ["doc_type": "foreign_passport", "doc_number": nil])
        expectEqual(form["doc_number"].provenance, .cleared(.dependsOn("doc_type"), edit: "set doc_type"))

        // The same value again changes nothing.
        #expect(try form.set("doc_type", to: "foreign_passport").isEmpty)
    }

    @Test func editingFromText() throws {
        var form = try osago()
        try form.set("engine_power", text: "150")  // .number(150)
        try form.set("insurant.birth_date", text: "1990-05-01")  // the field's date format
        try form.set("no_plate_yet", text: "yes")  // .bool(true)
        try form.set("term_months", text: "6")  // the option 6
        expectEqual(form["engine_power"].value, 150)
        expectEqual(form["insurant.birth_date"].value, .date(Day(iso: "1990-05-01")!))
        expectEqual(form["no_plate_yet"].value, true)
        expectEqual(form["term_months"].value, 6)
        expectEqual(form["insurant_age"].value, 36)
        expectEqual(form["plate"].isVisible, false)
    }

    @Test func clearAndReset() throws {
        var form = try osago()
        try form.set("region", to: "moscow")
        try form.set("city", to: "Moscow")
        let cleared = try form.clear("region")
        expectEqual(cleared.values, ["region": nil, "city": nil])
        expectEqual(form["region"].provenance, .cleared(.user, edit: "clear region"))
        try form.append("drivers")
        let reset = form.reset()
        expectEqual(reset.items, ["drivers": 0])
        expectEqual(form["region"].provenance, .empty)
        expectEqual(form["term_months"].provenance, .initial)
    }

    @Test func lists() throws {
        var form = try osago()
        let added = try form.append("drivers")
        expectEqual(added.items, ["drivers": 1])
        expectEqual(added.values, ["driver_count": 1])
        expectEqual(added.visible["drivers[0].full_name"], true)
        try form.set("drivers[0].full_name", to: "Ivanov Ivan")
        try form.insert("drivers", at: 0)  // a new first driver
        expectEqual(form["drivers[1].full_name"].value, "Ivanov Ivan")
        try form.move("drivers", from: 1, to: 0)
        let removed = try form.remove("drivers", at: 1)
        expectEqual(removed.items, ["drivers": 1])
        expectEqual(removed.visible["drivers[1].full_name"], false)
        expectEqual(form.itemCount("drivers"), 1)
        expectEqual(form["drivers[0].full_name"].value, "Ivanov Ivan")
    }

    /// "A list inside a list's item", with the rules of that section of Docs/rules-format.md.
    @Test func listsInsideListItems() throws {
        var form = Form(try NestedListTests.rules(), today: Fixtures.today)
        try form.append("drivers")
        try form.append("drivers")
        let added = try form.append("drivers[1].violations")
        expectEqual(added.items, ["drivers[1].violations": 1])
        expectEqual(added.issues["drivers[1].violations[0].code"]?.map(\.code), [.required])
        try form.set("drivers[1].violations[0].code", to: "S1")
        expectEqual(form.itemCount("drivers[1].violations"), 1)
        expectEqual(form.itemCount("drivers[0].violations"), 0)
        let removed = try form.remove("drivers", at: 0)
        expectEqual(removed.values["drivers[0].violations[0].code"], .some("S1"))
        expectEqual(removed.items["drivers[0].violations"], 1)
        expectEqual(form.itemCount("drivers.violations"), 0)
        #expect(throws: FormError.self) { try form.append("drivers.violations") }
    }

    @Test func formEditsFromJSON() throws {
        var form = try osago()
        let line = #"{"set": "doc_type", "value": "passport"}"#
        let edit = try FormEdit(json: JSONParser().parse(line))
        let changes = try form.apply(edit)
        expectEqual(changes.values, ["doc_type": "passport"])
        #expect(JSONWriter.string(changes.json).hasPrefix(#"{"enabled":{},"gates":{},"issues":{"doc_issue_date""#))
    }

    // MARK: Applying a ChangeSet to the screen

    @Test func applyingAChangeSetToTheScreen() throws {
        let rules = try RuleSet(contentsOf: url)
        var screen = FormScreen(form: Form(rules, today: Day(iso: "2026-11-22")!))
        try screen.set("doc_type", to: "passport")
        expectEqual(screen.updated, ["doc_type", "doc_number", "doc_issue_date"])
        try screen.append("drivers")
        try screen.set("drivers[0].full_name", to: "Ivanov Ivan")
        try screen.remove("drivers", at: 0)
        expectEqual(screen.rows["drivers[0].full_name"], nil)
    }

    /// After every edit the rows updated from ChangeSets are the rows of a screen built afresh.
    @Test func rowsUpdatedFromChangeSetsMatchAFreshScreen() throws {
        let rules = try RuleSet(contentsOf: url)
        var screen = FormScreen(form: Form(rules, today: today))
        let edits: [(inout FormScreen) throws -> Void] = [
            { try $0.set("doc_type", to: "passport") },
            { try $0.set("doc_number", to: "4509 12345") },
            { try $0.set("doc_type", to: "foreign_passport") },
            { try $0.append("drivers") },
            { try $0.append("drivers") },
            { try $0.set("drivers[1].full_name", to: "Petrov Petr") },
            { try $0.set("drivers[0].birth_date", to: .date(Day(iso: "1990-05-01")!)) },
            { try $0.remove("drivers", at: 0) },
            { try $0.set("unlimited_drivers", to: true) },
            { try $0.set("region", to: "moscow") },
            { try $0.set("city", to: "Moscow") },
            { try $0.set("region", to: "tatarstan") },
            { try $0.set("unlimited_drivers", to: false) },
            { try $0.remove("drivers", at: 0) },
        ]
        for (step, edit) in edits.enumerated() {
            try edit(&screen)
            let fresh = FormScreen(form: screen.form)
            expectEqual(screen.rows, fresh.rows, "after edit \(step)")
            expectEqual(screen.submitEnabled, fresh.submitEnabled)
        }
    }

    // MARK: Gates, sections and navigation

    @Test func gates() throws {
        let signup = try RuleSet(contentsOf: signupURL)
        var form = Form(signup, today: Day(iso: "2026-11-22")!)  // Rules/signup.yaml
        var sendCodeEnabled = form.gate("request_sms").isOpen  // false
        expectEqual(sendCodeEnabled, false)
        let changes = try form.set("phone", to: "+7 (916) 123-45-67")
        if let open = changes.gates["request_sms"] { sendCodeEnabled = open }
        expectEqual(sendCodeEnabled, true)
        expectEqual(form.gate("register").isOpen, false)
        expectEqual(form.gate("register").invalidFields, 6)
    }

    @Test func sections() throws {
        var form = try osago()
        expectEqual(form.section("address").isComplete, false)
        try form.set("region", to: "moscow")
        try form.set("city", to: "Moscow")
        try form.set("street", to: "Tverskaya")
        let done = try form.set("house", to: "1")
        expectEqual(done.sections, ["address": true])
    }

    @Test func navigation() throws {
        var form = try osago()
        expectEqual(
            form.fields(in: "policyholder"),
            ["insurant", "insurant.last_name", "insurant.first_name", "insurant.middle_name", "insurant.birth_date", "insurant_age"])
        expectEqual(form.nextField(after: "insurant.birth_date"), "doc_type")
        expectEqual(form.nextField(after: "doc_type"), "vin")
        expectEqual(form.firstInvalidField, "insurant.last_name")

        try form.set("insurant.last_name", to: "Ivanov")
        try form.set("insurant.first_name", to: "Ivan")
        expectEqual(form.display("insurant"), "Ivanov Ivan")

        expectEqual(form.options(for: "model").count, 0)
        try form.set("make", to: "kia")
        expectEqual(form.options(for: "model").map(\.title), ["Rio", "Ceed", "Sportage"])

        expectEqual(form.rules.field("drivers.birth_date")?.title, "Date of birth")
        expectEqual(form.rules.sections.map(\.id).first, "policyholder")
    }

    // MARK: Explanations

    @Test func explanations() throws {
        var form = try osago()
        try form.set("doc_type", to: "passport")
        try form.set("doc_number", to: "4509 12345")
        #expect(
            form.explain("doc_number").description == """
                doc_number = "4509 12345"
                  value: entered by the user
                  visible: yes — visible_if: doc_type != null, reading doc_type = "passport"
                  enabled: yes — always
                  required: yes — required: true
                  issue mask: A Russian passport number looks like 4509 123456 — mask: 0000 000000 when doc_type == "passport", reading doc_type = "passport"
                """)
        try form.set("doc_type", to: "residence_permit")
        expectEqual(form.explain("doc_number").source, "cleared because doc_type changed (depends_on), by the edit 'set doc_type'")
    }

    // MARK: Provenance and suggestions

    @Test func suggestions() throws {
        var form = try osago()
        try form.suggest("engine_power", 150)  // fills the field: provenance .suggestion
        expectEqual(form["engine_power"].provenance, .suggestion)
        try form.suggest("engine_power", 160)  // a newer suggestion still applies
        expectEqual(form["engine_power"].value, 160)
        try form.set("engine_power", to: 120)  // the user's entry
        #expect(try form.suggest("engine_power", 200).isEmpty)
        expectEqual(form["engine_power"].value, 120)
        try form.clear("engine_power")  // the user empties it …
        try form.suggest("engine_power", 210)  // … and the server's value fills it again
        expectEqual(form["engine_power"].value, 210)
        try form.focus("engine_power")
        try form.clear("engine_power")  // typing in it: a suggestion waits
        #expect(try form.suggest("engine_power", 220).isEmpty)
        try form.blur("engine_power")

        #expect { try form.suggest("insurant_age", 30) } throws: { ($0 as? FormError)?.code == .computedField }
        // A suggestion fills a disabled field (the street is disabled until a city is given).
        expectEqual(form["street"].isEnabled, false)
        try form.suggest("street", "Tverskaya")
        expectEqual(form["street"].value, "Tverskaya")
        // Nor a hidden one under hidden_values: clear.
        try form.set("no_plate_yet", to: true)
        #expect { try form.suggest("plate", "А 123 ВС 77") } throws: { ($0 as? FormError)?.code == .hiddenField }
    }

    // MARK: Snapshots

    @Test func snapshots() throws {
        let rules = try RuleSet(contentsOf: url)
        var form = Form(rules, today: today)
        try form.set("doc_type", to: "passport")
        try form.set("doc_number", to: "4509 12345")
        try form.append("drivers")
        try form.suggest("engine_power", 150)

        let data = try JSONEncoder().encode(form.snapshot)
        // … later, perhaps after the app was restarted:
        let draft = try JSONDecoder().decode(FormSnapshot.self, from: data)
        let restored = try Form(rules, snapshot: draft, today: Day(iso: "2026-11-22")!)
        expectEqual(restored.snapshot, form.snapshot)
        expectEqual(restored["doc_number"], form["doc_number"])
        for section in rules.sections {
            for path in form.fields(in: section.id) {
                expectEqual(restored[path], form[path], "\(path)")
            }
        }
    }

    @Test func snapshotJSONInTheGuide() throws {
        var form = Form(try RuleSet(contentsOf: url), today: today)
        try form.set("doc_type", to: "passport")
        try form.set("doc_number", to: "4509 123456")
        try form.set("doc_type", to: "foreign_passport")
        try form.append("drivers")
        try form.set("drivers[0].full_name", to: "Ivanov Ivan")
        try form.suggest("engine_power", 150)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = String(decoding: try encoder.encode(form.snapshot), as: UTF8.self)
        let guide = try String(contentsOf: repositoryFile("Docs/engine.md"), encoding: .utf8)
        let block = try #require(codeBlock(in: guide, after: "encoded with `[.prettyPrinted, .sortedKeys]`:"))
        expectEqual(json, block, "the snapshot is:\n\(json)")
    }

    @Test func snapshotOfAnotherForm() throws {
        let signup = Form(try RuleSet(contentsOf: signupURL), today: today)
        #expect {
            try Form(try RuleSet(contentsOf: url), snapshot: signup.snapshot, today: today)
        } throws: { error in
            (error as? FormError)?.code == .snapshotMismatch
                && (error as? FormError)?.message == "the snapshot is of form 'signup', not 'osago_policy'"
        }
    }

    // MARK: Errors

    @Test func errorCodesAndMessages() throws {
        var form = try osago()
        func failure(_ edit: (inout Form) throws -> Void) -> (FormError.Code, String)? {
            do {
                try edit(&form)
                return nil
            } catch {
                return (error as? FormError).map { ($0.code, $0.message) }
            }
        }
        let cases: [(FormError.Code, String, (inout Form) throws -> Void)] = [
            (.unknownField, "no field 'engine_powr'; did you mean 'engine_power'?", { try $0.set("engine_powr", to: 1) }),
            (
                .computedField, "'insurant_age' is computed by its value expression and cannot be set",
                { try $0.set("insurant_age", to: 30) }
            ),
            (.disabledField, "'street' is disabled", { try $0.set("street", to: "Tverskaya") }),
            (.typeMismatch, "'150 hp' is not a number for 'engine_power'", { try $0.set("engine_power", text: "150 hp") }),
            (.notAValueField, "'insurant' is a group and has no value of its own", { try $0.set("insurant", to: "x") }),
            (.indexOutOfRange, "'drivers' has 0 items; there is no item 3", { try $0.set("drivers[3].full_name", to: "x") }),
        ]
        for (code, message, edit) in cases {
            let result = failure(edit)
            expectEqual(result?.0, code)
            expectEqual(result?.1, message)
        }
        try form.set("no_plate_yet", to: true)
        let hidden = failure { try $0.set("plate", to: "А 123 ВС 77") }
        expectEqual(hidden?.0, .hiddenField)
        expectEqual(hidden?.1, "'plate' is hidden, and hidden fields hold no value (hidden_values: clear)")
        try form.set("make", to: "lada")
        let notOffered = failure { try $0.set("model", to: "kia_rio") }
        expectEqual(notOffered?.0, .notAnOption)
        expectEqual(notOffered?.1, "'kia_rio' is not among the options offered for 'model' now")
    }

    @Test func catchingFormErrors() throws {
        var form = try osago()
        let before = form.snapshot
        var readOnly = false
        do {
            try form.set("insurant_age", to: 30)
        } catch FormError.Code.computedField {
            // the field is read-only: show it as such
            readOnly = true
        } catch {
            print(error.code, error.message)
        }
        #expect(readOnly)

        var caught: FormError?
        do {
            try form.set("engine_power", text: "150 hp")
        } catch {
            caught = error
        }
        expectEqual(caught?.code, .typeMismatch)
        expectEqual(caught?.message, "'150 hp' is not a number for 'engine_power'")
        #expect(form.snapshot == before)  // a refused edit changes nothing
    }

    // MARK: Evaluation modes, value semantics

    @Test func evaluationModes() throws {
        var form = try osago()
        try form.set("region", to: "moscow")
        try form.set("city", to: "Moscow")
        var checked = form
        checked.evaluationMode = .full
        #expect(try form.set("region", to: "tatarstan") == checked.set("region", to: "tatarstan"))
    }

    @Test func valueSemantics() async throws {
        var form = try osago()
        try form.set("doc_type", to: "passport")
        let saved = form  // an undo point
        try form.set("doc_type", to: "residence_permit")
        expectEqual(saved["doc_type"].value, "passport")
        let firstProblem = await Task.detached { saved.firstInvalidField }.value
        expectEqual(firstProblem, "insurant.last_name")
    }

    // MARK: Several edits at once

    @Test func severalEditsAtOnce() throws {
        var form = try osago()
        let edits: [FormEdit] = [.append("drivers"), .set("drivers[0].full_name", "Ivanov Ivan"), .set("vin", 7)]
        let budget = FormBudget(maxItems: 20, maxBytes: 1 << 20)
        let cancellation = CancellationFlag()
        let results = try form.apply(edits, budget: budget, cancellation: cancellation)
        expectEqual(results.count, 3)
        expectEqual(try results[0].get().items, ["drivers": 1])
        #expect(throws: FormError.self) { try results[2].get() }
        expectEqual(form["drivers[0].full_name"].value, "Ivanov Ivan")
        expectEqual(form.footprint.items, 1)

        do {
            _ = try form.apply([.append("drivers")], budget: FormBudget(maxItems: 1))
            Testing.Issue.record("the budget was not kept")
        } catch {
            expectEqual(error.kind, .tooManyItems)
            expectEqual(error.message, "the form would hold 2 list items; its limit is 1")
        }
        expectEqual(form.itemCount("drivers"), 1)
    }

    // MARK: Batch checks

    @Test func batchChecks() throws {
        let rules = try RuleSet(contentsOf: url)
        let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!)
        let violations = checker.check(["doc_type": "passport", "doc_number": "4509 12345"])
        #expect(violations.first { $0.field == "doc_number" }?.code == .mask)
    }
}

/// The text of the first fenced code block after `marker` in a Markdown document.
func codeBlock(in document: String, after marker: String) -> String? {
    guard let start = document.range(of: marker) else { return nil }
    let lines = document[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
    guard let open = lines.firstIndex(where: { $0.hasPrefix("```") }),
        let close = lines[(open + 1)...].firstIndex(where: { $0 == "```" })
    else { return nil }
    return lines[(open + 1)..<close].joined(separator: "\n")
}
