/// Character classes: `[a-z\d]`, `[^\s]`, written as PCRE2 classes, or as an alternation of
/// classes when ECMA-262's `\D`, `\W` or `\S` (complements of ASCII sets, which a PCRE2 class
/// cannot hold) are members.
extension ECMARegexTranslator {
    /// One member of a class.
    private enum Member {
        case codePoint(UInt32)
        /// A set written as PCRE2 class members (`0-9`, `\p{L}`).
        case set(String)
        /// The complement of a set written as PCRE2 class members (`\D` is the complement of `0-9`).
        case complement(String)
    }

    mutating func characterClass() throws(ECMARegex.SyntaxError) {
        let start = index
        index += 1
        let negated = scalar(at: index) == "^"
        if negated { index += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        var sets: [String] = []
        var complements: [String] = []
        while true {
            guard let c = scalar(at: index) else { throw error("missing ']' for the class opened here", at: start) }
            if c == "]" {
                index += 1
                break
            }
            let memberStart = index
            let first = try member(classStart: start)
            if scalar(at: index) == "-", let after = scalar(at: index + 1), after != "]" {
                index += 1
                let second = try member(classStart: start)
                guard case .codePoint(let low) = first, case .codePoint(let high) = second else {
                    throw error(#"a class escape such as \d cannot be an end of a range"#, at: memberStart)
                }
                guard low <= high else { throw error("range out of order in a character class", at: memberStart) }
                ranges.append(low...high)
                continue
            }
            switch first {
            case .codePoint(let value): ranges.append(value...value)
            case .set(let text): sets.append(text)
            case .complement(let text): complements.append(text)
            }
        }
        var members = ""
        for range in ranges {
            for part in Self.withoutSurrogates(range) {
                members += Self.classCodePoint(part.lowerBound)
                if part.upperBound != part.lowerBound { members += "-" + Self.classCodePoint(part.upperBound) }
            }
        }
        members += sets.joined()
        if complements.isEmpty {
            switch (negated, members.isEmpty) {
            case (false, true): out += "(?!)"
            case (false, false): out += "[" + members + "]"
            case (true, true): out += "(?s:.)"
            case (true, false): out += "[^" + members + "]"
            }
            return
        }
        let alternatives = (members.isEmpty ? [] : ["[" + members + "]"]) + complements.map { "[^" + $0 + "]" }
        let any = alternatives.joined(separator: "|")
        out += negated ? "(?:(?!" + any + ")(?s:.))" : "(?:" + any + ")"
    }

    private mutating func member(classStart: Int) throws(ECMARegex.SyntaxError) -> Member {
        guard let c = scalar(at: index) else { throw error("missing ']' for the class opened here", at: classStart) }
        guard c == "\\" else {
            index += 1
            return .codePoint(c.value)
        }
        let start = index
        guard let e = scalar(at: index + 1) else { throw error("missing ']' for the class opened here", at: classStart) }
        index += 2
        switch e {
        case "b": return .codePoint(0x08)
        case "d": return .set("0-9")
        case "D": return .complement("0-9")
        case "w": return .set(ECMARegex.word)
        case "W": return .complement(ECMARegex.word)
        case "s": return .set(ECMARegex.space)
        case "S": return .complement(ECMARegex.space)
        case "p", "P": return .set(try property(negated: e == "P", start: start))
        case "B": throw error(#"'\B' inside a character class is not ECMA-262 with the u flag"#, at: start)
        case "1"..."9", "k": throw error("a back-reference cannot be inside a character class", at: start)
        default: return .codePoint(try characterEscape(e, start: start, inClass: true))
        }
    }

    /// The range without the surrogate code points, which PCRE2 refuses in UTF mode and valid
    /// text never holds.
    private static func withoutSurrogates(_ range: ClosedRange<UInt32>) -> [ClosedRange<UInt32>] {
        guard range.lowerBound <= 0xDFFF, range.upperBound >= 0xD800 else { return [range] }
        var parts: [ClosedRange<UInt32>] = []
        if range.lowerBound < 0xD800 { parts.append(range.lowerBound...0xD7FF) }
        if range.upperBound > 0xDFFF { parts.append(0xE000...range.upperBound) }
        return parts
    }

    /// A code point as a member of a PCRE2 class: letters and digits as they are, other ASCII
    /// and invisible characters as `\x{…}`.
    private static func classCodePoint(_ value: UInt32) -> String {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: String(Unicode.Scalar(UInt8(value)))
        case 0...0x7F: #"\x{"# + String(value, radix: 16, uppercase: true) + "}"
        default: codePoint(value)
        }
    }
}
