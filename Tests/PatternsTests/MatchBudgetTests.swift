import Patterns
import Synchronization
import Testing

/// ``MatchBudget``: a job's regex work stops at its next match once the job is cancelled, and
/// matches that run into PCRE2's limit are counted against a total.
@Suite("MatchBudget")
struct MatchBudgetTests {
    /// Backtracks catastrophically on `a…ab`: each match stops at the (small) match limit.
    let catastrophic: Pattern
    let hostile = String(repeating: "a", count: 28) + "b"

    init() throws {
        catastrophic = try Pattern("^(a+)+$", limits: .init(matchLimit: 10_000))
    }

    /// Whether a match throws `regex_limit`.
    private func hitsLimit(_ pattern: Pattern, _ value: String) -> Bool {
        do {
            _ = try pattern.matches(value)
            return false
        } catch {
            return error.code == .regexLimit
        }
    }

    @Test func cancellationStopsTheNextMatchWithoutRunningIt() throws {
        let cancelled = Atomic<Bool>(false)
        let budget = MatchBudget(isCancelled: { cancelled.load(ordering: .relaxed) })
        let plain = try Pattern("[a-z]+")
        try budget.run { () throws -> Void in
            #expect(try plain.matches("abc"))
            cancelled.store(true, ordering: .relaxed)
            // A match that would succeed is not run once the job is cancelled.
            #expect(hitsLimit(plain, "abc"))
            #expect(budget.isStopped)
        }
        // Outside the budget's run, matching is as before.
        #expect(try plain.matches("abc"))
    }

    @Test func limitHitsAreCountedAndExhaustTheBudgetOnce() {
        let exhaustions = Atomic<Int>(0)
        let budget = MatchBudget(maxLimitHits: 3, onExhausted: { exhaustions.add(1, ordering: .relaxed) })
        budget.run {
            for _ in 0..<3 { #expect(hitsLimit(catastrophic, hostile)) }
            #expect(!budget.isExhausted)
            #expect(hitsLimit(catastrophic, hostile))
            #expect(budget.isExhausted)
            // Stopped: later matches throw at once and are not counted again.
            for _ in 0..<10 { #expect(hitsLimit(catastrophic, hostile)) }
        }
        #expect(budget.limitHits == 4)
        #expect(exhaustions.load(ordering: .relaxed) == 1)
    }

    @Test func budgetsNestAndRestoreTheOuterOne() {
        let outer = MatchBudget(maxLimitHits: 100)
        let inner = MatchBudget(maxLimitHits: 100)
        outer.run {
            _ = hitsLimit(catastrophic, hostile)
            inner.run { _ = hitsLimit(catastrophic, hostile) }
            _ = hitsLimit(catastrophic, hostile)
        }
        #expect(outer.limitHits == 2)
        #expect(inner.limitHits == 1)
    }
}
