import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `sample` of a JSON Schema's rules writes records the schema itself passes: groups as nested
/// objects (never `"address.street"`), over every schema example and many seeds.
@Suite("Sample records of JSON Schemas")
struct SampleFromSchemaTests {
    static let schemas = [
        "Rules/server-driven/listing.schema.json", "Tests/fixtures/divar/apartment.schema.json",
    ]

    @Test(arguments: schemas)
    func aSchemasSamplesPassTheSchema(_ path: String) throws {
        let (rules, _) = try RuleSet.importing(
            jsonSchema: Data(contentsOf: Fixtures.root.appendingPathComponent(path)), source: path)
        let checker = RecordChecker(rules, today: Fixtures.today)
        let seeds = UInt64(PropertyRuns.count(quick: 3, deep: 10))
        for seed in UInt64(1)...seeds {
            var generator = SampleGenerator(rules, today: Fixtures.today, seed: seed)
            for index in 0..<60 {
                let record = generator.next()
                #expect(!record.unsatisfied, "\(path) seed \(seed) record \(index): no draw passed")
                #expect(!record.object.keys.contains { $0.contains(".") }, "\(path) seed \(seed) record \(index): dotted key")
                let violations = checker.check(json: record.object).violations.filter { $0.severity == .error }
                #expect(
                    violations.isEmpty,
                    "\(path) seed \(seed) record \(index): \(violations.map { "\($0.field) \($0.code.rawValue): \($0.message)" })")
            }
        }
    }
}
