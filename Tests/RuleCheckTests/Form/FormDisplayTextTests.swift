import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `displayText` gives every field's value as a cell shows it.
@Suite("Form: display text")
struct FormDisplayTextTests {
    static let yaml = """
        form: t
        defaults:
          date_format: dd.MM.yyyy
        fields:
          - id: doc_type
            type: choice
            options:
              - {value: passport, title: Passport}
              - {value: license, title: Driving licence}
          - id: extras
            type: multi_choice
            options:
              - {value: gps, title: GPS}
              - {value: seat, title: Child seat}
          - id: born
            type: date
          - id: vip
            type: bool
          - id: price
            type: number
          - id: note
            type: text
          - id: person
            type: group
            display: '{last} {first}'
            fields:
              - id: first
              - id: last
          - id: drivers
            type: list
            item:
              - id: driver_name
        """

    @Test(arguments: ["en", "ru"])
    func everyTypeReadsAsAScreenShowsIt(locale: String) throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "t.yaml"), today: Day(iso: "2026-11-22")!, locale: locale)
        expectEqual(form.displayText("doc_type"), "")
        try form.set("doc_type", to: "license")
        try form.set("extras", to: .list(["seat", "gps"]))
        try form.set("born", to: .date(Day(iso: "1990-02-01")!))
        try form.set("vip", to: true)
        try form.set("price", to: .number(1250.5))
        try form.set("note", to: "hello")
        try form.set("person.first", to: "Anna")
        try form.set("person.last", to: "Ivanova")
        try form.append("drivers")
        try form.append("drivers")
        expectEqual(form.displayText("doc_type"), "Driving licence")
        expectEqual(form.displayText("born"), "01.02.1990")
        expectEqual(form.displayText("price"), "1250.5")
        expectEqual(form.displayText("note"), "hello")
        expectEqual(form.displayText("person"), "Ivanova Anna")
        expectEqual(form.displayText("nope"), "")
        if locale == "en" {
            expectEqual(form.displayText("vip"), "Yes")
            expectEqual(form.displayText("drivers"), "Items: 2")
        } else {
            expectEqual(form.displayText("vip"), "Да")
            expectEqual(form.displayText("drivers"), "Элементов: 2")
        }
        let extras = form.displayText("extras")
        #expect(extras == "GPS, Child seat" || extras == "Child seat, GPS")
    }
}
