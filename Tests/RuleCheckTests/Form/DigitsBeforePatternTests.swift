import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Digits of every script before a pattern (`digits: fold`, on by default for an imported
/// schema's string with a digit class): Divar's phone `^09[0-9]{9}$` typed on a Persian or an
/// Arabic keyboard is stored as 0–9, passes the pattern, and the schema's own check of the
/// stored record passes too.
@Suite("Digits of every script before a pattern")
struct DigitsBeforePatternTests {
    static let fixture = Fixtures.root.appendingPathComponent("Tests/fixtures/divar/apartment.schema.json")

    static func divar() throws -> RuleSet {
        try RuleSet.importing(jsonSchema: Data(contentsOf: fixture), source: "apartment.schema.json").rules
    }

    /// Per locale, the phone as its keyboard types it.
    @Test(arguments: [
        ("fa", "۰۹۱۲۳۴۵۶۷۸۹"), ("ar", "٠٩١٢٣٤٥٦٧٨٩"), ("ar-SA", "٠٩١٢٣٤٥٦٧٨٩"), ("zh-Hans", "０９１２３４５６７８９"),
        ("en", "09123456789"), ("ru", "09123456789"), ("fr", "09123456789"), ("de", "09123456789"), ("es", "09123456789"),
    ])
    func aPhoneTypedInAnyScriptIsStoredAsASCIIDigits(_ locale: String, _ typed: String) throws {
        var form = Form(try Self.divar(), today: Fixtures.today, locale: locale)
        try form.focus("phone")
        try form.type("phone", text: typed)
        expectEqual(form["phone"].value, .text("09123456789"))
        expectEqual(form.input("phone")?.text, typed)
        try form.blur("phone")
        expectEqual(form["phone"].issues.map(\.code.rawValue), [])
        expectEqual(form.record["phone"], .string("09123456789"))
        // Set as a value (an edit line's, a server's) it is stored the same way.
        try form.set("phone", to: .text(typed))
        expectEqual(form["phone"].value, .text("09123456789"))
    }

    /// A CSV record's cell (text) is stored as 0–9 before the pattern and the schema read it.
    @Test func aCellsPersianDigitsPassThePatternAndTheSchema() throws {
        let checker = RecordChecker(try Self.divar(), today: Fixtures.today, locale: "fa")
        let record = ["title": "آپارتمان ۸۵ متری", "size": "85", "rooms": "2", "price": "12500000000"]
        for phone in ["۰۹۱۲۳۴۵۶۷۸۹", "٠٩١٢٣٤٥٦٧٨٩", "09123456789"] {
            expectEqual(checker.check(record.merging(["phone": phone]) { $1 }).map { "\($0.field) \($0.code.rawValue)" }, [], "\(phone)")
        }
        expectEqual(
            checker.check(record.merging(["phone": "۹۱۲۳۴۵۶۷۸۹"]) { $1 }).map { "\($0.field) \($0.code.rawValue)" }, ["phone pattern"])
    }

    /// The import writes the option it chose; a rules file says it itself.
    @Test func theOptionIsWrittenAndOffByDefaultInARulesFile() throws {
        let rules = try Self.divar()
        #expect(rules.field("phone")?.foldsDigits == true)
        #expect(rules.field("title")?.foldsDigits == false)
        let folding = try RuleSet(yaml: "form: f\nfields:\n  - {id: code, pattern: '^[0-9]{4}$', digits: fold}\n", source: "f.yaml")
        expectEqual(RecordChecker(folding, today: Fixtures.today).check(["code": "١٢٣٤"]), [])
        let exact = try RuleSet(yaml: "form: f\nfields:\n  - {id: code, pattern: '^[0-9]{4}$'}\n", source: "f.yaml")
        expectEqual(RecordChecker(exact, today: Fixtures.today).check(["code": "١٢٣٤"]).map(\.code.rawValue), ["pattern"])
        expectEqual(
            Fixtures.diagnostics("form: f\nfields:\n  - {id: code, digits: folded}\n").first?.contains(
                "'fold' (a text's digits of every script stored as 0–9)"),
            true)
    }
}
