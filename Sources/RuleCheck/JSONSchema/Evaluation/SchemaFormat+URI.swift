/// `uri`, `uri-reference` (RFC 3986 §3, §4.1), `iri`, `iri-reference` (RFC 3987 §2.2: the
/// same grammar with non-ASCII `ucschar`s, and `iprivate` in queries) and `uri-template`
/// (RFC 6570 §2), read by their grammars.
extension SchemaFormat {
    /// Whether `text` is a URI (or, with `reference`, a URI reference; with `international`,
    /// an IRI or IRI reference).
    static func isURI(_ text: String, reference: Bool, international: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let grammar = URIGrammar(international: international)
        var rest = scalars[...]
        // Scheme: a letter, then letters, digits, `+`, `-`, `.`, up to the first `:` before any `/?#`.
        var hasScheme = false
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(where: { "/?#".unicodeScalars.contains($0) }) {
            let scheme = rest[..<colon]
            guard let first = scheme.first, first.isASCII, isAlpha(UInt8(first.value)),
                scheme.allSatisfy({
                    $0.isASCII && (isAlpha(UInt8($0.value)) || isDigit(UInt8($0.value)) || "+-.".unicodeScalars.contains($0))
                })
            else { return false }
            hasScheme = true
            rest = rest[(colon + 1)...]
        }
        guard hasScheme || reference else { return false }
        if let hash = rest.firstIndex(of: "#") {
            guard rest[(hash + 1)...].allSatisfy(grammar.isFragmentOrQuery(query: false)) else { return false }
            guard grammar.hasValidPercents(rest[(hash + 1)...]) else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            guard rest[(question + 1)...].allSatisfy(grammar.isFragmentOrQuery(query: true)) else { return false }
            guard grammar.hasValidPercents(rest[(question + 1)...]) else { return false }
            rest = rest[..<question]
        }
        var path = rest
        if rest.starts(with: "//".unicodeScalars) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            guard grammar.isAuthority(afterSlashes[..<end]) else { return false }
            path = afterSlashes[end...]
        } else if !hasScheme, let firstSlash = path.firstIndex(of: "/") ?? Optional(path.endIndex),
            path[..<firstSlash].contains(":")
        {
            // path-noscheme: no colon in the first segment of a relative reference.
            return false
        }
        return path.allSatisfy { grammar.isPathCharacter($0) } && grammar.hasValidPercents(path)
    }

    /// The character classes of RFC 3986 and RFC 3987.
    private struct URIGrammar {
        let international: Bool

        func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                return isAlpha(byte) || isDigit(byte) || "-._~".unicodeScalars.contains(scalar)
            }
            return international && Self.isUCSChar(scalar)
        }

        static func isSubDelimiter(_ scalar: Unicode.Scalar) -> Bool {
            "!$&'()*+,;=".unicodeScalars.contains(scalar)
        }

        /// `ucschar` (RFC 3987 §2.2).
        static func isUCSChar(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            switch value {
            case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
            case 0x10000...0xEFFFD: return value & 0xFFFF <= 0xFFFD
            default: return false
            }
        }

        /// `iprivate` (RFC 3987 §2.2), allowed in queries.
        static func isPrivate(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: true
            default: false
            }
        }

        /// `pchar` (with `%` accepted here; ``hasValidPercents(_:)`` checks the escapes).
        func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
            isUnreserved(scalar) || Self.isSubDelimiter(scalar) || scalar == ":" || scalar == "@" || scalar == "%" || scalar == "/"
        }

        func isFragmentOrQuery(query: Bool) -> (Unicode.Scalar) -> Bool {
            { scalar in
                isPathCharacter(scalar) || scalar == "?" || (query && international && Self.isPrivate(scalar))
            }
        }

        /// Every `%` followed by two hex digits.
        func hasValidPercents(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
            var index = scalars.startIndex
            while index < scalars.endIndex {
                if scalars[index] == "%" {
                    guard index + 2 < scalars.endIndex,
                        scalars[index + 1].isASCII, scalars[index + 2].isASCII, isHex(UInt8(scalars[index + 1].value)),
                        isHex(UInt8(scalars[index + 2].value))
                    else { return false }
                    index += 3
                } else {
                    index += 1
                }
            }
            return true
        }

        /// `authority`: `[userinfo "@"] host [":" port]`.
        func isAuthority(_ authority: ArraySlice<Unicode.Scalar>) -> Bool {
            var rest = authority
            if let at = rest.lastIndex(of: "@") {
                let userinfo = rest[..<at]
                guard userinfo.allSatisfy({ isUnreserved($0) || Self.isSubDelimiter($0) || $0 == ":" || $0 == "%" }),
                    hasValidPercents(userinfo)
                else { return false }
                rest = rest[(at + 1)...]
            }
            var host = rest
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return false }
                let literal = rest[(rest.startIndex + 1)..<close]
                let bytes = Array(String(String.UnicodeScalarView(literal)).utf8)[...]
                guard isIPv6(bytes) || isFutureIP(literal) else { return false }
                host = rest[...close]
                rest = rest[(close + 1)...]
                if !rest.isEmpty {
                    guard rest.first == ":", rest.dropFirst().allSatisfy({ $0.isASCII && isDigit(UInt8($0.value)) }) else { return false }
                }
                return true
            }
            if let colon = rest.firstIndex(of: ":") {
                host = rest[..<colon]
                guard rest[(colon + 1)...].allSatisfy({ $0.isASCII && isDigit(UInt8($0.value)) }) else { return false }
            }
            return host.allSatisfy { isUnreserved($0) || Self.isSubDelimiter($0) || $0 == "%" } && hasValidPercents(host)
        }

        /// `IPvFuture`: `v` hex digits `.` then unreserved, sub-delims or `:`.
        private func isFutureIP(_ literal: ArraySlice<Unicode.Scalar>) -> Bool {
            guard literal.first == "v" || literal.first == "V", let dot = literal.firstIndex(of: ".") else { return false }
            let version = literal[(literal.startIndex + 1)..<dot]
            let rest = literal[(dot + 1)...]
            return !version.isEmpty && version.allSatisfy({ $0.isASCII && isHex(UInt8($0.value)) }) && !rest.isEmpty
                && rest.allSatisfy({ $0.isASCII && (isUnreserved($0) || Self.isSubDelimiter($0) || $0 == ":") })
        }
    }

    /// RFC 6570: literals (any character but controls, space and `"'%<>\^`{|}`, percent-escapes
    /// allowed) and expressions `{` operator? varspec (`,` varspec)* `}`, a varspec a name of
    /// letters, digits, `_` and escapes (dots between), then `*` or `:` and a length 1–9999.
    static func isURITemplate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isHexAt(_ position: Int) -> Bool {
            position < scalars.count && scalars[position].isASCII && isHex(UInt8(scalars[position].value))
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" {
                guard let close = scalars[index...].firstIndex(of: "}") else { return false }
                var expression = scalars[(index + 1)..<close]
                if let first = expression.first, "+#./;?&=,!@|".unicodeScalars.contains(first) { expression = expression.dropFirst() }
                guard !expression.isEmpty else { return false }
                for spec in expression.split(separator: ",", omittingEmptySubsequences: false) {
                    var name = spec[...]
                    if name.last == "*" {
                        name = name.dropLast()
                    } else if let colon = name.firstIndex(of: ":") {
                        let length = name[(colon + 1)...]
                        guard (1...4).contains(length.count), length.first != "0",
                            length.allSatisfy({ $0.isASCII && isDigit(UInt8($0.value)) })
                        else { return false }
                        name = name[..<colon]
                    }
                    guard !name.isEmpty, name.first != ".", name.last != "." else { return false }
                    var position = name.startIndex
                    var previousDot = false
                    while position < name.endIndex {
                        let character = name[position]
                        if character == "%" {
                            guard position + 2 < name.endIndex,
                                name[position + 1].isASCII, isHex(UInt8(name[position + 1].value)), name[position + 2].isASCII,
                                isHex(UInt8(name[position + 2].value))
                            else { return false }
                            position += 3
                            previousDot = false
                            continue
                        }
                        if character == "." {
                            guard !previousDot else { return false }
                            previousDot = true
                        } else {
                            guard character.isASCII, isAlpha(UInt8(character.value)) || isDigit(UInt8(character.value)) || character == "_"
                            else { return false }
                            previousDot = false
                        }
                        position += 1
                    }
                }
                index = close + 1
                continue
            }
            if scalar == "%" {
                guard isHexAt(index + 1), isHexAt(index + 2) else { return false }
                index += 3
                continue
            }
            guard scalar.value > 0x20, scalar.value != 0x7F, !"\"'<>\\^`{|}".unicodeScalars.contains(scalar) else { return false }
            index += 1
        }
        return true
    }
}
