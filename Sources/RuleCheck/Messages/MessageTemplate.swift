import Patterns

/// Fills a message's placeholders: `{name}`, and `{name, plural, one {…} other {…}}` whose
/// branch is chosen by the count's CLDR plural category in the message's language (ICU
/// MessageFormat's plural syntax, without offsets), with `#` standing for the count.
///
/// ```swift
/// MessageTemplate.fill("{n, plural, one {# символ} few {# символа} many {# символов} other {# символа}}", language: "ru") {
///     $0 == "n" ? "22" : nil
/// }   // "22 символа"
/// ```
///
/// A placeholder with no value, a plural block that is not well formed, other braces and a `{`
/// that is never closed stay as written. Branches are `zero`, `one`, `two`, `few`, `many`,
/// `other` or an exact count (`=0`); `other` is the fallback. The count is read with the digits
/// of every script (a count already written in Persian digits picks its branch too).
enum MessageTemplate {
    /// Fills `template`, choosing plural branches by `language`'s rules.
    ///
    /// No bidirectional isolates are put around values, even in right-to-left text: text reports
    /// show such controls as escapes (``VisibleText``), so a screen isolates them itself (the
    /// preview's issues are `dir="auto"`, `unicode-bidi: plaintext`).
    static func fill(_ template: String, language: String = "en", _ value: (String) -> String?) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var template = template
        return template.withUTF8 { fill(bytes: $0, language: language, value) }
    }

    /// Works on UTF-8 bytes: braces are ASCII, so they never fall inside another character's
    /// bytes, and copying runs of bytes is far cheaper than appending scalars one by one.
    private static func fill(bytes: UnsafeBufferPointer<UInt8>, language: String, _ value: (String) -> String?) -> String {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard var brace = bytes.firstIndex(of: open) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        var start = 0
        while true {
            result.append(contentsOf: bytes[start..<brace])
            guard let end = bytes[brace...].firstIndex(of: close) else {
                start = brace
                break
            }
            let inside = UnsafeBufferPointer(rebasing: bytes[(brace + 1)..<end])
            let name = String(decoding: inside, as: UTF8.self)
            // Only a name with a comma byte can start a plural block: the byte test first keeps the
            // search by characters (a comma may carry a combining mark) off every plain `{name}`.
            if inside.contains(UInt8(ascii: ",")), name.contains(","), let blockEnd = matchingBrace(bytes, from: brace),
                let filled = plural(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(brace + 1)..<blockEnd]), as: UTF8.self),
                    language: language, value)
            {
                result.append(contentsOf: filled.utf8)
                start = blockEnd + 1
            } else if let filled = value(name) {
                result.append(contentsOf: filled.utf8)
                start = end + 1
            } else {
                result.append(contentsOf: bytes[brace...end])
                start = end + 1
            }
            guard let next = bytes[start...].firstIndex(of: open) else { break }
            brace = next
        }
        result.append(contentsOf: bytes[start...])
        return String(decoding: result, as: UTF8.self)
    }

    /// The index of the `}` that closes the `{` at `open`, counting nested braces.
    private static func matchingBrace(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int) -> Int? {
        var depth = 0
        for index in open..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The text of a plural block's body (`n, plural, one {…} other {…}`), or `nil` when it is
    /// not one, is not well formed, or its count has no value.
    private static func plural(_ body: String, language: String, _ value: (String) -> String?) -> String? {
        let parts = body.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].trimmingSpaces == "plural" else { return nil }
        let name = String(parts[0].trimmingSpaces)
        guard let branches = branches(parts[2]), let count = value(name) else { return nil }
        // Read as the locale wrote it: its digits, its minus sign, its grouping, any size.
        let number = PluralCategory.WholeCount(count)
        let chosen =
            number?.exact.flatMap { n in branches.first { $0.selector == "=" + String(n) } }
            ?? number.flatMap { n in
                branches.first { $0.selector == PluralCategory(n.representative, language: language).rawValue }
            }
            ?? branches.first { $0.selector == "other" }
        guard let chosen else { return nil }
        let text = fill(chosen.text, language: language, value)
        return text.split(separator: "#", omittingEmptySubsequences: false).joined(separator: count)
    }

    /// The branches of a plural block: `selector {text}`, each text with balanced braces.
    static func branches(_ text: some StringProtocol) -> [(selector: String, text: String)]? {
        var branches: [(selector: String, text: String)] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" }
            if rest.isEmpty { return branches.isEmpty ? nil : branches }
            guard let open = rest.firstIndex(of: "{") else { return nil }
            let selector = rest[..<open].trimmingSpaces
            let valid =
                ["zero", "one", "two", "few", "many", "other"].contains(selector)
                || (selector.hasPrefix("=") && Int(selector.dropFirst()) != nil)
            guard valid else { return nil }
            var depth = 0
            var close: Substring.Index?
            for index in rest[open...].indices {
                if rest[index] == "{" { depth += 1 }
                if rest[index] == "}" {
                    depth -= 1
                    if depth == 0 {
                        close = index
                        break
                    }
                }
            }
            guard let close else { return nil }
            branches.append((String(selector), String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
