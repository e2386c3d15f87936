import Synchronization

/// The regex work one job may do, on the thread that runs it: every match of every ``Pattern``
/// inside ``run(_:)`` looks at the budget first, so a job that is no longer wanted stops at its
/// next match — inside a record, between two list items — rather than when the record is done,
/// and the matches that run into PCRE2's limit are counted against a total.
///
/// ```swift
/// let budget = MatchBudget(maxLimitHits: 1000, isCancelled: { flag.isCancelled })
/// let report = try budget.run { try check(records) }
/// if budget.isExhausted { … }   // more than 1,000 matches reached PCRE2's limit: refuse the job
/// ```
///
/// Once the budget is stopped (its job cancelled, or more than `maxLimitHits` matches reached
/// PCRE2's limit), every match inside ``run(_:)`` throws ``PatternError/Code/regexLimit`` at
/// once, without running: the job's remaining regex work costs nothing, and its caller, which
/// knows it stopped, throws its result away. A match limit bounds each match, so the regex work of
/// a job is at most `maxLimitHits` times the match limit, plus the matches that end below it.
public final class MatchBudget: Sendable {
    /// How many matches may reach PCRE2's limit before the budget stops; nil: any number.
    public let maxLimitHits: Int?
    private let isCancelled: @Sendable () -> Bool
    private let onExhausted: @Sendable () -> Void
    private let hits = Atomic<Int>(0)
    private let exhausted = Atomic<Bool>(false)

    /// - Parameters:
    ///   - maxLimitHits: how many matches may reach PCRE2's limit; one more exhausts the budget.
    ///   - isCancelled: looked at before every match: true stops the budget.
    ///   - onExhausted: called once, on the job's thread, when the budget is exhausted (to tell the
    ///     job to stop, say).
    public init(
        maxLimitHits: Int? = nil, isCancelled: @escaping @Sendable () -> Bool = { false },
        onExhausted: @escaping @Sendable () -> Void = {}
    ) {
        self.maxLimitHits = maxLimitHits.map { max(0, $0) }
        self.isCancelled = isCancelled
        self.onExhausted = onExhausted
    }

    /// How many matches reached PCRE2's limit inside ``run(_:)`` so far.
    public var limitHits: Int { hits.load(ordering: .relaxed) }

    /// Whether more than ``maxLimitHits`` matches reached PCRE2's limit.
    public var isExhausted: Bool { exhausted.load(ordering: .relaxed) }

    /// Whether matches stop at once: the budget is exhausted or its job cancelled.
    public var isStopped: Bool { isExhausted || isCancelled() }

    /// Runs `body` with this budget held to every match on the current thread (the budget in
    /// force before is restored after).
    public func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard let scratch = MatchScratch.current else { return try body() }
        let previous = scratch.pointee.budget
        scratch.pointee.budget = Unmanaged.passUnretained(self)
        defer { scratch.pointee.budget = previous }
        // `self` (the method's receiver) lives until the method returns.
        return try body()
    }

    /// The budget in force on the current thread (inside its ``run(_:)``), or nil: work whose
    /// result its caller throws away once the budget stops may look at it (a record, before each
    /// list item). Looked up once, before a loop, rather than in it.
    public static var current: MatchBudget? {
        MatchScratch.existing?.pointee.budget?.takeUnretainedValue()
    }

    /// A match reached PCRE2's limit.
    func limitReached() {
        let count = hits.add(1, ordering: .relaxed).newValue
        guard let maxLimitHits, count > maxLimitHits else { return }
        if !exhausted.exchange(true, ordering: .relaxed) { onExhausted() }
    }
}
