/// Splits expression text into tokens.
///
/// Works on the text's UTF-8 bytes (everything but text literals and spaces is ASCII) and counts
/// Unicode scalars alongside, since token ranges are in scalars.
struct Lexer {
    private let bytes: [UInt8]
    /// The byte offset being read.
    private var index = 0
    /// The scalar offset of ``index``.
    private var scalarIndex = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
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

    /// The byte `ahead` bytes on (only meaningful for ASCII).
    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    /// The scalar at ``index``.
    private func scalar() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// Moves past `count` ASCII bytes.
    private mutating func skip(_ count: Int) {
        index += count
        scalarIndex += count
    }

    /// Moves past one scalar.
    private mutating func skipScalar() {
        index += 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        scalarIndex += 1
    }

    /// The ASCII text from byte `start` to ``index``.
    private func ascii(from start: Int) -> String {
        String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func next() throws(ExpressionError) -> Token {
        while let byte = peek(), byte.isSpace || (byte >= 0x80 && scalar()?.properties.isWhitespace == true) { skipScalar() }
        let start = scalarIndex
        guard let byte = peek() else { return Token(kind: .end, range: start..<start) }

        if byte.isDigit { return try number() }
        if byte.isNameStart {
            let first = index
            while let next = peek(), next.isNameContinue { skip(1) }
            let word = ascii(from: first)
            let kind: Token.Kind = Token.Keyword(rawValue: word).map { .keyword($0) } ?? .name(word)
            return Token(kind: kind, range: start..<scalarIndex)
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try text(quote: byte) }

        if let symbol = symbol(byte, peek(1)) {
            skip(symbol.rawValue.utf8.count)
            return Token(kind: .symbol(symbol), range: start..<scalarIndex)
        }
        if byte == UInt8(ascii: "=") {
            throw ExpressionError(code: .expressionSyntax, message: "'=' is not an operator; use '==' to compare", range: start..<start + 1)
        }
        let character = scalar().map { String($0) } ?? "\u{FFFD}"
        throw ExpressionError(code: .expressionSyntax, message: "unexpected character '\(character)'", range: start..<start + 1)
    }

    /// The symbol that starts with `byte` (followed by `next`), the longest that fits.
    private func symbol(_ byte: UInt8, _ next: UInt8?) -> Token.Symbol? {
        switch (Unicode.Scalar(byte), next.map(Unicode.Scalar.init)) {
        case ("|", "|"): .orOr
        case ("&", "&"): .andAnd
        case ("=", "="): .equal
        case ("!", "="): .notEqual
        case ("<", "="): .lessEqual
        case (">", "="): .greaterEqual
        case ("!", _): .bang
        case ("<", _): .less
        case (">", _): .greater
        case ("+", _): .plus
        case ("-", _): .minus
        case ("*", _): .star
        case ("/", _): .slash
        case ("(", _): .openParen
        case (")", _): .closeParen
        case ("[", _): .openBracket
        case ("]", _): .closeBracket
        case (",", _): .comma
        case (".", _): .dot
        default: nil
        }
    }

    /// A number, a date `2024-02-29` or a duration `18y`.
    private mutating func number() throws(ExpressionError) -> Token {
        let start = scalarIndex
        let first = index
        let integerDigits = digitRun()
        // A date: exactly dddd-dd-dd, not followed by more of a name or number.
        let dash = UInt8(ascii: "-")
        if integerDigits == 4, peek() == dash, peek(1)?.isDigit == true, peek(2)?.isDigit == true, peek(3) == dash,
            peek(4)?.isDigit == true, peek(5)?.isDigit == true, !(peek(6)?.isNameContinue ?? false)
        {
            skip(6)
            let text = ascii(from: first)
            guard let day = Day(iso: text) else {
                throw ExpressionError(code: .invalidLiteral, message: "'\(text)' is not a date", range: start..<scalarIndex)
            }
            return Token(kind: .date(day), range: start..<scalarIndex)
        }
        var isInteger = true
        if peek() == UInt8(ascii: "."), peek(1)?.isDigit == true {
            isInteger = false
            skip(1)
            _ = digitRun()
        }
        // An exponent, as YAML and JSON write large and small numbers: `1e20`, `2.5E-3`.
        if let marker = peek(), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            let sign = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") ? 1 : 0
            if peek(1 + sign)?.isDigit == true {
                isInteger = false
                skip(1 + sign)
                _ = digitRun()
            }
        }
        let text = ascii(from: first)
        // Digits (a point between digits, an exponent): a number, kept exactly as written.
        guard let value = ExactDecimal(text), value.double.isFinite else {
            throw ExpressionError(
                code: .invalidLiteral,
                message: "'\(text)' is out of range: numbers are at most about 1.8e308", range: start..<scalarIndex)
        }
        if let unit = peek().map(Unicode.Scalar.init), "ymwd".unicodeScalars.contains(unit), !(peek(1)?.isNameContinue ?? false) {
            skip(1)
            guard isInteger, let count = Int(text) else {
                throw ExpressionError(
                    code: .invalidLiteral, message: "a duration needs a whole number, as in 18y", range: start..<scalarIndex)
            }
            let most =
                switch unit {
                case "y": DateDuration.maxYears
                case "m": DateDuration.maxYears * 12
                case "w": DateDuration.maxDays / 7
                default: DateDuration.maxDays
                }
            guard count.magnitude <= most else {
                throw ExpressionError(
                    code: .invalidLiteral,
                    message:
                        "a duration can be at most \(DateDuration.maxYears)y (\(DateDuration.maxYears * 12)m, \(DateDuration.maxDays / 7)w, \(DateDuration.maxDays)d)",
                    range: start..<scalarIndex)
            }
            var duration = DateDuration()
            switch unit {
            case "y": duration.years = count
            case "m": duration.months = count
            case "w": duration.days = 7 * count
            default: duration.days = count
            }
            return Token(kind: .duration(duration), range: start..<scalarIndex)
        }
        if let after = peek(), after.isNameStart {
            throw ExpressionError(
                code: .invalidLiteral,
                message:
                    "unexpected '\(Unicode.Scalar(after))' after a number (numbers are written 12, 3.5 or 1e20; durations 18y, 6m, 2w, 10d)",
                range: scalarIndex..<scalarIndex + 1)
        }
        return Token(kind: .number(value), range: start..<scalarIndex)
    }

    private mutating func digitRun() -> Int {
        let start = index
        while let byte = peek(), byte.isDigit { skip(1) }
        return index - start
    }

    /// A quoted text: `"…"` or `'…'`, with `\"`, `\'`, `\\`, `\n` and `\t` escapes; any other
    /// backslash is kept, so `'\d+'` is the regex `\d+`.
    private mutating func text(quote: UInt8) throws(ExpressionError) -> Token {
        let start = scalarIndex
        skip(1)
        var value: [UInt8] = []
        while let byte = peek() {
            if byte == quote {
                skip(1)
                return Token(kind: .text(String(decoding: value, as: UTF8.self)), range: start..<scalarIndex)
            }
            if byte == UInt8(ascii: "\\"), let escaped = peek(1) {
                switch Unicode.Scalar(escaped) {
                case "n": value.append(0x0A)
                case "t": value.append(0x09)
                case "\"", "'", "\\": value.append(escaped)
                default:
                    // Other backslashes stay as written, so regexes read as intended: '\d+'.
                    value.append(byte)
                    skip(1)
                    continue
                }
                skip(2)
            } else {
                let first = index
                skipScalar()
                value.append(contentsOf: bytes[first..<index])
            }
        }
        throw ExpressionError(
            code: .expressionSyntax, message: "unterminated text: missing closing \(Unicode.Scalar(quote))", range: start..<scalarIndex)
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isNameStart: Bool {
        (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z")) || self == UInt8(ascii: "_")
    }
    fileprivate var isNameContinue: Bool { isNameStart || isDigit }
    /// ASCII white space as `Unicode.Scalar.Properties.isWhitespace` counts it.
    fileprivate var isSpace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}
