/// Splits expression text into tokens.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// All tokens, ending with `.end`.
    static func tokens(of text: String) throws(ExpressionError) -> [Token] {
        var lexer = Lexer(text)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    private mutating func next() throws(ExpressionError) -> Token {
        while let scalar = peek(), scalar.properties.isWhitespace { index += 1 }
        let start = index
        guard let scalar = peek() else { return Token(kind: .end, range: start..<start) }

        if scalar.isDigit { return try number() }
        if scalar.isNameStart {
            while let next = peek(), next.isNameContinue { index += 1 }
            let word = String(String.UnicodeScalarView(scalars[start..<index]))
            let kind: Token.Kind = Token.Keyword(rawValue: word).map { .keyword($0) } ?? .name(word)
            return Token(kind: kind, range: start..<index)
        }
        if scalar == "\"" || scalar == "'" { return try text(quote: scalar) }

        for symbol in Self.symbolsLongestFirst where matches(symbol.rawValue) {
            index += symbol.rawValue.unicodeScalars.count
            return Token(kind: .symbol(symbol), range: start..<index)
        }
        if scalar == "=" {
            throw ExpressionError(message: "'=' is not an operator; use '==' to compare", range: start..<start + 1)
        }
        throw ExpressionError(message: "unexpected character '\(scalar)'", range: start..<start + 1)
    }

    private static let symbolsLongestFirst = Token.Symbol.allCases.sorted { $0.rawValue.count > $1.rawValue.count }

    private func matches(_ text: String) -> Bool {
        for (offset, scalar) in text.unicodeScalars.enumerated() where peek(offset) != scalar {
            return false
        }
        return true
    }

    /// A number, a date `2024-02-29` or a duration `18y`.
    private mutating func number() throws(ExpressionError) -> Token {
        let start = index
        let integerDigits = digitRun()
        // A date: exactly dddd-dd-dd, not followed by more of a name or number.
        if integerDigits == 4, peek() == "-", peek(1)?.isDigit == true, peek(2)?.isDigit == true, peek(3) == "-",
           peek(4)?.isDigit == true, peek(5)?.isDigit == true, !(peek(6)?.isNameContinue ?? false) {
            index += 6
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let day = Day(iso: text) else {
                throw ExpressionError(message: "'\(text)' is not a date", range: start..<index)
            }
            return Token(kind: .date(day), range: start..<index)
        }
        var isInteger = true
        if peek() == ".", peek(1)?.isDigit == true {
            isInteger = false
            index += 1
            _ = digitRun()
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        let value = Double(text) ?? 0
        if let unit = peek(), "ymwd".unicodeScalars.contains(unit), !(peek(1)?.isNameContinue ?? false) {
            index += 1
            guard isInteger, let count = Int(text) else {
                throw ExpressionError(message: "a duration needs a whole number, as in 18y", range: start..<index)
            }
            let most = switch unit {
            case "y": Duration.maxYears
            case "m": Duration.maxYears * 12
            case "w": Duration.maxDays / 7
            default: Duration.maxDays
            }
            guard count.magnitude <= most else {
                throw ExpressionError(
                    message: "a duration can be at most \(Duration.maxYears)y (\(Duration.maxYears * 12)m, \(Duration.maxDays / 7)w, \(Duration.maxDays)d)",
                    range: start..<index)
            }
            var duration = Duration()
            switch unit {
            case "y": duration.years = count
            case "m": duration.months = count
            case "w": duration.days = 7 * count
            default: duration.days = count
            }
            return Token(kind: .duration(duration), range: start..<index)
        }
        if let after = peek(), after.isNameStart {
            throw ExpressionError(
                message: "unexpected '\(after)' after a number (durations are written 18y, 6m, 2w, 10d)",
                range: index..<index + 1)
        }
        return Token(kind: .number(value), range: start..<index)
    }

    private mutating func digitRun() -> Int {
        let start = index
        while let scalar = peek(), scalar.isDigit { index += 1 }
        return index - start
    }

    /// A quoted text: `"…"` or `'…'`, with `\"`, `\'`, `\\`, `\n` and `\t` escapes; any other
    /// backslash is kept, so `'\d+'` is the regex `\d+`.
    private mutating func text(quote: Unicode.Scalar) throws(ExpressionError) -> Token {
        let start = index
        index += 1
        var value = String.UnicodeScalarView()
        while let scalar = peek() {
            index += 1
            if scalar == quote { return Token(kind: .text(String(value)), range: start..<index) }
            if scalar == "\\", let escaped = peek() {
                index += 1
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "\"", "'", "\\": value.append(escaped)
                default:
                    // Other backslashes stay as written, so regexes read as intended: '\d+'.
                    value.append("\\")
                    value.append(escaped)
                }
            } else {
                value.append(scalar)
            }
        }
        throw ExpressionError(message: "unterminated text: missing closing \(quote)", range: start..<index)
    }
}

extension Unicode.Scalar {
    fileprivate var isDigit: Bool { ("0"..."9").contains(self) }
    fileprivate var isNameStart: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_" }
    fileprivate var isNameContinue: Bool { isNameStart || isDigit }
}
