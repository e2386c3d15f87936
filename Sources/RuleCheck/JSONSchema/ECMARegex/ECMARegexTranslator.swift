/// Reads an ECMA-262 regex by its grammar with the `u` flag and writes the PCRE2 regex of the
/// same meaning as it goes (see ``ECMARegex`` for what is written how). Groups nest at most
/// ``ECMARegex/maxNesting`` levels, so the recursion is bounded whatever the pattern.
struct ECMARegexTranslator {
    private let scalars: [Unicode.Scalar]
    var index = 0
    var out = ""
    private var notes: [String] = []
    /// The capturing groups of the whole pattern, and the number of each named one (ECMA-262
    /// counts them before reading, so a back-reference may come before its group).
    private var groupCount = 0
    private var groupNames: [String: Int] = [:]
    /// The number of the last capturing group opened so far.
    private var opened = 0
    private var depth = 0
    /// The groups back-references name.
    private var references: Set<Int> = []
    /// The numbers of the groups inside each group a quantifier repeats.
    private var repeated: [ClosedRange<Int>] = []

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    mutating func translate() throws(ECMARegex.SyntaxError) -> ECMARegex.Translation {
        try countGroups()
        try disjunction()
        // Only an unmatched `)` stops the top-level disjunction before the end.
        if index < scalars.count { throw error("unmatched ')'", at: index) }
        if references.contains(where: { group in repeated.contains { $0.contains(group) } }) {
            notes.append(
                "a back-reference to a group inside a repeated group: ECMA-262 forgets the group's text at each repetition, PCRE2 keeps the last one"
            )
        }
        return ECMARegex.Translation(pcre: out, notes: notes)
    }

    // MARK: - Groups counted first

    private mutating func countGroups() throws(ECMARegex.SyntaxError) {
        var position = 0
        var inClass = false
        while position < scalars.count {
            let c = scalars[position]
            if c == "\\" {
                position += 2
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
            } else if c == "[" {
                inClass = true
            } else if c == "(" {
                if scalar(at: position + 1) != "?" {
                    groupCount += 1
                } else if scalar(at: position + 2) == "<", let next = scalar(at: position + 3), next != "=", next != "!" {
                    groupCount += 1
                    if let (name, _) = groupName(from: position + 3) {
                        if groupNames[name] != nil { throw error("two groups are named '\(name)'", at: position) }
                        groupNames[name] = groupCount
                    }
                }
            }
            position += 1
        }
    }

    /// The group name that starts at `start` and ends at `>`, and the position after the `>`.
    private func groupName(from start: Int) -> (String, Int)? {
        var name = ""
        var position = start
        while let c = scalar(at: position), c != ">" {
            let allowed =
                position == start
                ? c.properties.isIDStart || c == "$" || c == "_"
                : c.properties.isIDContinue || c == "$" || c == "\u{200C}" || c == "\u{200D}"
            guard allowed else { return nil }
            name.unicodeScalars.append(c)
            position += 1
        }
        guard scalar(at: position) == ">", !name.isEmpty else { return nil }
        return (name, position + 1)
    }

    // MARK: - Disjunctions, terms, quantifiers

    private mutating func disjunction() throws(ECMARegex.SyntaxError) {
        try alternative()
        while scalar(at: index) == "|" {
            out += "|"
            index += 1
            try alternative()
        }
    }

    private mutating func alternative() throws(ECMARegex.SyntaxError) {
        while let c = scalar(at: index), c != "|", c != ")" { try term() }
    }

    private mutating func term() throws(ECMARegex.SyntaxError) {
        let start = index
        let c = scalars[index]
        let next = scalar(at: index + 1)
        if c == "^" || c == "$" {
            out += c == "^" ? "^" : #"\z"#
            index += 1
            try refuseQuantifier(of: "'\(c)'")
        } else if c == "\\", next == "b" || next == "B" {
            let w = ECMARegex.word
            out += next == "b" ? "(?:(?<=[\(w)])(?![\(w)])|(?<![\(w)])(?=[\(w)]))" : "(?:(?<=[\(w)])(?=[\(w)])|(?<![\(w)])(?![\(w)]))"
            index += 2
            try refuseQuantifier(of: #"'\\#(next == "b" ? "b" : "B")'"#)
        } else if c == "(", next == "?", let kind = lookaround(at: index) {
            out += kind
            index += kind.unicodeScalars.count
            try group(from: start)
            try refuseQuantifier(of: "a lookaround")
        } else {
            let firstGroup = opened + 1
            try atom()
            try quantifier(groups: opened >= firstGroup ? firstGroup...opened : nil)
        }
    }

    /// `(?=`, `(?!`, `(?<=` or `(?<!` at `position`, if one starts there.
    private func lookaround(at position: Int) -> String? {
        switch (scalar(at: position + 2), scalar(at: position + 3)) {
        case ("=", _): "(?="
        case ("!", _): "(?!"
        case ("<", "="): "(?<="
        case ("<", "!"): "(?<!"
        default: nil
        }
    }

    /// The rest of a group whose opening was written: its disjunction and `)`.
    private mutating func group(from start: Int) throws(ECMARegex.SyntaxError) {
        depth += 1
        guard depth <= ECMARegex.maxNesting else {
            throw error("groups nest deeper than \(ECMARegex.maxNesting) levels", at: start)
        }
        try disjunction()
        guard scalar(at: index) == ")" else { throw error("missing ')' for the group opened here", at: start) }
        out += ")"
        index += 1
        depth -= 1
    }

    private mutating func quantifier(groups: ClosedRange<Int>?) throws(ECMARegex.SyntaxError) {
        guard let (text, maximum, length) = try quantifierText(at: index) else { return }
        index += length
        out += text
        if scalar(at: index) == "?" {
            out += "?"
            index += 1
        }
        if let groups, maximum.map({ $0 > 1 }) ?? true { repeated.append(groups) }
        if try quantifierText(at: index) != nil { throw error("nothing to repeat: a quantifier follows a quantifier", at: index) }
    }

    /// The quantifier at `position` as PCRE2 text, its maximum (nil: unbounded) and its length.
    private func quantifierText(at position: Int) throws(ECMARegex.SyntaxError) -> (String, Int?, Int)? {
        switch scalar(at: position) {
        case "*": return ("*", nil, 1)
        case "+": return ("+", nil, 1)
        case "?": return ("?", 1, 1)
        case "{":
            guard let (low, high, length) = braces(at: position) else { return nil }
            if let high, high < low { throw error("numbers out of order in a {} quantifier", at: position) }
            let limit = 65_535
            if low > limit || (high ?? 0) > limit {
                throw error("a {} quantifier above \(limit), more than PCRE2 (RuleCheck's regex engine) repeats", at: position)
            }
            let text: String
            switch high {
            case .some(let high) where high == low: text = "{\(low)}"
            case .some(let high): text = "{\(low),\(high)}"
            case .none: text = "{\(low),}"
            }
            return (text, high, length)
        default:
            return nil
        }
    }

    /// `{n}`, `{n,}` or `{n,m}` at `position`: the bounds (capped, so that huge numbers stay
    /// numbers) and the length.
    private func braces(at position: Int) -> (Int, Int?, Int)? {
        var cursor = position + 1
        func number() -> Int? {
            var value: Int?
            while let c = scalar(at: cursor), let digit = c.properties.numericType == .decimal && c.isASCII ? Int(c.value) - 48 : nil {
                value = min((value ?? 0) * 10 + digit, 1_000_000)
                cursor += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if scalar(at: cursor) == "," {
            cursor += 1
            high = number()
        }
        guard scalar(at: cursor) == "}" else { return nil }
        return (low, high, cursor + 1 - position)
    }

    private func refuseQuantifier(of what: String) throws(ECMARegex.SyntaxError) {
        if try quantifierText(at: index) != nil { throw error("\(what) cannot be repeated", at: index) }
    }

    // MARK: - Atoms

    private mutating func atom() throws(ECMARegex.SyntaxError) {
        let start = index
        let c = scalars[index]
        switch c {
        case ".":
            out += #"[^\n\r\x{2028}\x{2029}]"#
            index += 1
        case "(":
            if scalar(at: index + 1) != "?" {
                opened += 1
                out += "("
                index += 1
            } else if scalar(at: index + 2) == ":" {
                out += "(?:"
                index += 3
            } else if scalar(at: index + 2) == "<" {
                guard let (_, end) = groupName(from: index + 3) else {
                    throw error("a group name must be an identifier followed by '>'", at: start)
                }
                opened += 1
                out += "("
                index = end
            } else {
                throw error(groupSyntax(at: index), at: start)
            }
            try group(from: start)
        case "[":
            try characterClass()
        case "\\":
            try atomEscape()
        case "*", "+", "?":
            throw error("nothing to repeat: '\(c)' follows nothing that can be repeated", at: start)
        case "{":
            if braces(at: index) != nil { throw error("nothing to repeat: '{' follows nothing that can be repeated", at: start) }
            throw error(#"a lone '{' (write '\{' for the character)"#, at: start)
        case "}", "]":
            throw error(#"a lone '\#(c)' (write '\\#(c)' for the character)"#, at: start)
        default:
            emit(c.value)
            index += 1
        }
    }

    /// Why `(?` at `position` is refused: PCRE2's group syntax, named.
    private func groupSyntax(at position: Int) -> String {
        var written = "(?"
        var cursor = position + 2
        while let c = scalar(at: cursor), cursor - position < 12, c != ")" {
            written.unicodeScalars.append(c)
            cursor += 1
        }
        if scalar(at: cursor) == ")" { written += ")" }
        let what: String
        switch scalar(at: position + 2) ?? " " {
        case ">": what = "an atomic group"
        case "|": what = "a branch reset group"
        case "#": what = "a comment"
        case "(": what = "a conditional group"
        case "C": what = "a callout"
        case "P", "'": what = "a named group in Python's or Perl's spelling"
        case "R", "&", "+", "0"..."9": what = "a recursion or subroutine call"
        case "-": what = (scalar(at: position + 3).map { ("0"..."9").contains($0) } ?? false) ? "a subroutine call" : "inline options"
        case let c where "imsxnJU^".unicodeScalars.contains(c): what = "inline options"
        default: what = "not a group of ECMA-262"
        }
        return "'\(written)' is not ECMA-262 (in PCRE2 it is \(what))"
    }

    private mutating func atomEscape() throws(ECMARegex.SyntaxError) {
        let start = index
        guard let e = scalar(at: index + 1) else { throw error(#"'\' at the end of the pattern"#, at: start) }
        index += 2
        switch e {
        case "d": out += "[0-9]"
        case "D": out += "[^0-9]"
        case "w": out += "[\(ECMARegex.word)]"
        case "W": out += "[^\(ECMARegex.word)]"
        case "s": out += "[\(ECMARegex.space)]"
        case "S": out += "[^\(ECMARegex.space)]"
        case "p", "P": out += try property(negated: e == "P", start: start)
        case "1"..."9":
            var number = Int(e.value) - 48
            while let c = scalar(at: index), c.isASCII, ("0"..."9").contains(c) {
                number = min(number * 10 + Int(c.value) - 48, 1_000_000)
                index += 1
            }
            guard number <= groupCount else {
                throw error(
                    #"back-reference \\#(number), but the pattern has \#(groupCount) group\#(groupCount == 1 ? "" : "s")"#, at: start)
            }
            reference(number)
        case "k":
            guard scalar(at: index) == "<", let (name, end) = groupName(from: index + 1), let number = groupNames[name] else {
                throw error(#"'\k' must name a group of the pattern, as \k<name>"#, at: start)
            }
            index = end
            reference(number)
        default:
            emit(try characterEscape(e, start: start, inClass: false))
        }
    }

    /// A back-reference: the group's text, or empty when the group did not take part (as
    /// ECMA-262 has it; PCRE2 alone would fail there).
    private mutating func reference(_ group: Int) {
        references.insert(group)
        out += #"(?(\#(group))\g{\#(group)}|)"#
    }

    /// The code point of a character escape (`\n`, `\x41`, `\u{1F600}`, `\.`) whose letter,
    /// `e`, has been read.
    mutating func characterEscape(_ e: Unicode.Scalar, start: Int, inClass: Bool) throws(ECMARegex.SyntaxError) -> UInt32 {
        switch e {
        case "f": return 0x0C
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "v": return 0x0B
        case "c":
            guard let letter = scalar(at: index), letter.isASCII, letter.properties.isAlphabetic else {
                throw error(#"'\c' must be followed by a letter A–Z or a–z"#, at: start)
            }
            index += 1
            return letter.value % 32
        case "0":
            if let next = scalar(at: index), next.isASCII, ("0"..."9").contains(next) {
                throw error(#"'\0' followed by a digit (an octal escape) is not ECMA-262 with the u flag"#, at: start)
            }
            return 0
        case "x":
            guard let value = hex(count: 2) else { throw error(#"'\x' must be followed by two hex digits"#, at: start) }
            return value
        case "u":
            return try unicodeEscape(start: start)
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/":
            return e.value
        case "-" where inClass:
            return e.value
        case _ where e.isASCII && !e.properties.isAlphabetic && !("0"..."9").contains(e) && e != "_" && e.value > 0x20:
            // `\:`, `\-`, `\"`, `\'`: ECMA-262 without the u flag (Annex B) reads an escaped
            // punctuation character as itself, as published schemas expect (Azure Pipelines'
            // `[^\/~\^\: ]`) and every validator but a strict u-flag one accepts; it has no other meaning.
            return e.value
        default:
            throw error(Self.identityEscape(e), at: start)
        }
    }

    /// Why `\e` is refused: PCRE2's meaning, if it has one.
    private static func identityEscape(_ e: Unicode.Scalar) -> String {
        let pcre2: [Unicode.Scalar: String] = [
            "A": "the start of the text", "Z": "the end of the text or before a final newline", "z": "the end of the text",
            "G": "where the match started", "K": "the start of the match reset", "Q": "quoting", "E": "the end of quoting",
            "R": "any line break", "X": "a grapheme cluster", "h": "horizontal white space", "H": "not horizontal white space",
            "V": "not vertical white space", "N": "not a newline", "g": "a back-reference", "e": "the escape character",
            "a": "the bell character", "o": "an octal code", "C": "one byte", "l": "a lower-case letter (Perl)",
            "L": "lower-case letters (Perl)", "u": "", "U": "upper-case letters (Perl)",
        ]
        if let meaning = pcre2[e], !meaning.isEmpty {
            return #"'\\#(e)' is not ECMA-262 (in PCRE2 it is \#(meaning))"#
        }
        return #"'\\#(e)' is not an ECMA-262 escape (with the u flag only ^ $ \ . * + ? ( ) [ ] { } | / are escaped)"#
    }

    /// `\uXXXX` (with a second `\uXXXX` when the first is a leading surrogate: the pair is one
    /// code point) or `\u{X…}`, the `u` read.
    private mutating func unicodeEscape(start: Int) throws(ECMARegex.SyntaxError) -> UInt32 {
        if scalar(at: index) == "{" {
            var value: UInt32 = 0
            var cursor = index + 1
            var digits = 0
            while let c = scalar(at: cursor), let digit = c.properties.isASCIIHexDigit ? UInt32(String(c), radix: 16) : nil {
                value = min(value &* 16 &+ digit, 0x11_0000)
                digits += 1
                cursor += 1
            }
            guard digits > 0, scalar(at: cursor) == "}", value <= 0x10_FFFF else {
                throw error(#"'\u{…}' must hold the hex code of a code point up to 10FFFF"#, at: start)
            }
            index = cursor + 1
            return value
        }
        guard let value = hex(count: 4) else { throw error(#"'\u' must be followed by four hex digits or {…}"#, at: start) }
        if (0xD800...0xDBFF).contains(value), scalar(at: index) == "\\", scalar(at: index + 1) == "u" {
            let saved = index
            index += 2
            if let low = hex(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x1_0000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            index = saved
        }
        return value
    }

    /// `count` hex digits at the cursor, read; nil (and nothing read) when there are fewer.
    private mutating func hex(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let c = scalar(at: index + offset), c.properties.isASCIIHexDigit, let digit = UInt32(String(c), radix: 16) else {
                return nil
            }
            value = value * 16 + digit
        }
        index += count
        return value
    }

    /// `\p{…}` or `\P{…}` (the letter read) as PCRE2's property.
    mutating func property(negated: Bool, start: Int) throws(ECMARegex.SyntaxError) -> String {
        guard scalar(at: index) == "{" else { throw error(#"'\p' must be followed by a property in braces, as \p{L}"#, at: start) }
        var body = ""
        var cursor = index + 1
        while let c = scalar(at: cursor), c != "}" {
            body.unicodeScalars.append(c)
            cursor += 1
        }
        guard scalar(at: cursor) == "}" else { throw error(#"'\p{' must be closed by '}'"#, at: start) }
        index = cursor + 1
        switch ECMARegex.pcre2Property(body) {
        case .success(let property):
            let inverted = property.inverted != negated
            return (inverted ? #"\P{"# : #"\p{"#) + property.name + "}"
        case .failure(let why):
            throw error(why.message, at: start)
        }
    }

    // MARK: - Output

    /// One code point, as a PCRE2 atom outside a class.
    private mutating func emit(_ value: UInt32) {
        switch value {
        case 0xD800...0xDFFF:
            // A lone surrogate matches only a lone surrogate, which valid text never holds.
            out += "(?!)"
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
            out.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
        case 0x20...0x7E:
            out += "\\"
            out.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
        default:
            out += Self.codePoint(value)
        }
    }

    /// `\x{…}` for controls and other code points that are not plainly visible; the character itself otherwise.
    static func codePoint(_ value: UInt32) -> String {
        if value >= 0xA0, let scalar = Unicode.Scalar(value), !scalar.properties.isWhitespace,
            scalar.properties.generalCategory != .format, scalar.properties.generalCategory != .control
        {
            return String(scalar)
        }
        return #"\x{"# + String(value, radix: 16, uppercase: true) + "}"
    }

    // MARK: - Reading

    func scalar(at position: Int) -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    func error(_ message: String, at offset: Int) -> ECMARegex.SyntaxError {
        ECMARegex.SyntaxError(message: message, offset: offset)
    }
}
