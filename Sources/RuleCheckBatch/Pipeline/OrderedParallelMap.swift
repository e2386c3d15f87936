import Foundation

/// Maps a stream of items on worker threads and delivers the results in input order, with a
/// bounded number of items in flight.
///
/// ```swift
/// let reader = try RecordReader(path: "export.csv", format: .csv)
/// try OrderedParallelMap(jobs: 8).run(
///     produce: { try reader.nextBatch() },                   // its own thread, one call at a time
///     transform: { batch in batch.decodeAll() },             // the workers, in parallel
///     consume: { records in                                  // the calling thread, in input order
///         print(records.count)
///         return .proceed
///     })
/// ```
///
/// - `produce` is called on a thread of its own, one call at a time, until it returns nil or
///   throws; it may block (it typically reads a file). It is called only while fewer than
///   ``maxInFlight`` items are produced but not yet consumed, so memory stays bounded.
/// - `transform` runs on ``jobs`` worker threads, each item once, in any order.
/// - `consume` runs on the calling thread, once per item, strictly in the order `produce` gave the
///   items; returning ``PipelineControl/stop`` ends the run early.
/// - An error thrown by `produce` is rethrown after every item produced before it has been
///   consumed; one thrown by `transform` or `consume` stops the run and is rethrown at once.
/// - `produce` is taken as `sending`: the compiler checks that nothing else, `consume` included,
///   shares what it captures (capture a reader, not a local `var`; take what `consume` needs from
///   the reader, like its ``RecordReader/progress``, beforehand). `consume` may capture anything,
///   as it runs on the calling thread. ``run(produce:transform:consume:)`` returns only once every
///   thread it started has ended.
///
/// With `jobs == 1` nothing runs on other threads: produce, transform and consume simply take
/// turns on the calling thread. Worker threads get an 8 MiB stack, so deep (but limited)
/// recursion such as JSON parsing is safe on them.
///
/// Built on Foundation `Thread`s and one `NSCondition` rather than Swift concurrency, because
/// producing is blocking I/O that must not occupy the cooperative thread pool.
package struct OrderedParallelMap: Sendable, Hashable {
    /// How many worker threads transform items.
    package var jobs: Int
    /// How many items may be produced but not yet consumed.
    package var maxInFlight: Int

    /// The number of active processor cores: the default for ``jobs``.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Makes a pipeline.
    ///
    /// ```swift
    /// let pipeline = OrderedParallelMap(jobs: 4)   // at most 8 items in flight
    /// ```
    ///
    /// - Parameters:
    ///   - jobs: worker threads (at least 1); defaults to the core count.
    ///   - maxInFlight: items produced but not yet consumed; defaults to twice `jobs`, and is at
    ///     least `jobs`.
    package init(jobs: Int = OrderedParallelMap.defaultJobs, maxInFlight: Int? = nil) {
        self.jobs = max(1, jobs)
        self.maxInFlight = max(self.jobs, maxInFlight ?? 2 * self.jobs)
    }

    /// Counts from one run, for tests and tuning.
    public struct Statistics: Sendable, Hashable {
        /// Items `produce` returned.
        public var produced = 0
        /// Items handed to `consume`.
        public var consumed = 0
        /// The most items that were produced but not yet consumed at one time.
        public var peakInFlight = 0

        public init(produced: Int = 0, consumed: Int = 0, peakInFlight: Int = 0) {
            self.produced = produced
            self.consumed = consumed
            self.peakInFlight = peakInFlight
        }
    }

    /// Runs the pipeline to the end of the input, to an early stop, or to an error.
    ///
    /// ```swift
    /// let stats = try OrderedParallelMap(jobs: 2).run(
    ///     produce: { next < 100 ? next.advance() : nil },
    ///     transform: { $0 * $0 },
    ///     consume: { squares.append($0); return .proceed })
    /// ```
    ///
    /// - Parameters:
    ///   - produce: returns the next item, or nil at the end; called on one thread of its own.
    ///   - transform: maps one item; called on the worker threads.
    ///   - consume: receives the results in input order on the calling thread.
    /// - Returns: counts from the run.
    /// - Throws: the first error from `transform` or `consume`, or else the error `produce` threw.
    @discardableResult
    package func run<Input: Sendable, Output: Sendable>(
        produce: sending @escaping () throws -> Input?,
        transform: @escaping @Sendable (Input) throws -> Output,
        consume: (Output) throws -> PipelineControl
    ) throws -> Statistics {
        if jobs == 1 {
            return try runSerially(produce: produce, transform: transform, consume: consume)
        }
        let state = PipelineState<Input, Output>(capacity: maxInFlight)
        let producer = UncheckedTransfer(produce)
        state.start(threads: jobs + 1)
        startThread(name: "rulecheck.produce") { state.runProducer(producer.value) }
        for index in 0..<jobs {
            startThread(name: "rulecheck.work.\(index)") { state.runWorker(transform) }
        }
        return try state.runConsumer(consume)
    }

    private func runSerially<Input, Output>(
        produce: () throws -> Input?, transform: (Input) throws -> Output, consume: (Output) throws -> PipelineControl
    ) throws -> Statistics {
        var statistics = Statistics()
        while let input = try produce() {
            statistics.produced += 1
            statistics.peakInFlight = 1
            let output = try transform(input)
            statistics.consumed += 1
            if try consume(output) == .stop { break }
        }
        return statistics
    }

    private func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Hands a non-`Sendable` value to one other thread. Sound here because the value (`produce`) was
/// passed as `sending`, so nothing else references what it captures, and `run` waits for that
/// thread to end.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
