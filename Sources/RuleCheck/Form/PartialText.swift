import Patterns
import Synchronization

/// How typed dates and numbers are read while they are typed: the mask a fixed-width date
/// format works as, and whether a text may still become a date or a number.
enum PartialText {
    /// The masks of fixed-width date formats (`dd.MM.yyyy` → `00.00.0000`), made once per
    /// format and digit policy; `nil` for formats with one-or-two-digit parts (`d.M.yyyy`).
    private static let masks = Mutex<[String: Mask?]>([:])

    static func mask(for format: DateFormat, digits: DecimalDigits) -> Mask? {
        let key = digits.rawValue + ":" + format.pattern
        if let cached = masks.withLock({ $0[key] }) { return cached }
        var notation = ""
        var fixedWidth = true
        for token in format.tokens {
            switch token {
            case .year4: notation += "0000"
            case .month2, .day2: notation += "00"
            case .month, .day: fixedWidth = false
            case .literal(let scalar):
                if "09Aa*\\[]{}…".unicodeScalars.contains(scalar) { notation += "\\" }
                notation.unicodeScalars.append(scalar)
            }
        }
        let mask = fixedWidth ? try? Mask(notation, digits: digits) : nil
        masks.withLock { $0[key] = .some(mask) }
        return mask
    }

    /// Whether `text` is a beginning of a date written in `format` that more typing may complete
    /// (digits where its parts go, its fixed characters in place): PCRE2 partial matching
    /// against the format's regex. A text of the whole shape is not (`31.02.2019` stays wrong).
    static func couldBecomeADate(_ text: String, _ format: DateFormat, digits: DecimalDigits) -> Bool {
        var regex = ""
        for token in format.tokens {
            switch token {
            case .year4: regex += "[0-9]{4}"
            case .month2, .day2: regex += "[0-9]{2}"
            case .month, .day: regex += "[0-9]{1,2}"
            case .literal(let scalar): regex += "\\x{" + String(scalar.value, radix: 16) + "}"
            }
        }
        let folded = digits == .any ? DecimalDigits.folded(text) : text
        guard let pattern = try? PatternCache.shared.pattern(regex) else { return false }
        return (try? pattern.partialMatch(folded)) == .partial
    }
}
