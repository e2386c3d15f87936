import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// What a locale means for messages, against Foundation's own CLDR data (ICU) on this machine:
/// the digits and symbols are ours (a fixed table, so a report reads the same everywhere), and
/// they must be what CLDR says.
@Suite("Message locales")
struct MessageLocaleTests {
    static let identifiers = [
        "en", "en-US", "ru", "ru-RU", "fr", "fr-CA", "de", "de-CH", "es", "es-MX", "fa", "fa-IR", "fa-AF", "zh",
        "zh-Hans", "zh-CN", "ar", "ar-001", "ar-AE", "ar-BH", "ar-DJ", "ar-DZ", "ar-EG", "ar-EH", "ar-ER", "ar-IL", "ar-IQ",
        "ar-JO", "ar-KM", "ar-KW", "ar-LB", "ar-LY", "ar-MA", "ar-MR", "ar-OM", "ar-PS", "ar-QA", "ar-SA", "ar-SD",
        "ar-SO", "ar-SS", "ar-SY", "ar-TD", "ar-TN", "ar-YE", "fa-u-nu-latn", "ar-SA-u-nu-latn", "ar-u-nu-arab",
        "fa_IR", "AR-eg",
    ]

    /// CLDR's default numbering system, as Foundation reports it.
    @Test(arguments: identifiers)
    func digitsAreCLDRs(_ identifier: String) {
        let cldr = Locale(identifier: identifier).numberingSystem.identifier
        expectEqual(MessageLocale(identifier).numerals.rawValue, cldr, "\(identifier)")
    }

    /// A number as Foundation's formatter writes it for the locale, without grouping.
    @Test(arguments: ["en", "ru", "fr", "de", "es", "fa", "fa-u-nu-latn", "zh-Hans", "ar", "ar-EG", "ar-SA", "ar-MA"])
    func numbersAreWrittenAsCLDRWritesThem(_ identifier: String) {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = false
        formatter.maximumFractionDigits = 3
        for number in [-1234.5, 2.25, 0, 2026, -7] {
            let ascii = number == number.rounded() ? String(Int(number)) : String(number)
            expectEqual(MessageLocale(identifier).number(ascii), formatter.string(from: NSNumber(value: number)), "\(identifier) \(number)")
        }
    }

    @Test func persianDigitsAndDirection() {
        let persian = MessageLocale("fa-IR")
        expectEqual(persian.messages, "fa")
        #expect(persian.isRightToLeft)
        expectEqual(persian.digits("1403/05/12"), "۱۴۰۳/۰۵/۱۲")
        expectEqual(MessageLocale("ar-EG").digits("2024-08-02"), "٢٠٢٤-٠٨-٠٢")
        #expect(!MessageLocale("ru").isRightToLeft)
        #expect(MessageLocale("he").isRightToLeft && MessageLocale("he").messages == "en")
        #expect(!MessageLocale("az-Latn").isRightToLeft)
        #expect(MessageLocale("ku-Arab").isRightToLeft)
    }

    @Test(arguments: [
        ("pt-BR", "en", "no built-in messages for locale 'pt-BR'; they are in English (en)"),
        ("zh-TW", "zh-Hans", "no built-in messages for locale 'zh-TW'; they are in Simplified Chinese (zh-Hans)"),
        ("zh-Hant", "zh-Hans", "no built-in messages for locale 'zh-Hant'; they are in Simplified Chinese (zh-Hans)"),
        ("", "en", "no built-in messages for locale ''; they are in English (en)"),
    ])
    func fallbacksSayWhatTheyFallBackTo(_ identifier: String, _ messages: String, _ warning: String) {
        let locale = MessageLocale(identifier)
        expectEqual(locale.messages, messages)
        expectEqual(locale.fallbackWarning, warning)
    }

    @Test(arguments: ["en", "ru-RU", "fr", "de-AT", "es-419", "fa", "zh-Hans-CN", "zh-SG", "ar-SA", "AR"])
    func builtInLocalesNeedNoWarning(_ identifier: String) {
        expectEqual(MessageLocale(identifier).fallbackWarning, nil)
    }
}
