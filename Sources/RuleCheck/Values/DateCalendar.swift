import Foundation

/// The calendar a date field is typed and shown in: `persian` (Solar Hijri), `islamic-umalqura`,
/// … through Foundation's calendars. Values, bounds, expressions and records stay ISO Gregorian
/// days (``Day``); only the text a person types and reads is in the calendar.
///
/// ```swift
/// let persian = DateCalendar("persian")!
/// persian.components(of: Day(iso: "2024-08-02")!)    // (1403, 5, 12)
/// persian.day(year: 1403, month: 5, day: 12)         // 2024-08-02
/// persian.day(year: 1403, month: 7, day: 31)         // nil: Mehr has 30 days
/// ```
///
/// The calendars are those whose dates are a year, a month numbered from 1 and a day, with no
/// era or leap month to write: ``supported``.
public struct DateCalendar: Hashable, Sendable, CustomStringConvertible {
    /// The calendar's name as the rules write it (`persian`).
    public let identifier: String
    /// Foundation's calendar, in UTC (a day is a date, not an instant); `nil` for Gregorian,
    /// which ``Day`` computes itself.
    private let calendar: Calendar?

    /// The proleptic Gregorian calendar of ISO 8601: the default.
    public static let gregorian = DateCalendar(identifier: "gregorian", calendar: nil)

    /// The calendars a rules file may name, with Foundation's identifier of each.
    static let identifiers: [(name: String, identifier: Calendar.Identifier)] = [
        ("gregorian", .gregorian), ("persian", .persian), ("islamic-umalqura", .islamicUmmAlQura),
        ("islamic-civil", .islamicCivil), ("islamic-tbla", .islamicTabular), ("islamic", .islamic),
        ("buddhist", .buddhist), ("indian", .indian), ("coptic", .coptic), ("ethiopic", .ethiopicAmeteMihret),
    ]

    /// The names of the calendars a rules file may name.
    public static var supported: [String] { identifiers.map(\.name) }

    /// The calendar named `name` (as CLDR and BCP 47's `-u-ca-` name it), or `nil`.
    public init?(_ name: String) {
        guard let known = Self.identifiers.first(where: { $0.name == name }) else { return nil }
        if known.identifier == .gregorian {
            self = .gregorian
            return
        }
        var calendar = Calendar(identifier: known.identifier)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        self.init(identifier: name, calendar: calendar)
    }

    private init(identifier: String, calendar: Calendar?) {
        self.identifier = identifier
        self.calendar = calendar
    }

    public var description: String { identifier }

    public static func == (lhs: DateCalendar, rhs: DateCalendar) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The year, month and day of `day` in this calendar; `nil` when its year in this calendar
    /// is not one of 1–9999 (a day before the calendar's epoch).
    public func components(of day: Day) -> (year: Int, month: Int, day: Int)? {
        guard let calendar else { return day.civil }
        let parts = calendar.dateComponents([.year, .month, .day], from: Self.noon(of: day))
        guard let year = parts.year, let month = parts.month, let date = parts.day, (1...9999).contains(year) else { return nil }
        return (year, month, date)
    }

    /// The day of `year`-`month`-`day` in this calendar, or `nil` when there is no such day
    /// (month 13 of a 12-month calendar, Esfand 30 in a common year) or it is not one of the
    /// Gregorian years 1–9999.
    public func day(year: Int, month: Int, day: Int) -> Day? {
        guard let calendar else { return Day(year: year, month: month, day: day) }
        guard (1...9999).contains(year), (1...13).contains(month), (1...31).contains(day) else { return nil }
        let parts = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: parts) else { return nil }
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let result = Day(daysSinceEpoch: days)
        // Foundation moves an impossible day on (Mehr 31 is Aban 1): the day must read back as written.
        guard result.isInCalendar, let back = components(of: result), back == (year, month, day) else { return nil }
        return result
    }

    /// Noon UTC of `day`: an instant that is that day in every calendar computed in UTC.
    private static func noon(of day: Day) -> Date {
        Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 43_200)
    }
}
