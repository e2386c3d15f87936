/// How a field's text is compared and its options matched: as written, or with the Arabic
/// script's variant letters taken as one (`letters: arabic_variants`).
///
/// ```swift
/// LetterFolding.arabicVariants.folded("كرج")          // "کرج": Arabic kaf is Persian keheh
/// LetterFolding.arabicVariants.folded("می‌خواهم")      // "میخواهم": the ZWNJ goes
/// ```
///
/// A Persian writer's keyboard gives ی (U+06CC) and ک (U+06A9) where an Arabic keyboard — or an
/// old Persian one — gives ي (U+064A) and ك (U+0643), and a ZERO WIDTH NON-JOINER (U+200C) may
/// be typed or left out (می‌خواهم, میخواهم): to a reader they are the same word. Under
/// `arabic_variants` the two sides of `==`, `!=` and `in`, and a choice's text and its options,
/// are compared with ي and ی alike, ك and ک alike and the ZWNJ left out. The value is kept as
/// typed; a choice stores its option's own value. Spaces are not touched: a space is a word
/// break the writer chose.
public enum LetterFolding: String, Hashable, Sendable, CaseIterable {
    /// Compared as Unicode compares text (canonically equivalent text is equal): the default.
    case exact
    /// ي is ی, ك is ک, and ZERO WIDTH NON-JOINERs are left out.
    case arabicVariants = "arabic_variants"

    /// `text` as it is compared.
    public func folded(_ text: String) -> String {
        guard self == .arabicVariants, text.utf8.contains(where: { $0 >= 0xD8 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x064A: scalars.append("\u{06CC}")  // ARABIC LETTER YEH → FARSI YEH
            case 0x0643: scalars.append("\u{06A9}")  // ARABIC LETTER KAF → KEHEH
            case 0x200C: continue  // ZERO WIDTH NON-JOINER
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// A text value as it is compared; other values as they are.
    func folded(_ value: Value) -> Value {
        switch value {
        case .text(let text): .text(folded(text))
        case .list(let items): .list(items.map(folded))
        default: value
        }
    }

    /// The value of the option among `options` that `value` names: its own (exact) match, or
    /// under ``arabicVariants`` the option whose text is the same once folded.
    func option(_ value: Value, among options: [ChoiceOption]) -> Value? {
        if let exact = options.first(where: { $0.value == value }) { return exact.value }
        guard self == .arabicVariants, case .text = value else { return nil }
        let wanted = folded(value)
        return options.first { folded($0.value) == wanted }?.value
    }
}
