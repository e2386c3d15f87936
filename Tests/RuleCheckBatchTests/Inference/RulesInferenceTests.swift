import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// `rulecheck infer`'s library layer: the draft of an export lints cleanly, accepts the export
/// it was drafted from (no error), finds mistakes planted in a copy, and reads as a person
/// would start editing from it.
@Suite("Rules inference")
struct RulesInferenceTests {
    static let today = Day(iso: "2026-11-22")!

    /// Drafts `bytes`, compiles the draft (no error, no lint warning) and checks `bytes` with it.
    @discardableResult
    func roundTrip(
        _ bytes: [UInt8], format: RecordFormat, name: String = "data", options: RulesInference.Options = .init(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (yaml: String, rules: RuleSet, summary: CheckSummary) {
        let inferred = try RulesInference(options: options).infer(bytes: bytes, name: name, format: format)
        let yaml = inferred.yaml()
        let rules = try RuleSet(yaml: yaml, source: "draft.yaml")
        #expect(rules.warnings.isEmpty, "\(rules.warnings)", sourceLocation: sourceLocation)
        // The JSON form is the same rules.
        let json = try RuleSet(yaml: inferred.json(), source: "draft.json")
        #expect(json.fields.map(\.path) == rules.fields.map(\.path), sourceLocation: sourceLocation)
        let summary = try check(bytes, format: format, rules: rules)
        #expect(summary.errors == 0, "\(summary.byCode) \(summary.byField)\n\(yaml)", sourceLocation: sourceLocation)
        return (yaml, rules, summary)
    }

    func check(_ bytes: [UInt8], format: RecordFormat, rules: RuleSet) throws -> CheckSummary {
        let checker = RecordChecker(rules, today: Self.today)
        let sink = OutputSink.memory()
        return try BatchCheck(checker: checker, options: .init(jobs: 1)).run(
            bytes: bytes, name: "data", format: format, report: ReportFormat.summaryJSON.report(to: sink)
        ).summary
    }

    static let people = """
        id,name,birth_date,has_car,plate,doc_type,score,zip,comment
        1,Ann,1990-05-01,yes,А 123 ВС 77,passport,4.5,01234,
        2,Bob,1985-12-31,no,,passport,3,12345,likes <b>tags</b>
        3,Eve Ng,2001-01-09,yes,В 456 ЕК 177,driver_license,5,54321,
        4,Zed,1979-07-30,no,,passport,2.25,00999,
        """

    /// The whole draft, pinned: it is what a person starts editing from.
    @Test func aSmallCSVExport() throws {
        let (yaml, _, _) = try roundTrip(Array(Self.people.utf8), format: .csv, name: "people.csv")
        #expect(
            yaml == """
                # Drafted by rulecheck infer from people.csv: 4 records.
                # Each rule says what it was inferred from. Review them, then add what data cannot show:
                # titles, visible_if, depends_on, checks, messages.
                form: 'people'
                fields:
                  - id: 'id'
                    type: integer  # 4 values, 0 empty
                    required: true  # no record leaves it empty
                    min: 1  # the smallest of 4 values
                    max: 4  # the largest
                  - id: 'name'
                    type: text  # 4 values, 0 empty, 4 distinct
                    required: true  # no record leaves it empty
                    min_length: 3  # the shortest of 4 values
                    max_length: 6  # the longest
                  - id: 'birth_date'
                    type: date  # 4 values, 0 empty
                    required: true  # no record leaves it empty
                    min: 1979-07-30  # the earliest of 4 dates
                    max: 2001-01-09  # the latest
                  - id: 'has_car'
                    type: bool  # 4 values, 0 empty
                    required: true  # no record leaves it empty
                  - id: 'plate'
                    type: text  # 2 values, 2 empty, 2 distinct
                    mask: 'A 000 AA 009'  # the shape all 2 values have
                  - id: 'doc_type'
                    type: choice  # 4 values, 0 empty, 2 distinct
                    required: true  # no record leaves it empty
                    options:
                      - value: 'passport'  # 3
                      - value: 'driver_license'  # 1
                  - id: 'score'
                    type: number  # 4 values, 0 empty
                    required: true  # no record leaves it empty
                    min: 2.25  # the smallest of 4 values
                    max: 5  # the largest
                  - id: 'zip'
                    type: text  # 4 values, 0 empty, 4 distinct
                    required: true  # no record leaves it empty
                    pattern: '\\d{5}'  # the shape all 4 values have
                  - id: 'comment'
                    type: text  # 1 value, 3 empty, 1 distinct
                    min_length: 17  # the shortest of 1 value
                    max_length: 17  # the longest

                """)
    }

    /// Mistakes planted in a copy of the export are found, each by the rule drafted for it.
    @Test func plantedMistakesAreFound() throws {
        let (_, rules, _) = try roundTrip(Array(Self.people.utf8), format: .csv, name: "people.csv")
        let planted = """
            id,name,birth_date,has_car,plate,doc_type,score,zip,comment
            0,Ann,1990-05-01,yes,А 123 ВС 77,passport,4.5,01234,
            2,,1985-12-31,no,,passport,3,12345,
            3,Eve Ng,2001-13-09,maybe,В 456 ЕК,visa,9,5432,
            4,Zed,1979-07-30,no,,passport,2.25,00999,way too long a comment
            """
        let summary = try check(Array(planted.utf8), format: .csv, rules: rules)
        expectEqual(summary.byCode, ["min": 1, "required": 1, "type": 2, "mask": 1, "option": 1, "max": 1, "pattern": 1, "max_length": 1])
        expectEqual(
            summary.byField,
            ["id": 1, "name": 1, "birth_date": 1, "has_car": 1, "plate": 1, "doc_type": 1, "score": 1, "zip": 1, "comment": 1])
    }

    /// The bundled OSAGO sample: groups from `insurant.…` columns, a list from the JSON array
    /// texts of its `drivers` column, masks, dates, choices.
    @Test func theOsagoSampleRoundTrips() throws {
        let bytes = try [UInt8](Data(contentsOf: CLIRoot.url.appendingPathComponent("Rules/samples/osago.csv")))
        let (yaml, rules, summary) = try roundTrip(bytes, format: .csv, name: "osago.csv")
        expectEqual(summary.records, 300)
        #expect(rules.fields.contains { $0.path == "insurant.last_name" })
        #expect(rules.fields.contains { $0.path == "drivers" && $0.type == .list })
        #expect(yaml.contains("  - id: 'drivers'\n    type: list  # arrays of objects in"))
        #expect(yaml.contains("mask: '00 00 000000'"))  // the drivers' licence numbers
    }

    /// The bundled sign-up sample in JSON Lines: JSON types kept, keys in their written order.
    @Test func theSignupSampleRoundTrips() throws {
        let bytes = try [UInt8](Data(contentsOf: CLIRoot.url.appendingPathComponent("Rules/samples/signup.jsonl")))
        let (yaml, rules, _) = try roundTrip(bytes, format: .jsonl, name: "signup.jsonl")
        expectEqual(rules.fields.map(\.path).prefix(3), ["accept_terms", "birth_date", "code"])
        #expect(yaml.contains("  - id: 'accept_terms'\n    type: bool"))
        #expect(yaml.contains("  - id: 'phone'\n    type: text"))
        #expect(yaml.contains("pattern: '[A-Za-z]{6,10}\\d{2}'  # the shape all 199 values have"))
        // The sample's planted mistakes show: a bool field holding text in some record.
        #expect(
            yaml.contains("# Not inferred: 'news_opt_in': its values are of several kinds (text, true/false), which no one type reads."))
    }

    @Test func nestedJSONBecomesGroupsListsAndValues() throws {
        let records = (1...40).map { index in
            """
            {"zeta": \(index), "person": {"last": "L\(index)", "born": "0\(index % 9 + 1).02.1990"}, \
            "tags": ["a", "b"\(index % 2 == 0 ? ", \"c\"" : "")], "sizes": [\(index), \(index + 1)], \
            "cars": [{"plate": "AB-\(100 + index)", "year": \(1990 + index)}], "alpha": null}
            """
        }.joined(separator: "\n")
        let (yaml, rules, _) = try roundTrip(Array(records.utf8), format: .jsonl)
        // The file's key order, not the alphabet's.
        expectEqual(
            rules.fields.filter { !$0.path.contains(".") && !$0.path.contains("[") }.map(\.path),
            ["zeta", "person", "tags", "sizes", "cars", "alpha"])
        #expect(rules.fields.first { $0.path == "person.born" }?.type == .date)
        #expect(rules.fields.first { $0.path == "tags" }?.type == .multiChoice)
        #expect(rules.fields.first { $0.path == "sizes" }?.type == .values)
        #expect(rules.fields.first { $0.path == "cars" }?.type == .list)
        #expect(yaml.contains("        format: 'dd.MM.yyyy'  # how every value is written"))
        #expect(yaml.contains("mask: 'AA-000'"))
        #expect(yaml.contains("  - id: 'alpha'\n    type: text  # no values: every record leaves it empty"))
    }

    /// Mistakes planted in nested JSON — a group's member, a list item's members, an unknown
    /// option, fewer items than seen — are found at their paths.
    @Test func plantedMistakesInNestedJSONAreFound() throws {
        let records = (1...40).map { index in
            """
            {"id": \(index), "person": {"last": "L\(index)", "born": "0\(index % 9 + 1).02.1990"}, \
            "tags": ["a", "b"], "cars": [{"plate": "AB-\(100 + index)", "year": \(1990 + index)}]}
            """
        }.joined(separator: "\n")
        let (_, rules, _) = try roundTrip(Array(records.utf8), format: .jsonl)
        let planted = """
            {"id": 1, "person": {"last": "L1", "born": "1990-02-01"}, "tags": ["a", "z"], "cars": [{"plate": "AB-101", "year": 1989}]}
            {"id": 2, "person": {"last": "L2", "born": "02.02.1990"}, "tags": ["b"], "cars": [{"plate": "A-1", "year": 2000}]}
            """
        let summary = try check(Array(planted.utf8), format: .jsonl, rules: rules)
        // Record 2's one tag is fewer than every record had (min_items 2).
        expectEqual(summary.byCode, ["type": 1, "option": 1, "items": 1, "min": 1, "mask": 1])
        expectEqual(summary.byField, ["person.born": 1, "tags": 2, "cars[].year": 1, "cars[].plate": 1])
    }

    /// A CSV column of JSON array texts (a list, as `check` reads one): its item fields are in
    /// the order the cells write their keys, in every run — not in a dictionary's order, which
    /// changes from one process to the next.
    @Test func aListColumnsItemFieldsAreInWrittenOrder() throws {
        let keys = ["zeta", "kilo", "alpha", "mike", "bravo", "yankee", "charlie", "xray"]
        let rows = (1...5).map { index in
            let object = keys.enumerated().map { "\"\"\($1)\"\":\(index + $0)" }.joined(separator: ",")
            return "\(index),\"[{\(object)}]\""
        }
        let csv = "id,items\n" + rows.joined(separator: "\n") + "\n"
        let (yaml, _, _) = try roundTrip(Array(csv.utf8), format: .csv)
        let itemIDs = yaml.split(separator: "\n").filter { $0.hasPrefix("      - id: '") }.map { $0.dropFirst(13).dropLast() }
        expectEqual(itemIDs, keys.map { $0[...] })
    }

    @Test func whatCannotBeInferredIsSaidAndLeftOut() throws {
        let text = """
            {"ok": 1, "First Name": "Ann", "mixed": 1, "deep": {"a b": 2, "c": 3}}
            {"ok": 2, "First Name": "Bob", "mixed": "x", "deep": {"c": 4}}
            """
        let inferred = try RulesInference().infer(bytes: Array(text.utf8), format: .jsonl)
        expectEqual(
            inferred.notes.map(\.description),
            [
                "'First Name': not a field id (ids are letters, digits and _, and do not start with a digit)",
                "'deep.a b': not a field id (ids are letters, digits and _, and do not start with a digit)",
                "'mixed': its values are of several kinds (text, numbers), which no one type reads",
            ])
        #expect(inferred.yaml().contains("# Not inferred: 'mixed': its values are of several kinds"))
        try roundTrip(Array(text.utf8), format: .jsonl)
    }

    /// Column names that expressions read as keywords cannot be fields: said, left out, and the
    /// draft still compiles (infer compiles it before giving it).
    @Test func keywordsAreNoFieldIDs() throws {
        let text = "today,null,and,option,count\n1,2,3,4,5\n2,3,4,5,6\n"
        let inferred = try RulesInference().infer(bytes: Array(text.utf8), format: .csv)
        expectEqual(inferred.notes.map(\.path), ["and", "null", "option", "today"])
        #expect(inferred.notes.allSatisfy { $0.reason == "a word expressions read as a keyword, which no field may be called" })
        let (_, rules, _) = try roundTrip(Array(text.utf8), format: .csv)
        expectEqual(rules.fields.map(\.path), ["count"])
    }

    @Test func nothingToInferFrom() {
        #expect(throws: InferenceError(message: "nothing to infer from: 'empty.csv' holds no record")) {
            try RulesInference().infer(bytes: [], name: "empty.csv", format: .csv)
        }
        #expect(throws: InferenceError.self) {
            try RulesInference().infer(bytes: Array("{\"a b\": 1}\n".utf8), format: .jsonl)
        }
    }

    @Test func aSampleReadsOnlyTheFirstRecords() throws {
        let text = "n\n" + (1...100).map(String.init).joined(separator: "\n") + "\n"
        let inferred = try RulesInference(options: .init(sample: 10)).infer(bytes: Array(text.utf8), format: .csv)
        expectEqual(inferred.records, 10)
        #expect(inferred.yaml().contains("max: 10  # the largest"))
        #expect(inferred.yaml().contains("# Only the first 10 records were read (--sample)"))
    }

    @Test func malformedRecordsAreLeftOutAndCounted() throws {
        let text = "a,b\n1,2\n3\n\"x,4\n5,6\n"
        let inferred = try RulesInference().infer(bytes: Array(text.utf8), format: .csv)
        expectEqual(inferred.malformed, 2)
        #expect(inferred.yaml().contains("# 2 malformed records were left out"))
    }

    /// The type a draft gives a column of each kind `RandomExport` makes, from Docs/cli.md's
    /// rules for `infer`: every value a whole number → integer (`0`/`1` only too; 18 digits
    /// too); a decimal → number; every value a date in one format → date; yes/no/true/false
    /// (beside 0/1) → bool; four values over hundreds of records → choice; codes, phones, zip
    /// codes with leading zeros, free text and numbers mixed with `n/a` → text.
    static let typeOfKind: [RandomExport.Kind: FieldType] = [
        .integer: .integer, .number: .number, .date: .date, .bool: .bool, .choice: .choice, .code: .text,
        .phone: .text, .text: .text, .zip: .text, .bigInteger: .integer, .nearlyNumber: .text, .number01: .integer,
    ]

    /// Seeded random exports of every kind of column: the draft accepts them all, and gives each
    /// column the type (and a date column the format) its values were made with.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomExportsRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (csv, columns) = RandomExport.csv(rows: 300, using: &random)
        let (_, csvRules, _) = try roundTrip(Array(csv.utf8), format: .csv)
        expectEqual(csvRules.fields.map(\.path), columns.indices.map { "c\($0)" })
        for (index, column) in columns.enumerated() {
            let field = try #require(csvRules.field("c\(index)"))
            expectEqual(field.type, Self.typeOfKind[column.kind], "c\(index), \(column.kind)")
            if column.kind == .date { expectEqual(field.dateFormat.pattern, column.format, "c\(index)") }
        }
        let jsonl = RandomExport.jsonLines(rows: 300, using: &random)
        let (_, jsonRules, _) = try roundTrip(Array(jsonl.utf8), format: .jsonl)
        // JSON keeps its types: numbers stay numbers, strings stay text (`number_text` too).
        let jsonTypes: [String: FieldType] = [
            "id": .integer, "score": .number, "active": .bool, "name": .text, "code": .text, "zip": .text,
            "number_text": .text, "when": .date, "person": .group, "person.phone": .text, "person.kind": .choice,
            "items": .list, "items.sku": .text, "items.qty": .integer, "tags": .multiChoice, "note": .text,
        ]
        expectEqual(Set(jsonRules.fields.map(\.path)), Set(jsonTypes.keys))
        for (path, type) in jsonTypes {
            expectEqual(jsonRules.field(path)?.type, type, "\(path)")
        }
    }

    /// A compressed export gives the same draft as the plain one.
    @Test func aCompressedExportGivesTheSameDraft() throws {
        let scratch = try Scratch()
        let directory = scratch.directory
        let plain = directory.appendingPathComponent("people.csv")
        let gzip = directory.appendingPathComponent("people.csv.gz")
        let zstd = directory.appendingPathComponent("people.csv.zst")
        try Data(Self.people.utf8).write(to: plain)
        try Data(TestCompression.gzip(Array(Self.people.utf8))).write(to: gzip)
        try Data(TestCompression.zstd(Array(Self.people.utf8))).write(to: zstd)
        let expected = try RulesInference(options: .init(form: "people")).infer(files: [plain.path]).yaml()
        for file in [gzip, zstd] {
            let got = try RulesInference(options: .init(form: "people")).infer(files: [file.path]).yaml()
            expectEqual(got, expected.replacingOccurrences(of: plain.path, with: file.path))
        }
    }

    /// A number no `Double` holds (more than 15 digits that do not read back) is still a number,
    /// and its bound keeps every digit: `max: 9007199254740993`, not 9007199254740992. A value
    /// one past it, in a copy, is found.
    @Test func numbersNoDoubleHoldsKeepTheirDigits() throws {
        let csv = "id,amount\n9007199254740993,12\n9007199254740991,-0.10000000000000001\n2,7.5\n"
        let (yaml, rules, _) = try roundTrip(Array(csv.utf8), format: .csv)
        #expect(
            yaml.contains(
                "    type: integer  # 3 values, 0 empty\n    required: true  # no record leaves it empty\n    min: 2  # the smallest of 3 values\n    max: 9007199254740993  # the largest\n"
            ))
        #expect(
            yaml.contains(
                "    type: number  # 3 values, 0 empty\n    required: true  # no record leaves it empty\n    min: -0.10000000000000001  # the smallest of 3 values\n    max: 12  # the largest\n"
            ))
        let planted = "id,amount\n9007199254740994,12\n1,-0.10000000000000002\n"
        let summary = try check(Array(planted.utf8), format: .csv, rules: rules)
        expectEqual(summary.byCode, ["max": 1, "min": 2])

        let jsonl = "{\"n\": 9007199254740993}\n{\"n\": 1}\n{\"n\": 123456789012345678901234567890}\n"
        let (jsonYAML, _, _) = try roundTrip(Array(jsonl.utf8), format: .jsonl)
        #expect(
            jsonYAML.contains(
                "    type: integer  # 3 values, 0 empty\n    required: true  # no record leaves it empty\n    min: 1  # the smallest of 3 values\n    max: 123456789012345678901234567890  # the largest\n"
            ))
    }

    @Test func numberLiterals() {
        expectEqual(NumberRange.literal(.number(1e-7)), "0.0000001")
        expectEqual(NumberRange.literal(.number(1.5e-5)), "0.000015")
        expectEqual(NumberRange.literal(.number(123.0)), "123")
        expectEqual(NumberRange.literal(.number(-2.5)), "-2.5")
        expectEqual(NumberRange.literal(.number(1e20)), "100000000000000000000")
        expectEqual(NumberRange.literal(.number(.infinity)), nil)
        expectEqual(NumberRange.literal(.decimal(ExactDecimal("9007199254740993")!)), "9007199254740993")
        expectEqual(NumberRange.literal(.decimal(ExactDecimal("1e-500")!)), nil)
        #expect(NumberRange.hasLeadingZero("007"))
        #expect(NumberRange.hasLeadingZero("-01.5"))
        #expect(!NumberRange.hasLeadingZero("0.5"))
        #expect(!NumberRange.hasLeadingZero("+7"))
    }

    @Test func distinctValuesStayBounded() {
        var distinct = DistinctValues(limit: 3)
        for value in ["a", "b", "a", "c"] { distinct.add(value) }
        expectEqual(distinct.ranked.map(\.value), ["a", "b", "c"])
        distinct.add("d")
        #expect(distinct.overflowed)
        #expect(distinct.counts.isEmpty)
    }
}

/// The package's root, for the bundled samples.
enum CLIRoot {
    static let url = Repository.root
}
