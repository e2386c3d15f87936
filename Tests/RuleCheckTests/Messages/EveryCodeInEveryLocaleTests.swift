import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `rulecheck check --locale L` speaks L for every code: records that fail every rule a record
/// can fail, and every finding about input, checked in each locale; no message is the English
/// one, and numbers and dates follow the locale's digits.
@Suite("Every code in every locale")
struct EveryCodeInEveryLocaleTests {
    static let yaml = """
        form: everything
        fields:
          - {id: name, title: Name, required: true}
          - {id: age, title: Age, type: integer, min: 18, max: 120}
          - {id: born, title: Born, type: date, min: 1900-01-01, max: today}
          - {id: code, title: Code, pattern: '[a-z]+', min_length: 3, max_length: 5}
          - {id: phone, title: Phone, mask: '000-00'}
          - {id: kind, title: Kind, type: choice, options: [a, b]}
          - {id: tags, title: Tags, type: multi_choice, options: [x, y, z], min_items: 2, max_items: 2}
          - {id: uniq, title: Uniq, type: values, unique_items: true}
          - {id: pin, title: Pin, checks: [{expr: pin == "1234"}]}
          - {id: secret, title: Secret, visible_if: kind == "b"}
          - {id: parent, title: Parent}
          - {id: child, title: Child, depends_on: [parent]}
          - {id: total, title: Total, type: integer, value: age * 2}
          - {id: empty_total, title: Empty total, type: integer, value: parent_number * 2}
          - {id: parent_number, title: Parent number, type: integer}
          - {id: huge, title: Huge, type: number}
          - {id: past_range, title: Past range, type: number, value: huge * 10}
          - {id: scan, title: Scan, type: file, max_size: 1 KB, media_types: [image/png]}
          - {id: cars, title: Cars, type: list, unique_by: [vin], item: [{id: vin, title: VIN}]}
          - {id: spot, title: Spot}
        """

    /// The messages of every field failure and finding, in `locale`, with their codes.
    static func messages(_ locale: String) throws -> [(code: String, message: String)] {
        let rules = try RuleSet(yaml: yaml, source: "everything.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today, locale: locale)
        var all: [(String, String)] = []
        let records: [[String: String]] = [
            [
                "age": "12", "born": "1800-01-01", "code": "AB", "phone": "12", "kind": "c", "tags": #"["x"]"#,
                "uniq": #"["q", "q"]"#, "pin": "0000", "child": "x", "total": "7", "empty_total": "3",
                "scan": #"[{"name": "a.pdf", "size": 4096, "type": "application/pdf"}]"#,
                "cars": #"[{"vin": "A1"}, {"vin": "A1"}]"#, "huge": "1" + String(repeating: "0", count: 308),
            ],
            ["name": "n", "age": "200", "born": "2030-01-01", "code": "abcdefg", "tags": #"["x", "y", "z"]"#, "kind": "a", "secret": "s"],
            ["name": "n", "age": "x", "born": "y"],
        ]
        for record in records {
            for violation in checker.check(record) { all.append((violation.code.rawValue, violation.message)) }
        }
        let columns = checker.columns(["age"])
        for violation in checker.check(cells: ["20"], columns: columns) where violation.code == .missingColumn {
            all.append((violation.code.rawValue, violation.message))
        }
        // KoboToolbox's 0/1 columns of a multi_choice that disagree with its answer, given and blank.
        let koboColumns = checker.columns(["tags", "tags/x"], layout: .kobo)
        for cells in [["y", "1"], ["", "1"]] {
            for violation in checker.check(cells: cells, columns: koboColumns) where violation.code == .choiceColumns {
                all.append((violation.code.rawValue, violation.message))
            }
        }
        // A geopoint's split columns: a part that is no number, out of range, says otherwise than
        // the answer, stands for a blank answer, is blank beside another.
        let geopointColumns = checker.columns(["spot", "_spot_latitude", "_spot_longitude"], layout: .kobo)
        for cells in [["1 2", "x", "200"], ["1 2", "1", "3"], ["", "", "3"]] {
            for violation in checker.check(cells: cells, columns: geopointColumns) where violation.code == .geopointColumns {
                all.append((violation.code.rawValue, violation.message))
            }
        }
        let findings: [RecordChecker.Finding] = [
            .unknownColumn("c"), .duplicateColumn("c"), .duplicateKey("k"), .malformed("x"), .unreadableHeader("x"),
            .unreadable("x"),
        ]
        for finding in findings {
            let violation = checker.violation(for: finding)
            all.append((violation.code.rawValue, violation.message))
        }
        // The codes of a JSON Schema's own failures: on an object's members, and on the items of
        // an array record, where no field says them first.
        let schemas: [(schema: String, record: String)] = [
            (
                ##"""
                {"$schema": "http://json-schema.org/draft-07/schema#", "additionalProperties": false,
                 "properties": {"list": {"type": "array", "contains": {"const": "z"}}, "obj": {"type": "object", "minProperties": 2},
                                "names": {"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}}}}
                """##,
                ##"{"list": ["a"], "obj": {"a": 1}, "names": {"A1": 1}, "extra": 1}"##
            ),
            (
                ##"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "array", "items": [{"multipleOf": 5}, {"format": "email"}, {"not": {"const": "x"}}]}"##,
                ##"[7, "nope", "x"]"##
            ),
        ]
        for (schema, record) in schemas {
            let schemaChecker = RecordChecker(try RuleSet(jsonSchema: Data(schema.utf8)), today: Fixtures.today, locale: locale)
            for violation in schemaChecker.check(record: try JSONParser().parse(record)).violations {
                all.append((violation.code.rawValue, violation.message))
            }
        }
        return all
    }

    @Test func theWalkReachesEveryCodeButTwo() throws {
        // regex_limit needs a catastrophic pattern and external a form: their texts are in the
        // tables all the same (LocaleTablesTests).
        let codes = Set(try Self.messages("en").map(\.code))
        expectEqual(codes, Set(IssueCode.all.map(\.rawValue)).subtracting(["regex_limit", "external"]))
    }

    /// The Unicode blocks of the locales not written in Latin letters: Arabic, CJK, Cyrillic.
    static let scripts: [String: ClosedRange<UInt32>] = [
        "fa": 0x0600...0x06FF, "ar": 0x0600...0x06FF, "zh-Hans": 0x4E00...0x9FFF, "ru": 0x0400...0x04FF,
    ]

    @Test(arguments: DefaultMessages.locales.filter { $0 != "en" })
    func noMessageIsEnglish(locale: String) throws {
        let english = try Self.messages("en")
        let translated = try Self.messages(locale)
        expectEqual(english.count, translated.count)
        for (en, other) in zip(english, translated) {
            expectEqual(en.code, other.code)
            #expect(en.message != other.message, "\(locale) \(other.code): \(other.message)")
            // Written in the locale's script, not only different from English.
            if let script = Self.scripts[locale] {
                #expect(
                    other.message.unicodeScalars.contains { script.contains($0.value) }, "\(locale) \(other.code): \(other.message)")
            }
        }
    }

    @Test func persianMessagesWritePersianDigits() throws {
        let messages = try Self.messages("fa").map(\.message)
        #expect(messages.contains("«Age» نباید کمتر از ۱۸ باشد"))
        #expect(messages.contains("تاریخ «Born» نباید پیش از ۱۹۰۰-۰۱-۰۱ باشد"))
        #expect(messages.contains("«Scan»: حجم فایل «a.pdf» بیشتر از ۱ کیلوبایت است"))
        // The value as written stays as written.
        #expect(messages.contains("«Age»: «x» عدد صحیح نیست"))
    }

    @Test func arabicDigitsFollowTheRegion() throws {
        let saudi = try Self.messages("ar-SA").map(\.message)
        #expect(saudi.contains("يجب ألا تقل قيمة «Age» عن ١٨"))
        let plain = try Self.messages("ar").map(\.message)
        #expect(plain.contains("يجب ألا تقل قيمة «Age» عن 18"))
        let latin = try Self.messages("ar-SA-u-nu-latn").map(\.message)
        #expect(latin.contains("يجب ألا تقل قيمة «Age» عن 18"))
    }

    @Test func frenchAndGermanWriteTheirDecimalComma() throws {
        let rules = try RuleSet(yaml: "form: f\nfields:\n  - {id: x, title: X, type: number, min: 2.5}\n", source: "f.yaml")
        expectEqual(
            RecordChecker(rules, today: Fixtures.today, locale: "de").check(["x": "1"]).map(\.message), ["„X“ muss mindestens 2,5 sein"])
        expectEqual(
            RecordChecker(rules, today: Fixtures.today, locale: "fr").check(["x": "1.5"]).map(\.message),
            ["La valeur du champ «\u{A0}X\u{A0}» doit être supérieure ou égale à 2,5"])
    }

    /// A bound no `Double` holds (`.decimal`, printed as written) is written in the locale's
    /// digits and decimal separator like any other number.
    @Test func exactDecimalsFollowTheLocale() throws {
        let rules = try RuleSet(
            yaml: "form: f\nfields:\n  - {id: x, title: X, type: number, min: 0.10000000000000001, max: 9007199254740993}\n",
            source: "f.yaml")
        func messages(_ locale: String, _ value: String) -> [String] {
            RecordChecker(rules, today: Fixtures.today, locale: locale).check(["x": value]).map(\.message)
        }
        expectEqual(messages("fa", "0.1"), ["«X» نباید کمتر از ۰٫۱۰۰۰۰۰۰۰۰۰۰۰۰۰۰۰۱ باشد"])
        expectEqual(messages("fa", "9007199254740994"), ["«X» نباید بیشتر از ۹۰۰۷۱۹۹۲۵۴۷۴۰۹۹۳ باشد"])
        expectEqual(messages("ar-EG", "0.1"), ["يجب ألا تقل قيمة «X» عن ٠٫١٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠١"])
        expectEqual(messages("de", "0.1"), ["„X“ muss mindestens 0,10000000000000001 sein"])
        expectEqual(messages("en", "0.1"), ["X must be at least 0.10000000000000001"])
    }
}
