import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Paged forms: a wizard's pages, the current one, next/previous that skip empty pages, page
/// validity, and the ChangeSet saying when the pages change.
@Suite("Form: pages")
struct FormPagesTests {
    static let yaml = """
        form: wizard
        pages: true
        sections:
          - id: who
            title: Who
            fields:
              - id: name
                type: text
                required: true
              - id: has_car
                type: bool
                initial: false
              - id: email
                type: text
          - id: car
            title: Car
            fields:
              - id: plate
                type: text
                required: true
                visible_if: has_car
              - id: vin
                type: text
                visible_if: has_car
          - id: extras
            title: Extras
            fields:
              - id: note
                type: text
              - id: total
                type: integer
                value: 1
        """

    private func form() throws -> Form {
        Form(try RuleSet(yaml: Self.yaml, source: "wizard.yaml"), today: Day(iso: "2026-11-22")!)
    }

    @Test func pagesAndTheCurrentOne() throws {
        let form = try form()
        expectEqual(form.pages.map(\.id), ["who", "car", "extras"])
        #expect(form.pages.map(\.isShown) == [true, false, true])  // the car page has nothing visible
        expectEqual(form.currentPage?.id, "who")
        expectEqual(form.currentPage?.title, "Who")
        expectEqual(form.pageCount, 2)
        expectEqual(form.pageNumber, 0)
        expectEqual(form.page("who")?.isValid, false)
        expectEqual(form.page("who")?.invalidFields, 1)
        expectEqual(form.fields(onPage: "who"), ["name", "has_car", "email"])
    }

    @Test func nextWaitsForAValidPageAndSkipsEmptyOnes() throws {
        var form = try form()
        try form.focus("name")
        // The page is not valid: its fields are touched, and the form stays.
        let blocked = try form.nextPage()
        expectEqual(blocked.pages, nil)
        expectEqual(blocked.shownIssues["name"]?.map(\.code), [.required])
        expectEqual(form.currentPage?.id, "who")

        let fixed = try form.set("name", to: "Ann")
        expectEqual(fixed.pages, PageChange(valid: ["who": true]))
        let next = try form.nextPage()
        #expect(next.pages == PageChange(current: "extras"))  // car has nothing visible: skipped
        expectEqual(form.pageNumber, 1)
        #expect(try form.nextPage().isEmpty)  // the last page
        expectEqual(try form.previousPage().pages?.current, "who")
        #expect(try form.previousPage().isEmpty)  // the first page
    }

    @Test func theChangeSetSaysWhenThePagesShownChange() throws {
        var form = try form()
        try form.set("name", to: "Ann")
        let car = try form.set("has_car", to: true)
        expectEqual(car.pages, PageChange(shown: ["who", "car", "extras"], valid: ["car": false]))
        expectEqual(form.pageCount, 3)
        try form.nextPage()
        expectEqual(form.currentPage?.id, "car")
        // The current page loses everything visible: the form moves on.
        let gone = try form.set("has_car", to: false)
        expectEqual(gone.pages, PageChange(current: "extras", shown: ["who", "extras"], valid: ["car": true]))
    }

    @Test func goingToAPage() throws {
        var form = try form()
        expectEqual(try form.goToPage("extras").pages?.current, "extras")
        let hidden = #expect(throws: FormError.self) { try form.goToPage("car") }
        expectEqual(hidden?.code, .unknownPage)
        expectEqual(hidden?.message, "page 'car' has nothing visible now")
        let unknown = #expect(throws: FormError.self) { try form.goToPage("extra") }
        expectEqual(unknown?.message, "no page 'extra'; did you mean 'extras'?")
        var flat = Form(try RuleSet(yaml: "fields:\n  - id: a\n"))
        #expect(flat.pages.isEmpty && flat.currentPage == nil)
        #expect(throws: FormError.self) { try flat.nextPage() }
    }

    @Test func navigationStaysOnThePage() throws {
        var form = try form()
        try form.set("has_car", to: true)
        expectEqual(form.nextField(after: "has_car"), "email")
        #expect(form.nextField(after: "email") == nil)  // the end of the page: nextPage is next
        expectEqual(form.previousField(before: "email"), "has_car")
        expectEqual(form.previousField(before: "name"), nil)
        expectEqual(form.nextField(after: "plate"), "vin")
        #expect(form.nextField(after: "note") == nil)  // total is computed
    }

    @Test func fullEvaluationAgrees() throws {
        var incremental = try form()
        var full = incremental
        full.evaluationMode = .full
        for (path, value): (String, Value?) in [("name", "Ann"), ("has_car", true), ("plate", "x"), ("has_car", false), ("name", nil)] {
            #expect(try incremental.set(path, to: value) == full.set(path, to: value), "\(path)")
        }
        expectEqual(incremental.reset(), full.reset())
    }

    @Test func sectionsShareAPageByItsId() throws {
        let yaml = """
            form: grouped
            sections:
              - id: a
                page: start
                fields: [{id: x}]
              - id: b
                page: start
                fields: [{id: y}]
              - id: c
                fields: [{id: z}]
            """
        let rules = try RuleSet(yaml: yaml)
        expectEqual(rules.pages.map(\.id), ["start", "c"])
        expectEqual(rules.pages.first?.sections, [0, 1])
        expectEqual(Form(rules).fields(onPage: "start"), ["x", "y"])
    }

    @Test func aPageMustBeOnePiece() {
        let yaml = """
            form: split
            sections:
              - id: a
                page: start
                fields: [{id: x}]
              - id: b
                fields: [{id: y}]
              - id: c
                page: start
                fields: [{id: z}]
            """
        let error = #expect(throws: RulesError.self) { try RuleSet(yaml: yaml, source: "split.yaml") }
        #expect(
            error?.errors.map { "\($0.location.map { "\($0)" } ?? ""): \($0.message)" }
                == ["split.yaml:9:11: the sections of page 'start' must follow one another; section 'c' comes after another page"])
    }

    /// A gate may name a page (or a section) for every field on it: "page valid" as a gate.
    @Test func aGateNamesAPage() throws {
        let yaml = """
            form: gated
            gates:
              about_you_done: [about_you]
              car_done: [car]
            sections:
              - id: who
                page: about_you
                fields: [{id: name, required: true}]
              - id: contacts
                page: about_you
                fields: [{id: email, required: true}]
              - id: car
                fields: [{id: plate, required: true}]
            """
        var form = Form(try RuleSet(yaml: yaml, source: "gated.yaml"))
        expectEqual(form.gate("about_you_done").invalidFields, 2)
        try form.set("name", to: "Ann")
        let done = try form.set("email", to: "a@b.c")
        expectEqual(done.gates, ["about_you_done": true])
        expectEqual(done.pages?.valid, ["about_you": true])
        expectEqual(form.gate("car_done").isOpen, false)
    }
}
