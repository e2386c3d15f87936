import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// The `locale` of a request: messages in it, the language they are in named in
/// `Content-Language` (English for a locale without built-in messages), and a form's direction
/// and fallback warning for a client that draws it.
@Suite("Locales over HTTP")
struct LocaleEndpointTests {
    let directory: TemporaryDirectory
    let harness: ServerHarness

    init() throws {
        directory = try TemporaryDirectory()
        harness = ServerHarness(files: [try directory.write("people.yaml", peopleRules)])
    }

    @Test(arguments: [("fa-IR", "fa"), ("pt-BR", "en"), ("zh-TW", "zh-Hans"), ("ar-SA-u-nu-latn", "ar")])
    func checkNamesTheLanguageOfItsMessages(_ locale: String, _ language: String) async throws {
        let answer = try await harness.send(.post, "/v1/check?locale=\(locale)", json: ["age": 3])
        expectEqual(answer.status, 200)
        expectEqual(answer.headers[.contentLanguage], language)
    }

    @Test func persianMessagesAndAPersianForm() async throws {
        let answer = try await harness.send(.post, "/v1/check?locale=fa", json: ["name": "x", "age": 3])
        expectEqual(answer.json["violations"]?[0]?["message"]?.string, "«Age» نباید کمتر از ۱۸ باشد")
        let (_, form) = try await harness.newForm(["locale": "fa"])
        expectEqual(form.json["direction"]?.string, "rtl")
        expectEqual(form.json["messages_locale"]?.string, "fa")
        expectEqual(form.json["locale_warning"], .null)
        let (_, other) = try await harness.newForm(["locale": "pt"])
        expectEqual(other.json["direction"]?.string, "ltr")
        expectEqual(other.json["locale_warning"]?.string, "no built-in messages for locale 'pt'; they are in English (en)")
    }
}

/// A rules file's `defaults.locale`: the locale of messages when a request names none, and the
/// language and direction of its form.
@Suite("The rules' own locale over HTTP")
struct RulesLocaleEndpointTests {
    @Test func aPersianRulesFileSpeaksPersianUnlessAskedOtherwise() async throws {
        let directory = try TemporaryDirectory()
        let harness = ServerHarness(files: [
            try directory.write(
                "rent.yaml", "form: rent\ndefaults: {locale: fa}\nfields:\n  - {id: area, title: متراژ, type: integer, min: 20}\n")
        ])
        let persian = try await harness.send(.post, "/v1/check", json: ["area": 3])
        expectEqual(persian.json["violations"]?[0]?["message"]?.string, "«متراژ» نباید کمتر از ۲۰ باشد")
        expectEqual(persian.headers[.contentLanguage], "fa")
        let english = try await harness.send(.post, "/v1/check?locale=en", json: ["area": 3])
        expectEqual(english.json["violations"]?[0]?["message"]?.string, "متراژ must be at least 20")
        // An English page of a Persian form is still laid out right to left, in Persian.
        let (_, form) = try await harness.newForm(["locale": "en"])
        expectEqual(form.json["lang"]?.string, "fa")
        expectEqual(form.json["direction"]?.string, "rtl")
    }

    /// `titles:`: a check's messages and a form's layout name a field by its title in the
    /// request's locale.
    @Test func titlesInTheRequestsLocale() async throws {
        let directory = try TemporaryDirectory()
        let harness = ServerHarness(files: [
            try directory.write(
                "rent.yaml", "form: rent\nfields:\n  - {id: area, title: Area, titles: {fa: متراژ}, type: integer, min: 20}\n")
        ])
        let persian = try await harness.send(.post, "/v1/check?locale=fa", json: ["area": 3])
        expectEqual(persian.json["violations"]?[0]?["message"]?.string, "«متراژ» نباید کمتر از ۲۰ باشد")
        let (_, persianForm) = try await harness.newForm(["locale": "fa"])
        expectEqual(persianForm.json["layout"]?["sections"]?[0]?["fields"]?[0]?["title"]?.string, "متراژ")
        let (_, englishForm) = try await harness.newForm(["locale": "en"])
        expectEqual(englishForm.json["layout"]?["sections"]?[0]?["fields"]?[0]?["title"]?.string, "Area")
    }
}
