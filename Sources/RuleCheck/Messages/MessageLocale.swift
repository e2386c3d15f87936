/// A locale as messages use it: which built-in table speaks for it, which digits its numbers
/// and dates are written in, and which way its text runs.
///
/// ```swift
/// let persian = MessageLocale("fa-IR")
/// persian.messages            // "fa"
/// persian.numerals            // .extendedArabicIndic: ۱۲۳
/// persian.isRightToLeft       // true
/// MessageLocale("fa-u-nu-latn").numerals    // .latin: the BCP 47 `nu` key opts out
/// MessageLocale("pt-BR").fallbackWarning    // "no built-in messages for locale 'pt-BR'; they are in English (en)"
/// ```
///
/// Identifiers are BCP 47 (`fa-IR`, `zh-Hans-CN`, `ar-SA-u-nu-latn`); `_` separates as `-` does,
/// and case does not matter. The digits are CLDR's default numbering system of the locale
/// (`arabext` for Persian, `arab` for Arabic in the regions whose CLDR default it is, such as
/// `ar-SA` and `ar-EG`, Latin digits for `ar` itself and for every other locale), unless the
/// identifier's `-u-nu-` key names `latn`, `arab` or `arabext`.
public struct MessageLocale: Hashable, Sendable, CustomStringConvertible {
    /// The identifier as given.
    public let identifier: String
    /// The language subtag, lowercased: `fa` for `fa-IR`.
    public let language: String
    /// The script subtag (`Hans`, `Latn`), if written.
    public let script: String?
    /// The region subtag (`IR`, `419`), if written.
    public let region: String?
    /// The locale of the built-in table the messages come from: one of ``builtIn``.
    public let messages: String
    /// Whether the built-in messages are not in the locale's own language and script (`pt` gets
    /// English, `zh-Hant` Simplified Chinese).
    public let isFallback: Bool
    /// The digits numbers and dates in messages are written in.
    public let numerals: NumeralSystem
    /// Whether text in the locale's language and script runs right to left (Persian, Arabic,
    /// Hebrew, Urdu …).
    public let isRightToLeft: Bool

    /// The locales with built-in messages.
    public static let builtIn = ["en", "ru", "fr", "de", "es", "fa", "zh-Hans", "ar"]

    public init(_ identifier: String) {
        self.identifier = identifier
        let subtags = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        language = subtags.first?.lowercased() ?? ""
        var script: String?, region: String?, numbering: String?
        var index = 1
        while index < subtags.count {
            let subtag = subtags[index]
            if subtag.count == 1 {
                // An extension: only -u- is read, for its `nu` key.
                if subtag.lowercased() == "u" {
                    var key = index + 1
                    while key + 1 < subtags.count, subtags[key].count == 2 {
                        if subtags[key].lowercased() == "nu" { numbering = subtags[key + 1].lowercased() }
                        key += 2
                    }
                }
                break
            }
            if script == nil, region == nil, subtag.count == 4, subtag.allSatisfy(\.isLetter) {
                script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
            } else if region == nil,
                (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
            {
                region = subtag.uppercased()
            }
            index += 1
        }
        self.script = script
        self.region = region
        switch language {
        case "zh":
            messages = "zh-Hans"
            let traditional = script == "Hant" || (script == nil && ["TW", "HK", "MO"].contains(region ?? ""))
            isFallback = traditional
        case "en", "ru", "fr", "de", "es", "fa", "ar":
            messages = language
            isFallback = false
        default:
            messages = "en"
            isFallback = true
        }
        numerals = numbering.flatMap(NumeralSystem.init(rawValue:)) ?? Self.defaultNumerals(language, region)
        isRightToLeft = script.map(Self.rightToLeftScripts.contains) ?? Self.rightToLeftLanguages.contains(language)
    }

    public var description: String { identifier }

    /// Why the messages are not in the locale's language, for a warning: `nil` when they are.
    public var fallbackWarning: String? {
        guard isFallback else { return nil }
        let name = messages == "zh-Hans" ? "Simplified Chinese (zh-Hans)" : "English (en)"
        return "no built-in messages for locale '\(identifier)'; they are in \(name)"
    }

    /// The language whose plural rules the messages follow: the built-in table's.
    var pluralLanguage: String { messages == "zh-Hans" ? "zh" : messages }

    /// CLDR's default numbering system (`common/main/*.xml`, `defaultNumberingSystem`) for the
    /// languages with built-in messages: Persian's is `arabext` everywhere; Arabic's is `latn`
    /// for `ar` itself and in the regions below, `arab` in the others.
    private static func defaultNumerals(_ language: String, _ region: String?) -> NumeralSystem {
        switch language {
        case "fa": .extendedArabicIndic
        case "ar": region.map { latinArabicRegions.contains($0) } ?? true ? .latin : .arabicIndic
        default: .latin
        }
    }

    /// The regions where Arabic's default digits are Latin in CLDR (and `ar` with no region).
    static let latinArabicRegions: Set<String> = ["001", "AE", "DZ", "EH", "LY", "MA", "TN"]

    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi",
    ]
    private static let rightToLeftScripts: Set<String> = ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg"]
}
