import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Dates typed and read in other calendars, through Foundation's calendars, with values,
/// bounds and records in ISO Gregorian.
@Suite("Calendars")
struct CalendarTests {
    /// Gregorian days and their Solar Hijri and Umm al-Qura dates, as Python's convertdate 2.5.1
    /// (`persian.from_gregorian`) and hijridate 2.6.0 (`Gregorian(…).to_hijri()`, the Umm al-Qura
    /// tables) give them; Nowruz 1402–1404 and the leap day 1399/12/30 among them. Before 1420 AH
    /// (1999) the Umm al-Qura tables of the sources differ by a day (1990-02-01 is 1410/07/06 to
    /// hijridate, 1410/07/05 to ICU): those years are not compared.
    static let pairs: [(gregorian: String, persian: (Int, Int, Int), ummAlQura: (Int, Int, Int)?)] = [
        ("2024-08-02", (1403, 5, 12), (1446, 1, 27)),
        ("2024-03-20", (1403, 1, 1), (1445, 9, 10)),
        ("2025-03-21", (1404, 1, 1), (1446, 9, 21)),
        ("2021-03-20", (1399, 12, 30), (1442, 8, 7)),
        ("2023-03-21", (1402, 1, 1), (1444, 8, 29)),
        ("1990-02-01", (1368, 11, 12), nil),
        ("2000-02-29", (1378, 12, 10), (1420, 11, 23)),
        ("2026-11-22", (1405, 9, 1), (1448, 6, 12)),
        ("2025-03-20", (1403, 12, 30), (1446, 9, 20)),
        ("1979-02-11", (1357, 11, 22), nil),
    ]

    @Test(arguments: 0..<pairs.count)
    func knownPairs(_ index: Int) throws {
        let pair = Self.pairs[index]
        let day = try #require(Day(iso: pair.gregorian))
        let persian = try #require(DateCalendar("persian"))
        let ummAlQura = try #require(DateCalendar("islamic-umalqura"))
        expectEqual(persian.components(of: day).map { [$0.year, $0.month, $0.day] }, [pair.persian.0, pair.persian.1, pair.persian.2])
        expectEqual(persian.day(year: pair.persian.0, month: pair.persian.1, day: pair.persian.2), day)
        guard let hijri = pair.ummAlQura else { return }
        expectEqual(ummAlQura.components(of: day).map { [$0.year, $0.month, $0.day] }, [hijri.0, hijri.1, hijri.2])
        expectEqual(ummAlQura.day(year: hijri.0, month: hijri.1, day: hijri.2), day)
    }

    /// Days a calendar does not have are no days (Foundation would move them on).
    @Test(arguments: [
        ("persian", 1403, 7, 31),  // Mehr has 30 days
        ("persian", 1402, 12, 30),  // 1402 is a common year
        ("persian", 1403, 13, 1),
        ("persian", 1403, 0, 1),
        ("islamic-umalqura", 1446, 1, 30),  // Muharram 1446 had 29 days in Umm al-Qura
        ("gregorian", 2023, 2, 29),
    ])
    func daysThatAreNot(_ name: String, _ year: Int, _ month: Int, _ day: Int) throws {
        expectEqual(try #require(DateCalendar(name)).day(year: year, month: month, day: day), nil)
    }

    @Test func everySupportedCalendarRoundTrips() throws {
        for name in DateCalendar.supported {
            let calendar = try #require(DateCalendar(name))
            for iso in ["1950-06-30", "2024-02-29", "2024-08-02", "2099-12-31"] {
                let day = try #require(Day(iso: iso))
                let parts = try #require(calendar.components(of: day), "\(name) \(iso)")
                expectEqual(calendar.day(year: parts.year, month: parts.month, day: parts.day), day, "\(name) \(iso)")
            }
        }
        expectEqual(DateCalendar("julian"), nil)
    }

    static let yaml = """
        form: f
        defaults:
          date_format: yyyy/MM/dd
        fields:
          - id: moved_in
            type: date
            title: تاریخ
            calendar: persian
            min: 2024-03-20
            max: today
        """

    /// Typed in Solar Hijri (Persian digits too), shown in it, exported and checked in Gregorian.
    @Test func aSolarHijriFieldRoundTripsThroughTypingDisplayAndBatch() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "f.yaml")
        var form = Form(rules, today: Fixtures.today, locale: "fa")
        try form.type("moved_in", text: "۱۴۰۳/۰۵/۱۲")
        #expect(form["moved_in"].value == .date(try #require(Day(iso: "2024-08-02"))))
        #expect(form.input("moved_in")?.text == "1403/05/12")  // the date's mask writes 0–9, as masks do
        try form.set("moved_in", to: .date(try #require(Day(iso: "2024-08-02"))))
        expectEqual(form.displayText("moved_in"), "1403/05/12")
        #expect(form.record["moved_in"] == .string("2024/08/02"))  // records are Gregorian
        let checker = RecordChecker(rules, today: Fixtures.today, locale: "fa")
        #expect(checker.check(json: form.record).violations.isEmpty)
        #expect(checker.check(["moved_in": "2024/08/02"]).isEmpty)
        // Messages show bounds in the calendar, in the locale's digits.
        expectEqual(checker.check(["moved_in": "2024/01/01"]).map(\.message), ["تاریخ «تاریخ» نباید پیش از ۱۴۰۳/۰۱/۰۱ باشد"])
        expectEqual(checker.check(["moved_in": "2027/01/01"]).map(\.message), ["تاریخ «تاریخ» نباید پس از ۱۴۰۵/۰۹/۰۱ باشد"])
        // What cannot be a Solar Hijri day is a type issue while typing; a beginning is partial.
        try form.type("moved_in", text: "1403/07/31")
        expectEqual(form["moved_in"].value, nil)
        expectEqual(form.input("moved_in")?.state, .invalid)
        try form.type("moved_in", text: "1403/0")
        expectEqual(form.input("moved_in")?.state, .partial)
        expectEqual(form.metadata("moved_in")?.json["calendar"], .string("persian"))
    }

    /// The bounds a screen shows under a date field, in its calendar and the form's words and digits.
    @Test func theBoundsHintFollowsTheCalendarAndTheLocale() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "f.yaml")
        expectEqual(Form(rules, today: Fixtures.today, locale: "fa").metadata("moved_in")?.bounds, "از ۱۴۰۳/۰۱/۰۱ تا ۱۴۰۵/۰۹/۰۱")
        expectEqual(Form(rules, today: Fixtures.today, locale: "ar-SA").metadata("moved_in")?.bounds, "من ١٤٠٣/٠١/٠١ إلى ١٤٠٥/٠٩/٠١")
        expectEqual(Form(rules, today: Fixtures.today, locale: "en").metadata("moved_in")?.bounds, "from 1403/01/01 to 1405/09/01")
        expectEqual(
            Form(rules, today: Fixtures.today, locale: "fa").metadata("moved_in")?.json["bounds"], .string("از ۱۴۰۳/۰۱/۰۱ تا ۱۴۰۵/۰۹/۰۱"))
        let numbers = try RuleSet(
            yaml: "form: f\nfields:\n  - {id: a, type: integer, min: 20}\n  - {id: b, type: number, max: 2.5}\n  - {id: c}\n",
            source: "n.yaml")
        let german = Form(numbers, today: Fixtures.today, locale: "de")
        expectEqual(german.metadata("a")?.bounds, "mindestens 20")
        expectEqual(german.metadata("b")?.bounds, "höchstens 2,5")
        expectEqual(german.metadata("c")?.bounds, nil)
        expectEqual(Form(numbers, today: Fixtures.today, locale: "zh-Hans").metadata("a")?.bounds, "至少 20")
    }

    @Test func rulesFilesNameCalendarsTheyHave() throws {
        #expect(throws: RulesError.self) {
            try RuleSet(yaml: "form: f\nfields:\n  - {id: d, type: date, calendar: persain}\n", source: "f.yaml")
        }
        do {
            _ = try RuleSet(
                yaml: "form: f\nfields:\n  - {id: d, type: date, calendar: persain}\n  - {id: t, calendar: persian}\n", source: "f.yaml")
        } catch {
            let text = error.description
            #expect(text.contains("calendar must be one of gregorian, persian, islamic-umalqura"))
            #expect(text.contains("did you mean 'persian'?"))
            #expect(text.contains("'calendar' applies to date fields, not text fields"))
        }
        let rules = try RuleSet(
            yaml: "form: f\ndefaults: {calendar: islamic-umalqura}\nfields:\n  - {id: d, type: date}\n", source: "f.yaml")
        expectEqual(rules.fields[0].calendar.identifier, "islamic-umalqura")
    }

    /// `calendar:` goes through JSON Schema export and import.
    @Test func theCalendarRoundTripsThroughJSONSchema() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "f.yaml")
        let schema = rules.jsonSchema()
        let json = try JSONParser().parse(Array(schema.utf8))
        expectEqual(json["properties"]?["moved_in"]?["x-rulecheck-calendar"], .string("persian"))
        let back = try RuleSet(jsonSchema: Data(schema.utf8), source: "f.schema.json")
        expectEqual(back.fields[0].calendar.identifier, "persian")
    }
}
