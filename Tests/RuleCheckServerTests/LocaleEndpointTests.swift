import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing

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
        #expect(answer.status == 200)
        #expect(answer.headers[.contentLanguage] == language)
    }

    @Test func persianMessagesAndAPersianForm() async throws {
        let answer = try await harness.send(.post, "/v1/check?locale=fa", json: ["name": "x", "age": 3])
        #expect(answer.json["violations"]?[0]?["message"]?.string == "«Age» نباید کمتر از ۱۸ باشد")
        let (_, form) = try await harness.newForm(["locale": "fa"])
        #expect(form.json["direction"]?.string == "rtl")
        #expect(form.json["messages_locale"]?.string == "fa")
        #expect(form.json["locale_warning"] == .null)
        let (_, other) = try await harness.newForm(["locale": "pt"])
        #expect(other.json["direction"]?.string == "ltr")
        #expect(other.json["locale_warning"]?.string == "no built-in messages for locale 'pt'; they are in English (en)")
    }
}
