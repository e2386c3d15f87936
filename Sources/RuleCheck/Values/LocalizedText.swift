/// A message written once, or per locale (`{en: …, ru: …}`).
public struct LocalizedText: Hashable, Sendable {
    /// The text for every locale, when the message is written as plain text.
    public var text: String?
    /// Texts per locale identifier (`en`, `ru`, `pt-BR`).
    public var locales: [String: String]

    public init(_ text: String) {
        self.text = text
        locales = [:]
    }

    public init(locales: [String: String]) {
        text = nil
        self.locales = locales
    }

    /// The text for `locale`: the locale itself, then its language (`ru` for `ru-RU`), then
    /// `en`; `nil` when none is written, so that the caller falls back to the default message.
    public func resolve(_ locale: String) -> String? {
        if let text { return text }
        if let exact = locales[locale] { return exact }
        let language = String(locale.prefix { $0 != "-" && $0 != "_" })
        return locales[language] ?? locales["en"]
    }
}
