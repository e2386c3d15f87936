import Foundation
import Patterns
import RuleCheck
import Testing
import _RuleCheckTestSupport

// The snippets of Docs/engine.md's sections on typing, field metadata and copying a form, run
// against the example rules; the `#expect`s state the values the comments show.

private func repositoryFile(_ path: String) -> URL {
    Repository.file(path)
}

private let today = Day(iso: "2026-11-22")!

@Suite("Engine guide: typing, metadata, copying")
struct EngineGuideAppTests {
    let osago: RuleSet
    let signup: RuleSet
    let kasko: RuleSet

    init() throws {
        osago = try RuleSet(contentsOf: repositoryFile("Rules/osago.yaml"))
        signup = try RuleSet(contentsOf: repositoryFile("Rules/signup.yaml"))
        kasko = try RuleSet(contentsOf: repositoryFile("Rules/kasko.yaml"))
    }

    @Test func typingIntoAField() throws {
        var form = Form(signup, today: today)
        try form.focus("phone")
        let changes = try form.type("phone", text: "916", caret: 3)
        expectEqual(changes.inputs["phone"], .some(FieldInput(text: "+7 (916", caret: 7, state: .partial)))
        expectEqual(form["phone"].value, "+7 (916")
        expectEqual(form["phone"].issues.map(\.code), [.mask])
        #expect(form["phone"].shownIssues.isEmpty)
        try form.type("phone", text: "+7 (916) 12x3")
        expectEqual(form.input("phone")?.text, "+7 (916) 123")
        try form.type("phone", text: "+7 (916) 123-45-67")
        #expect(form.gate("request_sms").isOpen)
    }

    @Test func digitsOfOtherScripts() throws {
        var form = Form(signup, today: today)
        try form.type("phone", text: "۹۱۶۱۲۳۴۵۶۷")
        expectEqual(form["phone"].value, "+7 (916) 123-45-67")
    }

    @Test func fieldMetadata() throws {
        var form = Form(osago, today: today)
        try form.set("doc_type", to: "passport")
        let cell = try #require(form.metadata("doc_number"))
        expectEqual(cell.mask?.notation, "0000 000000")
        expectEqual(cell.placeholder, "____ ______")
        expectEqual(cell.keyboard, .number)
        expectEqual(form.metadata("insurant.birth_date")?.max, .date(Day(iso: "2008-11-22")!))
        expectEqual(form.metadata("doc_issue_date")?.min, nil)
    }

    @Test func aRenewal() throws {
        var lastYear = Form(osago, today: today)
        try lastYear.set("doc_type", to: "passport")
        try lastYear.set("doc_number", to: "4509 123456")
        try lastYear.append("drivers")
        try lastYear.set("drivers[0].full_name", to: "Ivanov Ivan")
        try lastYear.set("vin", to: "XTA21099043512345")
        var renewal = Form(osago, today: today)
        let (changes, dropped) = try renewal.copy(sections: ["identity_document", "permitted_drivers"], from: lastYear)
        #expect(dropped.isEmpty)
        expectEqual(changes.values["doc_number"], .some("4509 123456"))
        expectEqual(renewal["drivers[0].full_name"].value, "Ivanov Ivan")
        expectEqual(renewal["vin"].value, nil)
        #expect(throws: FormError.self) { try renewal.copy(sections: ["vehicles"], from: lastYear) }
    }

    @Test func pages() throws {
        var form = Form(kasko, today: today)
        expectEqual(form.currentPage?.id, "policyholder")
        expectEqual(form.pageCount, 6)
        expectEqual(form.pageNumber, 0)
        expectEqual(form.page("policyholder")?.isValid, false)
        let refused = try form.nextPage()
        expectEqual(refused.pages, nil)
        expectEqual(refused.shownIssues["holder.last_name"]?.map(\.code), [.required])

        for (path, value): (String, Value) in [
            ("holder.last_name", "Ivanov"), ("holder.first_name", "Ivan"),
            ("holder.birth_date", .date(Day(iso: "1985-05-01")!)),
            ("home_address.region", "moscow"), ("home_address.city", "Moscow"),
            ("home_address.street", "Tverskaya"), ("home_address.house", "1"),
        ] {
            try form.set(path, to: value)
        }
        expectEqual(form.page("policyholder")?.isValid, true)
        let next = try form.nextPage()
        expectEqual(next.pages?.current, "vehicle")
        expectEqual(form.fields(onPage: "vehicle").first, "make")
        expectEqual(try form.previousPage().pages?.current, "policyholder")
        expectEqual(try form.goToPage("coverage").pages?.current, "coverage")
    }

    @Test func composedForms() throws {
        let street = try #require(kasko.field("work_address.street"))
        // Loaded from Rules/kasko.yaml by its full path.
        #expect("\(street.location)".hasSuffix("/Rules/blocks/address.yaml:24:9"))
        expectEqual(street.includedFrom.count, 1)
        #expect(street.includedFrom.first.map { "\($0)" }?.hasSuffix("/Rules/kasko.yaml:51:18") == true)
    }
}
