import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `rulecheck sample` makes test data: a valid record must pass `check`, and a record with a
/// planted mistake must fail on that mistake alone.
@Suite("Sample records")
struct SampleGeneratorTests {
    /// Every example rules file in Rules/.
    static let examples: [String] = {
        let directory = Fixtures.root.appendingPathComponent("Rules")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }()

    @Test func thereAreExamplesToSample() {
        #expect(Self.examples.count >= 3, "Rules/ holds \(Self.examples)")
    }

    /// The codes each kind of planted mistake may give, stated here rather than read from the
    /// checker (which the generator uses to choose its mistakes).
    static let codes: [SampleRecord.MistakeKind: Set<IssueCode>] = [
        .leftOut: [.required],
        .unreadable: [.type],
        .notAnOption: [.option],
        .outOfRange: [.min, .max, .check],
        .alteredText: [.pattern, .mask, .minLength, .maxLength, .check, .option],
        .otherCalendar: [.type, .min, .max, .check],
    ]

    /// Bounds with more digits than a `Double` holds: the valid samples lie within them exactly
    /// (a `Double` drawn between them can fall on 9007199254740992 or …996, outside), as JSON and
    /// as CSV cells.
    @Test func samplesKeepWithinBoundsADoubleCannotHold() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - {id: id, type: integer, required: true, min: 9007199254740993, max: 9007199254740995}
                  - {id: share, type: number, required: true, min: 0.10000000000000001, max: 0.10000000000000003}
                """, source: "t.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today)
        var generator = SampleGenerator(rules, today: Fixtures.today, seed: 22)
        let columns = checker.columns(generator.columns)
        for _ in 0..<50 {
            let record = generator.next()
            expectEqual(checker.check(json: record.object).violations, [], "\(record.object)")
            expectEqual(checker.check(cells: record.cells(generator.columns), columns: columns), [], "\(record.object)")
        }
    }

    /// Over many seeds (4 in `make test`, 12 in a deep run, `make test-deep`): a record
    /// without a mistake has no violation at all (no warning either), read as JSON and as CSV
    /// cells; a record with one has errors, all on the planted field and of the planted kind.
    @Test(arguments: examples)
    func validRecordsPassAndInvalidOnesFailOnThePlantedMistakeOnly(example: String) throws {
        let rules = try Fixtures.rules(example)
        let checker = RecordChecker(rules, today: Fixtures.today)
        var planted = 0
        let seeds = UInt64(PropertyRuns.count(quick: 4, deep: 12))
        for seed in UInt64(1)...seeds {
            var generator = SampleGenerator(rules, today: Fixtures.today, seed: seed, invalidRate: 0.3)
            let columns = checker.columns(generator.columns)
            for index in 0..<120 {
                let record = generator.next()
                let fromJSON = checker.check(json: record.object).violations
                let fromCSV = checker.check(cells: record.cells(generator.columns), columns: columns)
                for (violations, input) in [(fromJSON, "JSON"), (fromCSV, "CSV")] {
                    let found = violations.map { "\($0.field) \($0.code)" }
                    if let mistake = record.mistake, let kind = record.mistakeKind, let codes = Self.codes[kind] {
                        #expect(
                            !violations.isEmpty
                                && violations.allSatisfy {
                                    $0.field == mistake && $0.severity == .error && codes.contains($0.code)
                                }, "\(example) seed \(seed) record \(index) (\(input)): \(kind) in \(mistake), found \(found)")
                    } else {
                        #expect(violations.isEmpty, "\(example) seed \(seed) record \(index) (\(input)): found \(found)")
                    }
                }
                expectEqual((record.mistake == nil), (record.mistakeKind == nil))
                #expect(!record.unsatisfied, "\(example) seed \(seed) record \(index): no draw passed")
                #expect(!record.unspoilable, "\(example) seed \(seed) record \(index): meant to be invalid, left valid")
                if record.mistake != nil { planted += 1 }
            }
        }
        // A rate of 0.3 over 120 records a seed plants about 36 mistakes a seed.
        #expect(planted > 25 * Int(seeds), "only \(planted) mistakes planted in \(seeds * 120) records")
    }

    /// At a share of 1 every record is meant to be invalid, and with the example rules every one
    /// is: it has a planted mistake, and the checker finds errors in it. (Seed 3 of listing.yaml
    /// once left records 14 and 356 valid: the generator gave up after 16 random tries.) Seeds 4
    /// and 5 add 150 records each in a deep run (`make test-deep`).
    @Test(arguments: examples)
    func everyRecordMeantToBeInvalidIs(example: String) throws {
        let rules = try Fixtures.rules(example)
        let checker = RecordChecker(rules, today: Fixtures.today)
        let seeds: [(UInt64, Int)] = [(3, 400), (4, 150), (5, 150)]
        for (seed, count) in seeds.prefix(PropertyRuns.count(quick: 1, deep: 3)) {
            var generator = SampleGenerator(rules, today: Fixtures.today, seed: seed, invalidRate: 1)
            for index in 0..<count {
                let record = generator.next()
                let violations = checker.check(json: record.object).violations
                #expect(
                    !record.unspoilable && record.mistake != nil && violations.contains { $0.severity == .error },
                    "\(example) seed \(seed) record \(index + 1): no mistake planted (\(violations.count) violations)")
            }
        }
    }

    /// Rules no record can pass (a required text whose pattern matches nothing): the first
    /// record is drawn 64 times, and each later one 8 times, not 64 again; each is marked.
    @Test func rulesNoRecordCanPassAreNotDrawnSixtyFourTimesARecord() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - {id: code, type: text, required: true, pattern: '^(?=x)y$'}
                  - {id: note, type: text}
                """, source: "t.yaml")
        var generator = SampleGenerator(rules, today: Fixtures.today, seed: 5)
        #expect(generator.next().unsatisfied)
        expectEqual(generator.draws, 64)
        for _ in 0..<3 { #expect(generator.next().unsatisfied) }
        expectEqual(generator.draws, 64 + 3 * 8)
    }

    @Test func theSameSeedGivesTheSameRecords() throws {
        let rules = try Fixtures.rules("osago.yaml")
        var first = SampleGenerator(rules, today: Fixtures.today, seed: 9, invalidRate: 0.5)
        var second = SampleGenerator(rules, today: Fixtures.today, seed: 9, invalidRate: 0.5)
        for _ in 0..<50 {
            let (a, b) = (first.next(), second.next())
            #expect(a.object == b.object && a.mistake == b.mistake)
        }
    }
}
