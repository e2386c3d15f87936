import Foundation
import RuleCheck
import RuleCheckXLSForm
import Testing
import _RuleCheckTestSupport

/// Records checked against an XLSForm loaded as the commands load it: ODK's meaning of each rule.
@Suite struct CheckingTests {
    func loaded() throws -> LoadedRules {
        var loader = RulesLoader()
        loader.translator = XLSFormTranslator()
        return try loader.load(Repository.file("Tests/RuleCheckXLSFormTests/Fixtures/household.xlsx").path)
    }

    func violations(_ record: [String: String], locale: String? = nil) throws -> [String] {
        let checker = RecordChecker(try loaded().rules, today: Day(year: 2026, month: 12, day: 6) ?? Day(daysSinceEpoch: 0), locale: locale)
        return checker.check(record).map { "\($0.field) \($0.code.rawValue): \($0.message)" }
    }

    let good: [String: String] = [
        "respondent": "Ana", "age": "30", "consent": "yes", "details.income": "100", "details.state": "texas",
        "details.county": "harris", "details.fruits": #"["apple"]"#, "details.visit": "2026-01-02",
        "details.phone": "0123456789", "members": "1", "score": "4", "lucky": "14", "age_next_year": "31",
    ]

    @Test func aGoodRecordHasNoViolation() throws {
        #expect(try violations(good) == [])
    }

    @Test func aConstraintBrokenWithItsMessage() throws {
        var record = good
        record["age"] = "150"
        record["age_next_year"] = "151"
        #expect(try violations(record) == ["age check: Between 0 and 120"])
    }

    @Test func aMessageInTheFormsLanguages() throws {
        var record = good
        record["respondent"] = "A"
        #expect(try violations(record) == ["respondent check: At least 2 letters"])
        #expect(try violations(record, locale: "fr") == ["respondent check: Au moins 2 lettres"])
    }

    @Test func aConstraintIsNotEvaluatedOnABlankAnswer() throws {
        var record = good
        record["details.income"] = ""
        #expect(try violations(record) == [])
    }

    @Test func requiredWithItsMessage() throws {
        var record = good
        record["respondent"] = ""
        #expect(try violations(record) == ["respondent required: Enter a name"])
    }

    @Test func aChoiceTheFilterDoesNotOffer() throws {
        var record = good
        record["details.county"] = "king"
        #expect(try violations(record).map { $0.prefix(while: { $0 != ":" }) } == ["details.county option"])
    }

    @Test func anAnswerInANonRelevantQuestion() throws {
        var record = good
        record["age"] = "10"
        record["age_next_year"] = "11"
        record["details.fruits"] = #"["banana"]"#
        // The phone is relevant only for adults or apple eaters: a value there was not collected by ODK.
        #expect(try violations(record).map { $0.prefix(while: { $0 != ":" }) } == ["details.phone hidden_value"])
    }

    @Test func regexIsAFullMatch() throws {
        var record = good
        record["details.phone"] = "01234567890"
        #expect(try violations(record).map { $0.prefix(while: { $0 != ":" }) } == ["details.phone check"])
    }

    @Test func aCalculationIsComparedWithTheRecord() throws {
        var record = good
        record["age_next_year"] = "40"
        #expect(try violations(record).map { $0.prefix(while: { $0 != ":" }) } == ["age_next_year computed"])
    }

    @Test func rangeStep() throws {
        var record = good
        record["score"] = "5"
        #expect(try violations(record).map { $0.prefix(while: { $0 != ":" }) } == ["score check"])
    }
}
