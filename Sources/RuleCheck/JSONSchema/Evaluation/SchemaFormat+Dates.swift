/// `date`, `time`, `date-time` (RFC 3339 §5.6: a leap second only at 23:59:60 UTC) and
/// `duration` (RFC 3339 appendix A).
extension SchemaFormat {
    /// `full-date`: `YYYY-MM-DD`, a day that exists (29 February in leap years only).
    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = digits(bytes, at: start, count: 4), let month = digits(bytes, at: start + 5, count: 2),
            let day = digits(bytes, at: start + 8, count: 2), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// `full-time`: `HH:MM:SS[.frac](Z|±HH:MM)`.
    static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count >= 9, bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
            let hour = digits(bytes, at: start, count: 2), let minute = digits(bytes, at: start + 3, count: 2),
            let second = digits(bytes, at: start + 6, count: 2), hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = start + 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > fraction else { return false }
        }
        guard index < bytes.endIndex else { return false }
        var offset = 0  // minutes east of UTC
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.endIndex else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.endIndex - index == 6, bytes[index + 3] == UInt8(ascii: ":"),
                let offsetHour = digits(bytes, at: index + 1, count: 2), let offsetMinute = digits(bytes, at: index + 4, count: 2),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offset = (offsetHour * 60 + offsetMinute) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        guard second == 60 else { return true }
        // A leap second is the last second of a UTC day.
        let utc = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
        return utc == 23 * 60 + 59
    }

    /// `date-time`: a `full-date`, `T` (or `t`), a `full-time`.
    static func isDateTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return false }
        return isDate(bytes[0..<10]) && isTime(bytes[11...])
    }

    /// `duration` as RFC 3339 appendix A's grammar has it: `P` then years, months, days (each
    /// optional, in that order, without gaps, as `dur-year`/`dur-month`/`dur-day` chain), then
    /// `T` and hours, minutes, seconds likewise; or `P` and weeks alone.
    static func isDuration(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        // The elements as (number present, unit) in order.
        var elements: [UInt8] = []
        var inTime = false
        var timeSeen = false
        var index = 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "T") {
                guard !timeSeen else { return false }
                timeSeen = true
                inTime = true
                index += 1
                // `T` must be followed by at least one element.
                guard index < bytes.count else { return false }
                continue
            }
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count else { return false }
            let unit = bytes[index]
            index += 1
            let allowed: [UInt8] = inTime ? Array("HMS".utf8) : Array("YMDW".utf8)
            guard allowed.contains(unit) else { return false }
            elements.append(inTime ? unit | 0x80 : unit)
        }
        guard !elements.isEmpty else { return false }
        if elements.contains(UInt8(ascii: "W")) { return elements == [UInt8(ascii: "W")] }
        // Consecutive units in order: Y M D, then H M S (time units marked by the high bit).
        let order: [UInt8] = [UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D")]
        let timeOrder: [UInt8] = [UInt8(ascii: "H") | 0x80, UInt8(ascii: "M") | 0x80, UInt8(ascii: "S") | 0x80]
        let dateElements = elements.filter { $0 & 0x80 == 0 }
        let timeElements = elements.filter { $0 & 0x80 != 0 }
        func isRun(_ part: [UInt8], of units: [UInt8]) -> Bool {
            guard let first = part.first, let start = units.firstIndex(of: first), start + part.count <= units.count else {
                return part.isEmpty
            }
            return Array(units[start..<start + part.count]) == part
        }
        return isRun(dateElements, of: order) && isRun(timeElements, of: timeOrder) && elements == dateElements + timeElements
    }
}
