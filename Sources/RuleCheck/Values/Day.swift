public import Foundation

/// A calendar date (proleptic Gregorian), without time or time zone.
///
/// ```swift
/// let birthday = Day(year: 2000, month: 2, day: 29)!
/// birthday.adding(years: 18)          // 2018-02-28: the day is clamped to the month
/// birthday.adding(years: 9000)        // nil: past the year 9999
/// Day(iso: "2024-05-01")?.iso         // "2024-05-01"
/// ```
///
/// Stored as days since 1970-01-01, so comparison and day arithmetic are integer operations.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The date, or `nil` if there is no such day (month 13, February 30, year 0 or 10000+).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Day.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        daysSinceEpoch = Day.daysFromCivil(year: year, month: month, day: day)
    }

    /// Reads `yyyy-MM-dd`.
    public init?(iso text: some StringProtocol) {
        guard let day = DateFormat.iso.parse(text) else { return nil }
        self = day
    }

    /// The date as `yyyy-MM-dd`.
    public var iso: String { DateFormat.iso.format(self) }

    public var description: String { iso }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// This day moved by whole years, months and days, or `nil` when the result is not in the
    /// years 1–9999 (whatever the amounts: this never traps). Years and months move the calendar
    /// fields and clamp the day to the target month (Jan 31 + 1 month = Feb 28 or 29, Feb 29 +
    /// 1 year = Feb 28); days are added last.
    public func adding(years: Int = 0, months: Int = 0, days: Int = 0) -> Day? {
        let moved = shifted(years: years, months: months, days: days)
        return moved.isInCalendar ? moved : nil
    }

    /// This day moved as ``adding(years:months:days:)`` moves it, saturating at the ends of the
    /// calendar: a result before 0001-01-01 is ``beforeCalendar``, one after 9999-12-31
    /// ``afterCalendar``, and either stays where it is whatever it is moved by (how far beyond
    /// the end it went is not known). So a bound computed beyond the calendar still compares
    /// with every date on the side it left by. Never traps.
    func shifted(years: Int = 0, months: Int = 0, days: Int = 0) -> Day {
        guard isInCalendar else { return daysSinceEpoch < Self.range.lowerBound ? .beforeCalendar : .afterCalendar }
        // Amounts beyond the calendar's span leave it on their side (and could overflow below).
        let span: UInt = 10_000
        guard years.magnitude <= span, months.magnitude <= span * 12, days.magnitude <= span * 366 else {
            let direction = years.magnitude > span ? years : months.magnitude > span * 12 ? months : days
            return direction < 0 ? .beforeCalendar : .afterCalendar
        }
        var result = self
        if years != 0 || months != 0 {
            let (y, m, d) = civil
            let totalMonths = (y * 12 + (m - 1)) + years * 12 + months
            let year = Self.floorDiv(totalMonths, 12)
            let month = totalMonths - year * 12 + 1
            if year < 1 { return .beforeCalendar }
            if year > 9999 { return .afterCalendar }
            let day = min(d, Self.daysIn(month: month, year: year))
            result = Day(daysSinceEpoch: Self.daysFromCivil(year: year, month: month, day: day))
        }
        let moved = result.daysSinceEpoch + days
        if moved < Self.range.lowerBound { return .beforeCalendar }
        if moved > Self.range.upperBound { return .afterCalendar }
        return Day(daysSinceEpoch: moved)
    }

    /// The days since 1970-01-01 of 0001-01-01 through 9999-12-31.
    static let range = daysFromCivil(year: 1, month: 1, day: 1)...daysFromCivil(year: 9999, month: 12, day: 31)

    /// Whether the day is in the years 1–9999 (every day read or written is).
    var isInCalendar: Bool { Self.range.contains(daysSinceEpoch) }

    /// Where date arithmetic that left the calendar below year 1 ends: the day before
    /// 0001-01-01, so before every date.
    static let beforeCalendar = Day(daysSinceEpoch: range.lowerBound - 1)
    /// Where date arithmetic that left the calendar past 9999 ends: the day after 9999-12-31,
    /// so after every date.
    static let afterCalendar = Day(daysSinceEpoch: range.upperBound + 1)

    /// Whole years from this day to `other` (an age): 0 until the first anniversary.
    ///
    /// Consistent with date arithmetic: `wholeYears(to: today) >= n` exactly when
    /// `self <= today.adding(years: -n)`. So a Feb 29 birthday comes on Mar 1 in common years.
    public func wholeYears(to other: Day) -> Int {
        let (y1, m1, d1) = civil
        let (y2, m2, d2) = other.civil
        return (m2, d2) < (m1, d1) ? y2 - y1 - 1 : y2 - y1
    }

    /// Today in the local time zone: `Form(rules, today: .now)`.
    public static var now: Day { today() }

    /// Today in the given time zone (the local one by default).
    public static func today(in timeZone: TimeZone = .current, now: Date = Date()) -> Day {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return Day(daysSinceEpoch: daysFromCivil(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1))
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    // MARK: - Civil calendar (Howard Hinnant's algorithms)

    var civil: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = Self.floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

extension Day: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = Day(iso: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not a yyyy-MM-dd date"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
