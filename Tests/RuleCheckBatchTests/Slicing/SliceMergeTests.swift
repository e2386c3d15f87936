import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Checking a file's slices and merging their reports gives the report of one check of the whole
/// file, byte for byte, in every format — over many seeded random files and cuts (fewer in
/// `make test` than in a deep run, `make test-deep`: ``PropertyRuns``).
@Suite("Slices merge to the whole file's report")
final class SliceMergeTests {
    let scratch: Scratch
    var directory: URL { scratch.directory }

    init() throws {
        scratch = try Scratch()
    }

    @Test(arguments: [RecordFormat.csv, .jsonl, .json])
    func randomFilesCutAtRandomPlaces(format: RecordFormat) throws {
        let random = SharedRandom(seed: format == .csv ? 14 : format == .jsonl ? 141 : 1414)
        var slicesSeen = 0
        // One compile of the rules for every round; each round sets all of the harness's options.
        var harness = try SliceHarness(directory: directory)
        let rounds = PropertyRuns.count(quick: 60, deep: 150)
        for round in 0..<rounds {
            let bytes = RandomExports.make(format, random)
            harness.strict = random.chance(0.2)
            harness.maxViolations = random.chance(0.2) ? random.int(1...12) : nil
            harness.headerAsColumns = random.chance(0.3)
            let plan = try SlicePlan.random(bytes, format: format, random: random, cutChance: random.pick([0.1, 0.3, 0.7]))
            slicesSeen += plan.slices.count
            let options = "strict \(harness.strict) max \(harness.maxViolations.map(String.init) ?? "-") columns \(harness.headerAsColumns)"
            guard try harness.expectSame(bytes, plan: plan, format: format, "round \(round), \(options)") else { return }
        }
        #expect(slicesSeen > 2 * rounds)
    }

    @Test(arguments: [RecordFormat.csv, .jsonl, .json])
    func randomFilesSplitIntoParts(format: RecordFormat) throws {
        let random = SharedRandom(seed: format == .csv ? 7 : format == .jsonl ? 77 : 777)
        let harness = try SliceHarness(directory: directory)
        for round in 0..<PropertyRuns.count(quick: 24, deep: 60) {
            let bytes = RandomExports.make(format, random)
            let path = try harness.write(bytes, "split.\(format.rawValue)")
            let size: SlicePlan.Size = random.chance(0.5) ? .parts(random.int(1...9)) : .bytes(Int64(random.int(1...200)))
            let plan = try SlicePlan(path: path, format: format, by: size)
            if case .parts(let parts) = size { #expect(plan.slices.count <= parts) }
            #expect(plan.slices.dropFirst().allSatisfy { $0.records > 0 })
            guard try harness.expectSame(bytes, plan: plan, format: format, "round \(round), \(size)") else { return }
        }
    }

    /// The slices and the header are the file, and their records are its records.
    @Test(arguments: [RecordFormat.csv, .jsonl, .json])
    func slicesCoverTheFile(format: RecordFormat) throws {
        let random = SharedRandom(seed: 99)
        for _ in 0..<300 {
            let bytes = RandomExports.make(format, random)
            let plan = try SlicePlan.random(bytes, format: format, random: random, cutChance: 0.5)
            var next = plan.header?.upperBound ?? 0
            var record = 1
            for slice in plan.slices {
                expectEqual(slice.range.lowerBound, next)
                expectEqual(slice.firstRecord, record)
                next = slice.range.upperBound
                record += slice.records
            }
            expectEqual(next, Int64(bytes.count))
            var whole = RecordReader.Options()
            whole.slice = nil
            let reader = try? RecordReader(bytes: bytes, format: format, options: whole)
            var records = 0
            while let batch = try reader?.nextBatch() { records += batch.count }
            expectEqual(plan.records, records)
        }
    }
}
