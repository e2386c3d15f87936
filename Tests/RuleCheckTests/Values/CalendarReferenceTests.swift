import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Every supported calendar against references that are not `DateCalendar`: days known by hand,
/// the arithmetic of the calendars that are arithmetic (Buddhist, Indian national, Coptic,
/// Ethiopic, tabular Islamic), written here from their definitions, and Foundation's
/// `Calendar(identifier:)` (ICU) converting the same seeded days. (CalendarTests compares Solar
/// Hijri and Umm al-Qura with convertdate and hijridate.)
@Suite("Calendars against references")
struct CalendarReferenceTests {
    /// The Julian day number of a proleptic Gregorian date (H. Hinnant's days_from_civil, shifted
    /// from 1970-01-01 to JDN 2440588): written here so that no reference leans on `Day`.
    static func jdn(gregorian year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468 + 2_440_588
    }

    static func isGregorianLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The Julian day number of `year`-`month`-`day` in an arithmetic calendar, or `nil` when
    /// the calendar has no such day (the day is past its month's length).
    static func jdn(_ calendar: String, _ year: Int, _ month: Int, _ day: Int) -> Int? {
        switch calendar {
        case "buddhist":
            // The Gregorian calendar with years of the Buddhist era (543 BC).
            return jdn(gregorian: year - 543, month, day)
        case "coptic", "ethiopic":
            // 12 months of 30 days and a 13th of 5, 6 in a year that leaves 3 over 4; the epoch
            // 284-08-29 (Coptic) and 8-08-29 (Ethiopic Amete Mihret) in the Julian calendar.
            let epoch = calendar == "coptic" ? 1_825_030 : 1_724_221
            let length = month == 13 ? (year % 4 == 3 ? 6 : 5) : 30
            guard (1...13).contains(month), (1...length).contains(day) else { return nil }
            return epoch + 365 * (year - 1) + year / 4 + 30 * (month - 1) + day - 1
        case "islamic-civil", "islamic-tbla":
            // Tabular: months of 30 and 29 days in turn, the 12th of 30 in the 11 leap years of
            // 30 ((14 + 11 y) mod 30 < 11); the epoch 622-07-16 (civil, Friday) or 07-15
            // (astronomical, Thursday) in the Julian calendar.
            let leap = (14 + 11 * year) % 30 < 11
            let length = month % 2 == 1 || (month == 12 && leap) ? 30 : 29
            guard (1...12).contains(month), (1...length).contains(day) else { return nil }
            let epoch = calendar == "islamic-civil" ? 1_948_439 : 1_948_438
            return day + (59 * (month - 1) + 1) / 2 + (year - 1) * 354 + (3 + 11 * year) / 30 + epoch
        case "indian":
            // Saka years: 1 Chaitra is 22 March of year + 78 (21 March when that year is leap);
            // Chaitra has 30 days (31 then), the next five 31, the last six 30.
            let gregorianYear = year + 78
            let leap = isGregorianLeap(gregorianYear)
            let lengths = [leap ? 31 : 30, 31, 31, 31, 31, 31, 30, 30, 30, 30, 30, 30]
            guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else { return nil }
            return jdn(gregorian: gregorianYear, 3, leap ? 21 : 22) + lengths[..<(month - 1)].reduce(0, +) + day - 1
        default:
            return nil
        }
    }

    static let arithmetic = ["buddhist", "coptic", "ethiopic", "islamic-civil", "islamic-tbla", "indian"]

    /// Foundation's identifier of each calendar, written here rather than read from
    /// `DateCalendar`.
    static let foundation: [String: Calendar.Identifier] = [
        "gregorian": .gregorian, "persian": .persian, "islamic-umalqura": .islamicUmmAlQura, "islamic-civil": .islamicCivil,
        "islamic-tbla": .islamicTabular, "islamic": .islamic, "buddhist": .buddhist, "indian": .indian, "coptic": .coptic,
        "ethiopic": .ethiopicAmeteMihret,
    ]

    /// 400 seeded days of 1900–2100.
    static let seededDays: [Int] = {
        var random = SplitMix64(seed: 8)
        let first = jdn(gregorian: 1900, 1, 1) - 2_440_588
        let last = jdn(gregorian: 2100, 12, 31) - 2_440_588
        return (0..<400).map { _ in Int.random(in: first...last, using: &random) }
    }()

    /// Days known by hand: new years and feasts, from the calendars' published tables.
    static let known: [(calendar: String, date: (Int, Int, Int), gregorian: String)] = [
        ("persian", (1403, 1, 1), "2024-03-20"),  // Nowruz 1403
        ("persian", (1403, 12, 30), "2025-03-20"),  // 1403 is leap
        ("islamic-umalqura", (1445, 9, 1), "2024-03-11"),  // Ramadan 1445 in Saudi Arabia
        ("islamic-civil", (1446, 1, 1), "2024-07-08"),
        ("islamic-civil", (1445, 1, 1), "2023-07-19"),
        ("islamic-tbla", (1446, 1, 1), "2024-07-07"),
        ("buddhist", (2567, 1, 1), "2024-01-01"),
        ("buddhist", (2543, 2, 29), "2000-02-29"),
        ("indian", (1946, 1, 1), "2024-03-21"),  // 2024 is leap: 21 March
        ("indian", (1945, 1, 1), "2023-03-22"),
        ("indian", (1946, 10, 1), "2024-12-22"),  // 1 Pausha
        ("coptic", (1741, 1, 1), "2024-09-11"),  // Nayrouz
        ("coptic", (1739, 13, 6), "2023-09-11"),  // the leap day before Nayrouz 1740
        ("ethiopic", (2017, 1, 1), "2024-09-11"),  // Enkutatash
        ("ethiopic", (2016, 4, 28), "2024-01-07"),  // Genna 2024: Tahsas 28, the year after a leap year
        ("gregorian", (2024, 2, 29), "2024-02-29"),
    ]

    @Test(arguments: 0..<known.count)
    func knownDays(_ index: Int) throws {
        let (name, (year, month, date), iso) = Self.known[index]
        let calendar = try #require(DateCalendar(name))
        let day = try #require(Day(iso: iso))
        expectEqual(calendar.components(of: day).map { [$0.year, $0.month, $0.day] }, [year, month, date], "\(name) \(iso)")
        expectEqual(calendar.day(year: year, month: month, day: date), day, "\(name) \(year)-\(month)-\(date)")
        if let reference = Self.jdn(name, year, month, date) {
            expectEqual(reference - 2_440_588, day.daysSinceEpoch, "the arithmetic of \(name) disagrees with the table")
        }
    }

    /// The references are the calendars they claim: the arithmetic and Foundation agree with the
    /// known days (so a wrong reference cannot make the tests below pass or fail).
    @Test func theReferencesAgreeWithTheKnownDays() throws {
        for (name, (year, month, date), iso) in Self.known {
            let day = try #require(Day(iso: iso))
            var calendar = Calendar(identifier: try #require(Self.foundation[name]))
            calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
            let noon = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 43_200)
            let parts = calendar.dateComponents([.year, .month, .day], from: noon)
            expectEqual([parts.year, parts.month, parts.day], [year, month, date], "Foundation's \(name) \(iso)")
        }
    }

    /// Each arithmetic calendar, over the seeded days: the day's date in the calendar is a day
    /// the calendar has, and that date's day by the arithmetic is the day; and back.
    @Test(arguments: arithmetic)
    func arithmeticCalendarsMatchTheirDefinition(_ name: String) throws {
        let calendar = try #require(DateCalendar(name))
        for days in Self.seededDays {
            let day = Day(daysSinceEpoch: days)
            let parts = try #require(calendar.components(of: day), "\(name) \(day)")
            let reference = Self.jdn(name, parts.year, parts.month, parts.day)
            expectEqual(reference.map { $0 - 2_440_588 }, days, "\(name): \(day) read as \(parts)")
            expectEqual(calendar.day(year: parts.year, month: parts.month, day: parts.day), day, "\(name) \(parts)")
        }
    }

    /// Every calendar, over the seeded days, as Foundation's `Calendar(identifier:)` in UTC
    /// converts them (noon, so that no time zone moves the day), both ways.
    @Test(arguments: DateCalendar.supported)
    func everyCalendarMatchesFoundation(_ name: String) throws {
        let calendar = try #require(DateCalendar(name))
        var reference = Calendar(identifier: try #require(Self.foundation[name], "\(name) has no Foundation identifier here"))
        reference.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in Self.seededDays {
            let day = Day(daysSinceEpoch: days)
            let noon = Date(timeIntervalSince1970: Double(days) * 86_400 + 43_200)
            let parts = reference.dateComponents([.year, .month, .day], from: noon)
            let year = try #require(parts.year), month = try #require(parts.month), date = try #require(parts.day)
            expectEqual(calendar.components(of: day).map { [$0.year, $0.month, $0.day] }, [year, month, date], "\(name) \(day)")
            expectEqual(calendar.day(year: year, month: month, day: date), day, "\(name) \(year)-\(month)-\(date)")
        }
    }

    /// The list of calendars is the list these references cover.
    @Test func everySupportedCalendarHasAReference() {
        expectEqual(Set(DateCalendar.supported), Set(Self.foundation.keys))
    }
}
