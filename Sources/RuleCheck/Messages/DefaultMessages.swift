/// The built-in messages of every code, the words for what a `type` failure expected, the
/// words a screen shows for values, the errors of edits a form refuses (`form.*`) and the names
/// of field types in them (`type.*`), in each shipped locale: one file per locale in `Locales/`
/// (``MessageLocale/builtIn``). Placeholders in braces are filled in by ``MessageBuilder``;
/// counts take their language's plural forms (`{min_length, plural, one {# символа} …}`).
///
/// Every locale has every key of English, and uses every placeholder English's text of the key
/// uses: a test makes sure.
enum DefaultMessages {
    /// The locales with built-in messages.
    static let locales = MessageLocale.builtIn

    /// Each built-in table by its locale.
    static let tables: [String: [String: String]] = [
        "en": english, "ru": russian, "fr": french, "de": german, "es": spanish, "fa": persian,
        "zh-Hans": simplifiedChinese, "ar": arabic,
    ]

    /// The built-in table of a locale: its language's (`ru` for `ru-RU`), else English.
    static func table(for locale: String) -> [String: String] {
        table(for: MessageLocale(locale))
    }

    static func table(for locale: MessageLocale) -> [String: String] {
        tables[locale.messages] ?? english
    }

    /// The template for `code` (and a variant of it, such as `min.date`) in `table`, falling back
    /// to English.
    static func template(_ code: IssueCode, variant: String?, in table: [String: String]) -> String {
        if let variant, let specific = table[code.rawValue + "." + variant] ?? english[code.rawValue + "." + variant] {
            return specific
        }
        return table[code.rawValue] ?? english[code.rawValue] ?? "{title}: \(code)"
    }

    /// The words for an expected kind of value (`expected.number` …) in `table`.
    static func phrase(_ key: String, in table: [String: String]) -> String {
        table["expected." + key] ?? english["expected." + key] ?? key
    }

    /// The error of an edit a form refuses (`form.type_mismatch` …) in `table`.
    static func formError(_ key: String, in table: [String: String]) -> String {
        table["form." + key] ?? english["form." + key] ?? key
    }

    /// The name of a field type in messages (`type.integer`: `whole number`) in `table`.
    static func typeName(_ type: FieldType, in table: [String: String]) -> String {
        table["type." + type.rawValue] ?? english["type." + type.rawValue] ?? type.rawValue
    }

    /// The words for showing a value (`display.true` …) in `table`.
    static func displayWord(_ key: String, in table: [String: String]) -> String {
        table["display." + key] ?? english["display." + key] ?? key
    }
}
