import RuleCheck
import Synchronization

/// The record checkers of recent requests, by rule set, date and locale: making one costs a walk
/// over every field, which a request for one record should not pay each time.
///
/// ```swift
/// let checker = cache.checker(rules, today: today, locale: "en")
/// ```
///
/// A checker holds its rule set, and with it the rule set's compiled patterns: so the cache keeps
/// one checker per form id, date and locale, and a checker for a newer version of the rules
/// (after a reload) replaces the old one rather than keeping it beside.
final class CheckerCache: Sendable {
    private struct Key: Hashable {
        let form: String
        let today: Day
        let locale: String?
    }

    /// At most this many are kept; past it the cache starts again (requests rarely vary much).
    static let capacity = 32
    private let checkers = Mutex<[Key: RecordChecker]>([:])

    func checker(_ rules: RuleSet, today: Day, locale: String?) -> RecordChecker {
        let key = Key(form: rules.form, today: today, locale: locale)
        if let cached = checkers.withLock({ $0[key] }), cached.rules === rules { return cached }
        let checker = RecordChecker(rules, today: today, locale: locale)
        checkers.withLock { checkers in
            if checkers.count >= Self.capacity && checkers[key] == nil { checkers.removeAll() }
            checkers[key] = checker
        }
        return checker
    }

    /// Drops the checkers of rules no longer served (a reload replaced them): they hold those
    /// rules and their patterns.
    func removeAll(except current: [RuleSet]) {
        checkers.withLock { checkers in
            checkers = checkers.filter { _, checker in current.contains { $0 === checker.rules } }
        }
    }
}
