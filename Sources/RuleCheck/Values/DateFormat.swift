public import Patterns

/// How dates are written as text: a pattern such as `yyyy-MM-dd` or `dd.MM.yyyy`.
///
/// Tokens: `yyyy` four-digit year, `MM` two-digit month, `M` month in one or two digits,
/// `dd` two-digit day, `d` day in one or two digits. Any other character is literal; text in
/// single quotes is literal too (`dd 'of' MM`).
public struct DateFormat: Hashable, Sendable, CustomStringConvertible {
    enum Token: Hashable, Sendable {
        case year4, month2, month, day2, day
        case literal(Unicode.Scalar)
    }

    /// The pattern as written.
    public let pattern: String
    let tokens: [Token]

    /// `yyyy-MM-dd`, the default and the form dates take in expressions and JSON.
    public static let iso = DateFormat(validPattern: "yyyy-MM-dd")

    /// Compiles a pattern, or returns `nil` if it lacks a year, a month or a day, or repeats one.
    public init?(_ pattern: String) {
        guard let tokens = Self.tokenize(pattern) else { return nil }
        let fields = tokens.filter { if case .literal = $0 { false } else { true } }
        let years = fields.filter { $0 == .year4 }.count
        let months = fields.filter { $0 == .month2 || $0 == .month }.count
        let days = fields.filter { $0 == .day2 || $0 == .day }.count
        guard years == 1, months == 1, days == 1 else { return nil }
        self.pattern = pattern
        self.tokens = tokens
    }

    private init(validPattern: String) {
        pattern = validPattern
        tokens = Self.tokenize(validPattern) ?? []
    }

    public var description: String { pattern }

    /// Reads `text` in this format; `nil` if it does not fit or names no real day.
    public func parse(_ text: some StringProtocol) -> Day? {
        var text = String(text)
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Reads `text` in this format, with `digits: .any` taking the decimal digits of every
    /// script as 0–9 (`۱۴۰۵-۰۱-۰۱`).
    ///
    /// ```swift
    /// DateFormat("dd.MM.yyyy")?.parse("٠١.٠٢.١٩٩٠", digits: .any)   // 1990-02-01
    /// ```
    public func parse(_ text: some StringProtocol, digits: DecimalDigits) -> Day? {
        digits == .any ? parse(DecimalDigits.folded(String(text))) : parse(text)
    }

    /// Reads a date from its UTF-8 bytes (``parse(_:)`` without a `String`).
    func parse(bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard let (year, month, day) = components(bytes: bytes) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// The year, month and day that UTF-8 bytes write in this format, whatever calendar they
    /// are of; `nil` if the bytes do not fit the format.
    func components(bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        var year = 0, month = 0, day = 0
        var index = 0
        for token in tokens {
            switch token {
            case .year4: guard let n = Self.digits(bytes, &index, min: 4, max: 4) else { return nil }; year = n
            case .month2: guard let n = Self.digits(bytes, &index, min: 2, max: 2) else { return nil }; month = n
            case .month: guard let n = Self.digits(bytes, &index, min: 1, max: 2) else { return nil }; month = n
            case .day2: guard let n = Self.digits(bytes, &index, min: 2, max: 2) else { return nil }; day = n
            case .day: guard let n = Self.digits(bytes, &index, min: 1, max: 2) else { return nil }; day = n
            case .literal(let scalar):
                var matches = true
                UTF8.encode(scalar) { byte in
                    if matches, index < bytes.count, bytes[index] == byte { index += 1 } else { matches = false }
                }
                guard matches else { return nil }
            }
        }
        guard index == bytes.count else { return nil }
        return (year, month, day)
    }

    /// Writes `day` in this format.
    public func format(_ day: Day) -> String {
        let (y, m, d) = day.civil
        return format(year: y, month: m, day: d)
    }

    /// Writes a year, month and day (of any calendar) in this format.
    func format(year y: Int, month m: Int, day d: Int) -> String {
        var text = ""
        for token in tokens {
            switch token {
            case .year4: text += Self.padded(y, 4)
            case .month2: text += Self.padded(m, 2)
            case .month: text += String(m)
            case .day2: text += Self.padded(d, 2)
            case .day: text += String(d)
            case .literal(let scalar): text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func tokenize(_ pattern: String) -> [Token]? {
        var tokens: [Token] = []
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        func run(of scalar: Unicode.Scalar) -> Int {
            var end = index
            while end < scalars.count && scalars[end] == scalar { end += 1 }
            return end - index
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "y":
                guard run(of: "y") == 4 else { return nil }
                tokens.append(.year4); index += 4
            case "M":
                let count = run(of: "M")
                guard count <= 2 else { return nil }
                tokens.append(count == 2 ? .month2 : .month); index += count
            case "d":
                let count = run(of: "d")
                guard count <= 2 else { return nil }
                tokens.append(count == 2 ? .day2 : .day); index += count
            case "'":
                index += 1
                while index < scalars.count && scalars[index] != "'" {
                    tokens.append(.literal(scalars[index])); index += 1
                }
                guard index < scalars.count else { return nil }
                index += 1
            default:
                if scalar.properties.isAlphabetic && scalar.isASCII { return nil }  // reserved letters
                tokens.append(.literal(scalar)); index += 1
            }
        }
        return tokens
    }

    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, min: Int, max: Int) -> Int? {
        var value = 0
        var count = 0
        while count < max, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        return count >= min ? value : nil
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
