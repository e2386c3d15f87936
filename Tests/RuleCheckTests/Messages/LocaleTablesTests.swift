@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The built-in tables: every locale has every key of English, uses every placeholder English's
/// text of the key uses (and no other), and writes plural blocks its language's rules can pick.
@Suite("Built-in message tables")
struct LocaleTablesTests {
    /// `{name}` placeholders and the counts of plural blocks in a template, and the selectors of
    /// its plural blocks.
    private static func placeholders(_ template: String) -> (names: Set<String>, selectors: [String]) {
        var names = Set<String>()
        var selectors: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            var depth = 0
            var close = rest.endIndex
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
            guard close < rest.endIndex else { break }
            let body = rest[rest.index(after: open)..<close]
            let parts = body.split(separator: ",", maxSplits: 2).map { $0.trimmingCharacters(in: " ") }
            if parts.count == 3, parts[1] == "plural", let branches = MessageTemplate.branches(parts[2]) {
                names.insert(parts[0])
                for branch in branches {
                    selectors.append(branch.selector)
                    let inner = placeholders(branch.text)
                    names.formUnion(inner.names)
                }
            } else if body.allSatisfy({ $0.isLetter || $0 == "_" }) {
                names.insert(String(body))
            }
            rest = rest[rest.index(after: close)...]
        }
        return (names, selectors)
    }

    @Test(arguments: DefaultMessages.locales)
    func everyKeyOfEnglish(locale: String) throws {
        let table = try #require(DefaultMessages.tables[locale])
        expectEqual(Set(table.keys), Set(DefaultMessages.english.keys), "\(locale) and en have different keys")
        for code in IssueCode.all {
            #expect(table.keys.contains { $0 == code.rawValue || $0.hasPrefix(code.rawValue + ".") }, "\(locale): \(code)")
        }
    }

    @Test(arguments: DefaultMessages.locales)
    func everyPlaceholderOfEnglish(locale: String) throws {
        let table = try #require(DefaultMessages.tables[locale])
        for (key, english) in DefaultMessages.english {
            let text = try #require(table[key])
            expectEqual(
                Self.placeholders(text).names, Self.placeholders(english).names,
                "\(locale) \(key): \(text) does not use the placeholders of \(english)")
        }
    }

    /// Plural blocks name only the categories of the table's language (or an exact count), and
    /// always `other`.
    @Test(arguments: DefaultMessages.locales)
    func pluralBlocksFitTheLanguage(locale: String) throws {
        let table = try #require(DefaultMessages.tables[locale])
        let language = MessageLocale(locale).pluralLanguage
        let categories = Set(PluralCategory.categories(of: language).map(\.rawValue))
        for (key, text) in table {
            let selectors = Self.placeholders(text).selectors
            guard !selectors.isEmpty else { continue }
            #expect(selectors.contains("other"), "\(locale) \(key) has no 'other'")
            for selector in selectors where !selector.hasPrefix("=") {
                #expect(categories.contains(selector), "\(locale) \(key): '\(selector)' is no plural category of \(language)")
            }
            // Every category of the language is written, so no count falls back to `other` unseen.
            #expect(Set(selectors).isSuperset(of: categories), "\(locale) \(key) lacks some of \(categories)")
        }
    }

    /// Every template fills: no brace is left once every placeholder has a value.
    @Test(arguments: DefaultMessages.locales)
    func everyTemplateFills(locale: String) throws {
        let table = try #require(DefaultMessages.tables[locale])
        for (key, text) in table {
            let filled = MessageTemplate.fill(text, language: MessageLocale(locale).pluralLanguage) { _ in "7" }
            let braces = key == "expected.files" || key == "expected.option_array" ? 0 : filled.filter { $0 == "{" || $0 == "}" }.count
            expectEqual(braces, 0, "\(locale) \(key): \(filled)")
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
