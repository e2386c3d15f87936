package import RuleCheck

/// What a slice was checked with, as far as it decides the answers: the rules (their
/// ``RuleSet/fingerprint``: the content of the rules file and of every file it includes), the
/// date `today` means, the locale of the messages, `--strict`, the export's `--layout` (which
/// column is which field), and the version of rulecheck. A
/// ``SliceReport`` carries it in each `slice` line, and ``SliceMerge`` refuses slices whose
/// fingerprints differ: their report would not be that of one check.
///
/// ```swift
/// let fingerprint = SliceFingerprint(checker: checker, strict: false, version: "0.1.0")
/// fingerprint.differences(from: other)   // ["--today 2026-11-23, not 2026-11-22"]
/// ```
///
/// In a slice report:
///
/// ```json
/// {"locale":"en","rulecheck":"0.1.0","rules":"9f86d0…","strict":false,"today":"2026-11-22"}
/// ```
///
/// With `--layout odk` it has a sixth key, `"layout":"odk"`; without a layout it has none.
package struct SliceFingerprint: Sendable, Hashable {
    /// SHA-256 of the rules' content, as 64 hex digits (``RuleSet/fingerprint``).
    package var rules: String
    /// The date `today` means, `YYYY-MM-DD`.
    package var today: String
    /// The locale of the messages.
    package var locale: String
    /// Whether warnings were reported as errors.
    package var strict: Bool
    /// The version of rulecheck that checked the slice.
    package var version: String
    /// The platform layout the export was read with (``ExportLayout/rawValue``), nil for
    /// RuleCheck's own column names.
    package var layout: String?

    package init(rules: String, today: String, locale: String, strict: Bool, version: String, layout: String? = nil) {
        self.rules = rules
        self.today = today
        self.locale = locale
        self.strict = strict
        self.version = version
        self.layout = layout
    }

    /// The fingerprint of a check by `checker` (its rules, today and locale) of an export
    /// written in `layout`.
    package init(checker: RecordChecker, strict: Bool, layout: ExportLayout? = nil, version: String) {
        self.init(
            rules: checker.rules.fingerprint, today: checker.today.iso, locale: checker.locale, strict: strict, version: version,
            layout: layout?.rawValue)
    }

    /// As a slice report writes it.
    var json: JSONValue {
        var object: JSONObject = [
            "rules": .string(rules), "today": .string(today), "locale": .string(locale), "strict": .bool(strict),
            "rulecheck": .string(version),
        ]
        if let layout { object["layout"] = .string(layout) }
        return .object(object)
    }

    /// Reads what ``json`` writes; nil for anything else.
    init?(json: JSONValue) {
        guard let object = json.object, let rules = json["rules"]?.string, let today = json["today"]?.string,
            let locale = json["locale"]?.string, let strict = json["strict"]?.bool, let version = json["rulecheck"]?.string
        else { return nil }
        // A sixth key only for a layout, and that one a string.
        let layout = object["layout"]
        guard object.count == (layout == nil ? 5 : 6), layout == nil || layout?.string != nil else { return nil }
        self.init(rules: rules, today: today, locale: locale, strict: strict, version: version, layout: layout?.string)
    }

    /// What differs from `other`, one phrase each, as options of `rulecheck check` where they
    /// are: `--today 2026-11-23, not 2026-11-22`. Values are cut as a text report cuts them.
    package func differences(from other: SliceFingerprint) -> [String] {
        func cut(_ text: String) -> String { TextReport.shortened(text) }
        var differences: [String] = []
        if rules != other.rules { differences.append("other rules (fingerprint \(cut(rules)), not \(cut(other.rules)))") }
        if today != other.today { differences.append("--today \(cut(today)), not \(cut(other.today))") }
        if locale != other.locale { differences.append("--locale \(cut(locale)), not \(cut(other.locale))") }
        if strict != other.strict { differences.append(strict ? "--strict, not without it" : "without --strict, not with it") }
        if layout != other.layout {
            switch (layout.map(cut), other.layout.map(cut)) {
            case (let mine?, let theirs?): differences.append("--layout \(mine), not \(theirs)")
            case (let mine?, nil): differences.append("--layout \(mine), not without it")
            case (nil, let theirs?): differences.append("without --layout, not --layout \(theirs)")
            case (nil, nil): break
            }
        }
        if version != other.version { differences.append("rulecheck \(cut(version)), not \(cut(other.version))") }
        return differences
    }
}
