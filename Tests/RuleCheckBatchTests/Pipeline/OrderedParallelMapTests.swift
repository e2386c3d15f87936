import Foundation
import RuleCheck
import RuleCheckBatch
import Synchronization
import Testing
import _RuleCheckTestSupport

@Suite struct OrderedParallelMapTests {
    struct Boom: Error, Equatable {
        var at: Int
    }

    /// Counts items produced but not yet consumed, from the closures' side.
    final class InFlightProbe: Sendable {
        private let current = Atomic<Int>(0)
        private let peak = Atomic<Int>(0)
        private let total = Atomic<Int>(0)

        func produced() {
            total.add(1, ordering: .sequentiallyConsistent)
            let now = current.add(1, ordering: .sequentiallyConsistent).newValue
            _ = peak.max(now, ordering: .sequentiallyConsistent)
        }

        func consumed() { current.subtract(1, ordering: .sequentiallyConsistent) }

        var peakValue: Int { peak.load(ordering: .sequentiallyConsistent) }

        var producedCount: Int { total.load(ordering: .sequentiallyConsistent) }
    }

    /// Produces 1, 2, 3, … up to `limit` (nil after it), and throws when it reaches `failAt`. Not
    /// `Sendable`: `run` takes the producer as `sending`, so only the producer thread uses it.
    final class Numbers {
        private var next = 0
        private let limit: Int?
        private let failAt: Int?
        private let probe: InFlightProbe?

        init(limit: Int? = nil, failAt: Int? = nil, probe: InFlightProbe? = nil) {
            self.limit = limit
            self.failAt = failAt
            self.probe = probe
        }

        func produce() throws -> Int? {
            next += 1
            if next == failAt { throw Boom(at: next) }
            if let limit, next > limit { return nil }
            probe?.produced()
            return next
        }
    }

    /// A transform whose duration varies, so workers finish out of order.
    @Sendable static func jitteredSquare(_ value: Int) -> Int {
        if value % 7 == 0 { Thread.sleep(forTimeInterval: 0.002) }
        if value % 3 == 0 { Thread.sleep(forTimeInterval: 0.0005) }
        return value * value
    }

    @Test(arguments: 1...4)
    func resultsArriveInInputOrder(jobs: Int) throws {
        let numbers = Numbers(limit: 300)
        var results: [Int] = []
        let statistics = try OrderedParallelMap(jobs: jobs).run(
            produce: { try numbers.produce() },
            transform: Self.jitteredSquare,
            consume: { value in
                results.append(value)
                return .proceed
            })
        expectEqual(results, (1...300).map { $0 * $0 })
        expectEqual(statistics.produced, 300)
        expectEqual(statistics.consumed, 300)
    }

    @Test(arguments: [(2, nil), (3, nil), (4, 5), (4, 1)] as [(Int, Int?)])
    func inFlightStaysBounded(jobs: Int, maxInFlight: Int?) throws {
        let pipeline = OrderedParallelMap(jobs: jobs, maxInFlight: maxInFlight)
        expectEqual(pipeline.maxInFlight, max(jobs, maxInFlight ?? 2 * jobs))
        let probe = InFlightProbe()
        let numbers = Numbers(limit: 200, probe: probe)
        var consumed = 0
        let statistics = try pipeline.run(
            produce: { try numbers.produce() },
            transform: Self.jitteredSquare,
            consume: { _ in
                // A slow consumer: without the bound, the producer would run far ahead.
                consumed += 1
                if consumed % 5 == 0 { Thread.sleep(forTimeInterval: 0.001) }
                probe.consumed()
                return .proceed
            })
        #expect(probe.peakValue <= pipeline.maxInFlight)
        #expect(statistics.peakInFlight <= pipeline.maxInFlight)
        #expect(statistics.peakInFlight >= 1)
        expectEqual(statistics.consumed, 200)
    }

    @Test(arguments: 1...4)
    func consumerCanStopEarly(jobs: Int) throws {
        let probe = InFlightProbe()
        let numbers = Numbers(probe: probe)  // endless
        var seen: [Int] = []
        let statistics = try OrderedParallelMap(jobs: jobs).run(
            produce: { try numbers.produce() },
            transform: { $0 },
            consume: { value in
                seen.append(value)
                return value == 10 ? .stop : .proceed
            })
        expectEqual(seen, Array(1...10))
        expectEqual(statistics.consumed, 10)
        // The producer stopped soon after: no more than the in-flight bound past the stop.
        #expect(statistics.produced <= 10 + 2 * jobs)
        #expect(probe.producedCount <= 10 + 2 * jobs + 1)
    }

    /// Counts the `Tracked` items of one test that are alive.
    final class Census: Sendable {
        let alive = Atomic<Int>(0)
        var count: Int { alive.load(ordering: .sequentiallyConsistent) }
    }

    /// An item that is counted while it is alive.
    final class Tracked: Sendable {
        let census: Census
        let value: Int

        init(_ value: Int, census: Census) {
            self.value = value
            self.census = census
            census.alive.add(1, ordering: .sequentiallyConsistent)
        }

        deinit { census.alive.subtract(1, ordering: .sequentiallyConsistent) }
    }

    /// Produces 300 `Tracked` items.
    final class TrackedItems {
        private var next = 0
        private let census: Census

        init(census: Census) { self.census = census }

        func produce() -> Tracked? {
            next += 1
            return next <= 300 ? Tracked(next, census: census) : nil
        }
    }

    /// The pipeline keeps no item alive once it is transformed: memory is bounded by the items in
    /// flight, not by the queue's history (it once held up to 64 taken items).
    @Test(arguments: 2...3)
    func itemsAreReleasedOnceTransformed(jobs: Int) throws {
        let pipeline = OrderedParallelMap(jobs: jobs)
        let census = Census()
        let items = TrackedItems(census: census)
        var peak = 0
        try pipeline.run(
            produce: { items.produce() },
            transform: { item in item.value },
            consume: { _ in
                peak = max(peak, census.count)
                return .proceed
            })
        // In flight, plus the one the producer may have just made, plus one per worker.
        #expect(peak <= pipeline.maxInFlight + 1 + jobs)
        expectEqual(census.count, 0)
    }

    @Test(arguments: 1...4)
    func producerErrorComesAfterEarlierItems(jobs: Int) {
        var seen: [Int] = []
        #expect(throws: Boom(at: 50)) {
            let numbers = Numbers(failAt: 50)
            try OrderedParallelMap(jobs: jobs).run(
                produce: { try numbers.produce() },
                transform: Self.jitteredSquare,
                consume: { value in
                    seen.append(value)
                    return .proceed
                })
        }
        expectEqual(seen, (1..<50).map { $0 * $0 })
    }

    @Test(arguments: 1...4)
    func transformErrorStopsInOrder(jobs: Int) {
        var seen: [Int] = []
        #expect(throws: Boom(at: 30)) {
            let numbers = Numbers(limit: 1000)
            try OrderedParallelMap(jobs: jobs).run(
                produce: { try numbers.produce() },
                transform: { value throws -> Int in
                    if value == 30 { throw Boom(at: value) }
                    return value
                },
                consume: { value in
                    seen.append(value)
                    return .proceed
                })
        }
        expectEqual(seen, Array(1..<30))
    }

    @Test(arguments: 1...3)
    func consumerErrorIsRethrown(jobs: Int) {
        #expect(throws: Boom(at: 3)) {
            let numbers = Numbers()
            try OrderedParallelMap(jobs: jobs).run(
                produce: { try numbers.produce() },
                transform: { $0 },
                consume: { value in
                    if value == 3 { throw Boom(at: value) }
                    return .proceed
                })
        }
    }

    @Test(arguments: 1...4)
    func emptyInput(jobs: Int) throws {
        var consumed = 0
        let statistics = try OrderedParallelMap(jobs: jobs).run(
            produce: { () -> Int? in nil }, transform: { $0 },
            consume: { _ in
                consumed += 1
                return .proceed
            })
        expectEqual(consumed, 0)
        expectEqual(statistics, OrderedParallelMap.Statistics())
    }

    @Test func jobsAndBoundsAreClamped() {
        expectEqual(OrderedParallelMap(jobs: 0).jobs, 1)
        expectEqual(OrderedParallelMap(jobs: -3, maxInFlight: 0).maxInFlight, 1)
        expectEqual(OrderedParallelMap(jobs: 3).maxInFlight, 6)
        #expect(OrderedParallelMap.defaultJobs >= 1)
    }

    @Test(arguments: 1...4)
    func readsAFileThroughTheReader(jobs: Int) throws {
        var text = "id,value\n"
        for index in 1...5_000 { text += "\(index),\"v \(index)\nsecond line\"\n" }
        var options = RecordReader.Options()
        options.maxRecordsPerBatch = 64
        let reader = try RecordReader(bytes: Array(text.utf8), format: .csv, options: options)
        var records: [DecodedRecord] = []
        try OrderedParallelMap(jobs: jobs).run(
            produce: { try reader.nextBatch() },
            transform: { batch in batch.decodeAll() },
            consume: { batchRecords in
                records += batchRecords
                return .proceed
            })
        expectEqual(records.count, 5_000)
        expectEqual(records.map(\.number), Array(1...5_000))
        expectEqual(records.last, cells(5_000, line: 2 * 5_000, ["5000", "v 5000\nsecond line"]))
    }

    @Test func deepJSONParsesOnWorkerThreads() throws {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let lines = Array(repeating: "{\"d\": \(deep.dropFirst().dropLast())}", count: 16).joined(separator: "\n")
        var options = RecordReader.Options()
        options.maxRecordsPerBatch = 1
        let reader = try RecordReader(bytes: Array(lines.utf8), format: .jsonl, options: options)
        var objects = 0
        try OrderedParallelMap(jobs: 4).run(
            produce: { try reader.nextBatch() },
            transform: { $0.decodeAll() },
            consume: { records in
                for record in records {
                    if case .object = record.content { objects += 1 }
                }
                return .proceed
            })
        expectEqual(objects, 16)
    }
}
