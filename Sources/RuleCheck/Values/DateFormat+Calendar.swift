public import Patterns

/// Dates written in a calendar other than the Gregorian one: a Solar Hijri field's
/// `yyyy/MM/dd` reads and writes `1403/05/12` for 2024-08-02.
extension DateFormat {
    /// Writes `day` in this format, in `calendar`; as ISO `yyyy-MM-dd` (Gregorian) when the
    /// calendar has no four-digit year for it (a day before the calendar's epoch).
    ///
    /// ```swift
    /// DateFormat("yyyy/MM/dd")?.format(Day(iso: "2024-08-02")!, in: DateCalendar("persian")!)   // "1403/05/12"
    /// ```
    public func format(_ day: Day, in calendar: DateCalendar) -> String {
        guard calendar != .gregorian else { return format(day) }
        guard let (year, month, date) = calendar.components(of: day) else { return day.iso }
        return format(year: year, month: month, day: date)
    }

    /// Reads `text` written in this format in `calendar` (with `digits: .any`, in the digits of
    /// any script); `nil` if it does not fit or names no real day of the calendar.
    ///
    /// ```swift
    /// DateFormat("yyyy/MM/dd")?.parse("۱۴۰۳/۰۵/۱۲", digits: .any, calendar: DateCalendar("persian")!)   // 2024-08-02
    /// ```
    public func parse(_ text: some StringProtocol, digits: DecimalDigits, calendar: DateCalendar) -> Day? {
        guard calendar != .gregorian else { return parse(text, digits: digits) }
        var text = digits == .any ? DecimalDigits.folded(String(text)) : String(text)
        guard let (year, month, day) = text.withUTF8({ components(bytes: $0) }) else { return nil }
        return calendar.day(year: year, month: month, day: day)
    }
}
