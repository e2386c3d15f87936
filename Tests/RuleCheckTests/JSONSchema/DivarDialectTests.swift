import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The Divar server's dialect of JSON Schema: an `errors` object of messages per keyword on a
/// property, and the root's `pages: {current, total}` (issue 24, item 6).
@Suite("JSON Schema: the Divar dialect")
struct DivarDialectTests {
    static let fixture = Fixtures.root.appendingPathComponent("Tests/fixtures/divar/apartment.schema.json")

    /// `field code: message` of each violation of a record.
    static func messages(_ rules: RuleSet, _ record: String, locale: String = "en") throws -> [String] {
        RecordChecker(rules, today: Fixtures.today, locale: locale).check(json: try JSONParser().parse(record).object ?? [:])
            .violations.map { "\($0.field) \($0.code.rawValue): \($0.message)" }
    }

    @Test func errorsAreTheMessagesOfTheirKeywordsFailures() throws {
        let (rules, findings) = try SchemaTest.importing(
            ##"""
            {"required": ["title", "size"], "properties": {
               "title": {"type": "string", "minLength": 5, "pattern": "^[^0-9]+$",
                         "errors": {"required": "عنوان را وارد کنید", "minLength": "دست‌کم ۵ حرف", "pattern": "بدون رقم"}},
               "size": {"type": "integer", "minimum": 10, "exclusiveMaximum": 10000,
                        "errors": {"minimum": {"fa": "دست‌کم ۱۰ متر", "en": "At least 10 m²"}, "exclusiveMaximum": "کمتر از ۱۰۰۰۰"}},
               "rooms": {"enum": [1, 2, 3], "errors": {"enum": "از فهرست انتخاب کنید"}}}}
            """##)
        #expect(findings.isEmpty, "\(findings)")
        #expect(
            try Self.messages(rules, #"{"size": 5, "rooms": 7}"#, locale: "fa") == [
                "title required: عنوان را وارد کنید", "size min: دست‌کم ۱۰ متر", "rooms option: از فهرست انتخاب کنید",
            ])
        // Per locale: the English text under `en`; plain text in every locale.
        #expect(
            try Self.messages(rules, #"{"title": "خانه", "size": 5}"#) == [
                "title min_length: دست‌کم ۵ حرف", "size min: At least 10 m²",
            ])
        // The anchored pattern is the field's pattern; exclusiveMaximum is a check with its message.
        #expect(
            try Self.messages(rules, #"{"title": "خانه 2 خوابه", "size": 10000}"#) == [
                "title pattern: بدون رقم", "size check: کمتر از ۱۰۰۰۰",
            ])
    }

    @Test func errorsWinOverErrorMessageForTheSameKeyword() throws {
        let (rules, _) = try SchemaTest.importing(
            #"{"properties": {"a": {"type": "string", "minLength": 2, "maxLength": 3, "errorMessage": {"minLength": "short", "maxLength": "long"}, "errors": {"minLength": "کوتاه"}}}}"#
        )
        #expect(try Self.messages(rules, #"{"a": "x"}"#) == ["a min_length: کوتاه"])
        #expect(try Self.messages(rules, #"{"a": "xxxx"}"#) == ["a max_length: long"])
    }

    @Test func aNameInErrorsThatIsNoKeywordIsAFindingWithItsPointer() throws {
        let (rules, findings) = try SchemaTest.importing(
            #"{"properties": {"title": {"type": "string", "minLength": 5, "errors": {"minLenght": "کوتاه", "maximum": "زیاد", "required": 3}}}}"#
        )
        expectEqual(
            findings.map(\.description),
            [
                "s.json:1:72: /properties/title/errors/minLenght: not supported: errors names 'minLenght', which is not a keyword a value can fail; its message is not used; did you mean 'minLength'?",
                "s.json:1:94: /properties/title/errors/maximum: not supported: errors for 'maximum' has no matching rule (the property has no 'maximum'); its message is not used",
                "s.json:1:113: /properties/title/errors/required: not supported: a message in errors must be text or an object of locales to text ({\"fa\": …, \"en\": …})",
            ])
        expectEqual(rules.field("title")?.messages.isEmpty, true)
        // Under --strict each is an error.
        #expect(throws: RulesError.self) {
            try SchemaTest.importing(#"{"properties": {"t": {"type": "string", "errors": {"minLenght": "x"}}}}"#, strict: true)
        }
    }

    @Test func errorsThatAreNoObjectOrBelongToNoFieldAreRefusedOrReported() throws {
        let error = try #require(throws: RulesError.self) {
            try SchemaTest.importing(#"{"properties": {"t": {"type": "string", "errors": "بد"}}}"#)
        }
        #expect(
            error.diagnostics.map(\.message) == [
                #"/properties/t/errors: errors must be an object of keyword → message ({"required": "…"})"#
            ])
        let (_, findings) = try SchemaTest.importing(#"{"errors": {"required": "x"}, "properties": {"t": {"type": "string"}}}"#)
        expectEqual(findings.map(\.pointer), ["/errors"])
        expectEqual(findings.first?.message, "errors here belong to no field (write them on the properties); they are not used")
    }

    @Test func pagesAreTheFormsPlaceInTheServersWizard() throws {
        let (rules, findings) = try SchemaTest.importing(#"{"pages": {"current": 2, "total": 4}, "properties": {"t": {"type": "string"}}}"#)
        #expect(findings.isEmpty)
        expectEqual(rules.pagePosition, PagePosition(current: 2, total: 4))
        expectEqual(Form(rules).wizardPosition, PagePosition(current: 2, total: 4))
        #expect(
            try SchemaTest.rulesFile(#"{"pages": {"current": 2, "total": 4}, "properties": {"t": {"type": "string"}}}"#).contains(
                "\npage_position: {current: 2, total: 4}\n"))
        // A form with pages of its own holds pages 3 and 4 of the wizard.
        let paged = try SchemaTest.importing(
            #"{"pages": {"current": 3, "total": 4}, "x-rulecheck-pages": true, "x-rulecheck-sections": [{"id": "a", "fields": ["a"]}, {"id": "b", "fields": ["b"]}], "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}"#
        ).rules
        var form = Form(paged)
        expectEqual(form.wizardPosition, PagePosition(current: 3, total: 4))
        _ = try form.nextPage()
        expectEqual(form.wizardPosition, PagePosition(current: 4, total: 4))
        #expect(Form(try SchemaTest.importing(#"{"properties": {"t": {"type": "string"}}}"#).rules).wizardPosition == nil)
    }

    @Test(arguments: [
        (
            #"{"pages": [2, 4], "properties": {"t": {"type": "string"}}}"#,
            #"/pages: pages must be an object {"current": …, "total": …} (the form's page of the server's wizard)"#
        ),
        (
            #"{"pages": {"current": 2}, "properties": {"t": {"type": "string"}}}"#,
            #"/pages: pages needs "total" (pages: {"current": 2, "total": 4})"#
        ),
        (
            #"{"pages": {"current": "2", "total": 4}, "properties": {"t": {"type": "string"}}}"#,
            "/pages/current: pages.current must be a whole number, not a string"
        ),
        (
            #"{"pages": {"current": 1.5, "total": 4}, "properties": {"t": {"type": "string"}}}"#,
            "/pages/current: pages.current must be a whole number, not 1.5"
        ),
    ])
    func pagesOfAnotherShapeAreRefusedWithTheirPointer(schema: String, message: String) throws {
        let error = try #require(throws: RulesError.self) { try SchemaTest.importing(schema) }
        expectEqual(error.diagnostics.map(\.message), [message])
    }

    @Test(arguments: [
        (
            #"{"pages": {"current": 0, "total": 4}, "properties": {"t": {"type": "string"}}}"#,
            "s.json:1:12: error: the current page must be 1 or more, not 0 (pages are counted from 1)"
        ),
        (
            #"{"pages": {"current": 5, "total": 4}, "properties": {"t": {"type": "string"}}}"#,
            "s.json:1:26: error: the current page (5) is beyond the last page (total 4)"
        ),
        (
            #"{"pages": {"current": 3, "total": 4}, "x-rulecheck-pages": true, "x-rulecheck-sections": [{"id": "a", "fields": ["a"]}, {"id": "b", "fields": ["b"]}, {"id": "c", "fields": ["c"]}], "properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}}}"#,
            "s.json:1:26: error: the form's 3 pages from page 3 would end on page 5, beyond the last page (total 4)"
        ),
    ])
    func pagesOutOfBoundsAreRefusedWhereTheyAreWritten(schema: String, message: String) throws {
        let error = try #require(throws: RulesError.self) { try SchemaTest.importing(schema) }
        #expect(error.diagnostics.map { "\($0.location.map { "\($0): " } ?? "")\($0.severity.rawValue): \($0.message)" } == [message])
    }

    @Test func anotherMemberOfPagesIsReported() throws {
        let (rules, findings) = try SchemaTest.importing(
            #"{"pages": {"current": 1, "total": 2, "size": 10}, "properties": {"t": {"type": "string"}}}"#)
        expectEqual(rules.pagePosition, PagePosition(current: 1, total: 2))
        expectEqual(
            findings.map(\.description), ["s.json:1:38: /pages/size: not supported: pages: 'size' is not read (only current and total are)"]
        )
    }

    @Test func aRulesFileSaysPagePositionAndItsMistakesAreLocated() throws {
        expectEqual(Fixtures.diagnostics("page_position: {current: 2, total: 4}\nfields:\n  - {id: a}\n"), [])
        #expect(
            try RuleSet(yaml: "page_position: {current: 2, total: 4}\nfields:\n  - {id: a}\n").pagePosition
                == PagePosition(current: 2, total: 4))
        expectEqual(
            Fixtures.diagnostics("page_position: {current: 2}\nfields:\n  - {id: a}\n"),
            ["test.yaml:1:16: error: page_position needs both 'current' and 'total' ({current: 2, total: 4})"])
        expectEqual(
            Fixtures.diagnostics("page_position: {current: 3, total: 2}\nfields:\n  - {id: a}\n"),
            ["test.yaml:1:36: error: the current page (3) is beyond the last page (total 2)"])
        #expect(
            Fixtures.diagnostics("page_position: {current: 1, totl: 2}\nfields:\n  - {id: a}\n").contains(
                "test.yaml:1:29: error: unknown key 'totl' in page_position; did you mean 'total'?"))
    }

    /// import → export → import: the messages (with their locales) and the page position come
    /// back, and the second export is the first.
    @Test func theFixtureRoundTripsThroughTheExport() throws {
        let schema = try Data(contentsOf: Self.fixture)
        let (rules, findings) = try RuleSet.importing(jsonSchema: schema, source: "apartment.schema.json")
        #expect(findings.isEmpty, "\(findings)")
        expectEqual(rules.pagePosition, PagePosition(current: 2, total: 4))
        let export = rules.jsonSchema(draft: .draft7)
        let exported = try JSONParser().parse(Array(export.utf8))
        expectEqual(exported["pages"], .object(["current": 2, "total": 4]))
        expectEqual(
            exported["properties"]?["year_built"]?["errors"]?["minimum"],
            .object(["fa": "سال ساخت نمی‌تواند پیش از ۱۳۰۰ باشد", "en": "The year built cannot be before 1300"]))
        expectEqual(exported["properties"]?["title"]?["errors"]?["required"], "عنوان آگهی را وارد کنید")
        let again = try RuleSet.importing(jsonSchema: Data(export.utf8), source: "apartment.schema.json")
        #expect(again.findings.isEmpty, "\(again.findings)")
        expectEqual(again.rules.pagePosition, rules.pagePosition)
        for field in rules.fields {
            expectEqual(again.rules.field(field.path)?.messages, field.messages, "\(field.path)")
        }
        expectEqual(again.rules.jsonSchema(draft: .draft7), export)
        let records = [
            #"{"title": "فروش", "size": 5, "rooms": 7, "year_built": 1410, "price": 500000, "phone": "9121234567"}"#,
            #"{"size": 120, "rooms": 3, "year_built": 1200}"#,
        ]
        for record in records {
            for locale in ["fa", "en"] {
                #expect(try Self.messages(again.rules, record, locale: locale) == Self.messages(rules, record, locale: locale))
            }
        }
        // And a Divar-style schema written by hand, read without its export: the same verdicts.
        #expect(
            try Self.messages(rules, records[1], locale: "fa") == [
                "title required: عنوان آگهی را وارد کنید", "year_built min: سال ساخت نمی‌تواند پیش از ۱۳۰۰ باشد",
                "price required: قیمت را وارد کنید", "phone required: شماره موبایل را وارد کنید",
            ])
    }
}
