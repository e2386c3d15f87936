import RuleCheck
import Testing

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
        #expect(form.displayText("doc_type") == "")
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
        #expect(form.displayText("doc_type") == "Driving licence")
        #expect(form.displayText("born") == "01.02.1990")
        #expect(form.displayText("price") == "1250.5")
        #expect(form.displayText("note") == "hello")
        #expect(form.displayText("person") == "Ivanova Anna")
        #expect(form.displayText("nope") == "")
        if locale == "en" {
            #expect(form.displayText("vip") == "Yes")
            #expect(form.displayText("drivers") == "Items: 2")
        } else {
            #expect(form.displayText("vip") == "Да")
            #expect(form.displayText("drivers") == "Элементов: 2")
        }
        let extras = form.displayText("extras")
        #expect(extras == "GPS, Child seat" || extras == "Child seat, GPS")
    }
}
