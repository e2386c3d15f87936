import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// No built-in message shows the rules' notation — a mask's syntax, a check's expression, a
/// JSON Schema keyword — and a pattern of digits says what to type, in every built-in locale.
@Suite("Messages for people")
struct MessagesForPeopleTests {
    static let yaml = #"""
        form: listing
        fields:
          - id: phone
            title: Phone
            mask: '\0\900 000 0000'
          - id: mobile
            title: Mobile
            pattern: '^09[0-9]{9}$'
          - id: postcode
            title: Postcode
            pattern: '\d{6}'
          - id: price
            title: Price
            type: integer
            checks:
              - expr: multiple_of(price, 1000)
              - expr: price > 0
              - expr: 100000000 >= price
        """#

    static let schema = #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
         "properties": {"price": {"type": "integer", "title": "Price", "exclusiveMinimum": 0, "multipleOf": 1000},
                        "mobile": {"type": "string", "title": "Mobile", "pattern": "^09[0-9]{9}$"}}}
        """#

    /// Notation no message may show.
    static let notation = ["\\0\\9", "multiple_of", "price >", ">= price", "[0-9]", "\\d", "exclusiveMinimum", "multipleOf", "{", "}"]

    static func messages(_ locale: String) throws -> [String] {
        let rules = try RuleSet(yaml: yaml, source: "listing.yaml")
        let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!, locale: locale)
        let records = [
            ["phone": "12", "mobile": "9123", "postcode": "12", "price": "1500"],
            ["price": "-1000"], ["price": "200000000"],
        ]
        let (imported, _) = try RuleSet.importing(jsonSchema: Data(schema.utf8), source: "listing.schema.json")
        let schemaChecker = RecordChecker(imported, today: Day(iso: "2026-11-22")!, locale: locale)
        let fromSchema = try [#"{"price": 0, "mobile": "12"}"#, #"{"price": 1500}"#].flatMap {
            schemaChecker.check(json: try JSONParser().parse($0).object ?? [:]).violations
        }
        return records.flatMap { checker.check($0) }.map(\.message) + fromSchema.map(\.message)
    }

    @Test(arguments: MessageLocale.builtIn)
    func noBuiltInMessageShowsNotation(_ locale: String) throws {
        let messages = try Self.messages(locale)
        expectEqual(messages.count, 9, "\(messages)")
        for message in messages {
            for written in Self.notation {
                #expect(!message.contains(written), "\(locale): \(message)")
            }
        }
    }

    @Test func theyNameWhatToType() throws {
        expectEqual(
            try Self.messages("en"),
            [
                "Phone must be 11 digits, starting with 09", "Mobile must be 11 digits, starting with 09", "Postcode must be 6 digits",
                "Price must be a multiple of 1000", "Price must be more than 0", "Price must be at most 100000000",
                "Price must be more than 0", "Mobile must be 11 digits, starting with 09", "Price must be a multiple of 1000",
            ])
        let persian = try Self.messages("fa")
        #expect(persian.contains("«Mobile» باید ۱۱ رقم باشد و با ۰۹ شروع شود"), "\(persian)")
        expectEqual(persian.filter { $0 == "«Phone» باید ۱۱ رقم باشد و با ۰۹ شروع شود" }.count, 1, "\(persian)")
        // A mask with letters is shown as its empty input.
        let rules = try RuleSet(yaml: "form: p\nfields:\n  - {id: plate, title: Plate, mask: 'A 000 AA 009'}\n", source: "p.yaml")
        expectEqual(
            RecordChecker(rules, today: Day(iso: "2026-11-22")!).check(["plate": "12"]).map(\.message),
            ["Plate must look like _ ___ __ ___"])
    }
}
