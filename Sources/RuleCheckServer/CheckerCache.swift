import RuleCheck
import Synchronization

/// The record checkers of recent requests, by rule set, date and locale: making one costs a walk
/// over every field, which a request for one record should not pay each time.
final class CheckerCache: Sendable {
    private struct Key: Hashable {
        let rules: ObjectIdentifier
        let today: Day
        let locale: String
    }

    /// At most this many are kept; past it the cache starts again (requests rarely vary much).
    static let capacity = 32
    private let checkers = Mutex<[Key: RecordChecker]>([:])

    func checker(_ rules: RuleSet, today: Day, locale: String) -> RecordChecker {
        let key = Key(rules: ObjectIdentifier(rules), today: today, locale: locale)
        if let cached = checkers.withLock({ $0[key] }) { return cached }
        let checker = RecordChecker(rules, today: today, locale: locale)
        checkers.withLock { checkers in
            if checkers.count >= Self.capacity { checkers.removeAll() }
            checkers[key] = checker
        }
        return checker
    }
}
