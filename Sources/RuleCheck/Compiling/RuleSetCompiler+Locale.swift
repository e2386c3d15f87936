/// The keys of how people in other scripts and calendars use a form: `calendar:` and
/// `letters:`, per field and under `defaults:`.
extension RuleSetCompiler {
    /// `defaults.locale`: a BCP 47 identifier (`fa`, `fa-IR`, `ar-SA-u-nu-latn`).
    mutating func compileLocale(_ written: Located<String>?) -> String? {
        guard let written else { return nil }
        let text = written.value
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed =
            (2...3).contains(subtags.first?.count ?? 0) && subtags.first?.allSatisfy({ $0.isASCII && $0.isLetter }) == true
            && subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard wellFormed, text.count <= 35 else {
            error(.invalidValue, "locale must be a BCP 47 locale such as fa, fa-IR or ar-SA, not '\(text)'", at: written.location)
            return nil
        }
        return text
    }

    /// `defaults.calendar` and `defaults.letters`.
    mutating func compileLocaleDefaults(_ document: RulesDocument) {
        if let written = document.calendar { calendar = calendar(written) ?? calendar }
        if let written = document.letters { letters = letters(written) ?? letters }
    }

    /// A field's `calendar:`, else the rules' default.
    mutating func calendar(_ spec: FieldSpec) -> DateCalendar {
        spec.calendar.flatMap { calendar($0) } ?? calendar
    }

    /// A field's `letters:`, else the rules' default.
    /// A field's `letters:` (`written`), or the default.
    mutating func letters(of written: Located<String>?) -> LetterFolding {
        written.flatMap { letters($0) } ?? letters
    }

    private mutating func calendar(_ written: Located<String>) -> DateCalendar? {
        guard let calendar = DateCalendar(written.value) else {
            error(
                .invalidValue,
                "calendar must be one of \(DateCalendar.supported.joined(separator: ", ")), not '\(written.value)'"
                    + (NearMiss.suggestion(for: written.value, among: DateCalendar.supported).map { "; did you mean '\($0)'?" } ?? ""),
                at: written.location)
            return nil
        }
        return calendar
    }

    private mutating func letters(_ written: Located<String>) -> LetterFolding? {
        guard let letters = LetterFolding(rawValue: written.value) else {
            error(
                .invalidValue,
                "letters must be 'exact' (text compared as written) or 'arabic_variants' (ي and ی, ك and ک the same, ZWNJ left out), not '\(written.value)'",
                at: written.location)
            return nil
        }
        return letters
    }
}
