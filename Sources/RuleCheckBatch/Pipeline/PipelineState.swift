import Foundation

/// The shared state of one ``OrderedParallelMap`` run: a queue of produced items, the results
/// waiting for their turn, and counters, all guarded by one condition variable.
///
/// ```swift
/// let state = PipelineState<Int, Int>(capacity: 8)
/// state.start(threads: 3)
/// // producer thread: state.runProducer(produce); worker threads: state.runWorker(transform)
/// let stats = try state.runConsumer(consume)
/// ```
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is
/// locked, and items and results are themselves `Sendable`.
final class PipelineState<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int

    /// Produced items not yet taken by a worker, oldest first, from `queueHead` on. A worker
    /// takes its item out of the queue (leaving nil), so that the queue does not keep it alive
    /// until the next compaction: with 1 MiB batches, that held up to 64 MiB of finished input.
    private var queue: [(sequence: Int, input: Input)?] = []
    private var queueHead = 0
    /// Finished items waiting for the consumer, by sequence number.
    private var results: [Int: Result<Output, any Error>] = [:]
    private var produced = 0
    private var consumed = 0
    private var peakInFlight = 0
    private var producerFinished = false
    private var producerError: (any Error)?
    private var stopped = false
    private var runningThreads = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Records how many threads will run, before starting them.
    func start(threads: Int) {
        condition.withLock { runningThreads = threads }
    }

    /// Calls `produce` while there is room in flight, until it returns nil or throws, or the run stops.
    func runProducer(_ produce: () throws -> Input?) {
        defer { threadEnded() }
        while true {
            condition.lock()
            while !stopped, produced - consumed >= capacity { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            condition.unlock()

            let next: Input?
            do {
                next = try produce()
            } catch {
                condition.withLock {
                    producerError = error
                    producerFinished = true
                    condition.broadcast()
                }
                return
            }

            condition.lock()
            defer { condition.unlock() }
            guard let next else {
                producerFinished = true
                condition.broadcast()
                return
            }
            queue.append((produced, next))
            produced += 1
            peakInFlight = max(peakInFlight, produced - consumed)
            condition.broadcast()
        }
    }

    /// Transforms queued items until the queue is empty after the producer finished, or the run stops.
    func runWorker(_ transform: (Input) throws -> Output) {
        defer { threadEnded() }
        while true {
            condition.lock()
            while !stopped, queueHead == queue.count, !producerFinished { condition.wait() }
            if stopped || queueHead == queue.count {
                condition.unlock()
                return
            }
            guard let (sequence, input) = queue[queueHead].take() else {
                preconditionFailure("PipelineState: the item at the head of the queue was already taken")
            }
            queueHead += 1
            if queueHead > 64, queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            condition.unlock()

            let result = Result { try transform(input) }

            condition.withLock {
                results[sequence] = result
                condition.broadcast()
            }
        }
    }

    /// Delivers results in order on the calling thread, then stops and waits for every thread.
    func runConsumer(_ consume: (Output) throws -> PipelineControl) throws -> OrderedParallelMap.Statistics {
        var failure: (any Error)?
        var stoppedEarly = false
        condition.lock()
        while true {
            while results[consumed] == nil, !(producerFinished && consumed == produced) { condition.wait() }
            guard let result = results.removeValue(forKey: consumed) else { break }
            condition.unlock()
            do {
                if try consume(result.get()) == .stop { stoppedEarly = true }
            } catch {
                failure = error
            }
            condition.lock()
            consumed += 1
            condition.broadcast()
            if failure != nil || stoppedEarly { break }
        }
        stopped = true
        condition.broadcast()
        while runningThreads > 0 { condition.wait() }
        let statistics = OrderedParallelMap.Statistics(produced: produced, consumed: consumed, peakInFlight: peakInFlight)
        let producerError = self.producerError
        condition.unlock()
        if let failure { throw failure }
        if !stoppedEarly, let producerError { throw producerError }
        return statistics
    }

    private func threadEnded() {
        condition.withLock {
            runningThreads -= 1
            condition.broadcast()
        }
    }
}
