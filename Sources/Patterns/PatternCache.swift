import Synchronization

/// A thread-safe cache of compiled patterns, keyed by source, options and limits, holding at most
/// ``capacity`` of them: the least recently used goes first.
///
/// ```swift
/// let email = try PatternCache.shared.pattern(#"[^@\s]+@[^@\s]+\.[^@\s]+"#)
/// PatternCache.shared.releaseUnused()    // after rules are reloaded: drops what they alone used
/// ```
///
/// Compiling (and JIT-compiling) costs far more than matching; a cache lets code that meets
/// the same pattern text many times compile it once, and lets rule sets that share a pattern share
/// its compiled code. Compile errors are not cached.
///
/// The cache only shares patterns: whoever got one (a compiled rule set) keeps it alive as long as
/// it needs it, whether or not the cache still holds it. So a bound costs nothing but a compile
/// when an evicted pattern is asked for again — and a process that recompiles its rules again and
/// again (`rulecheck serve --watch`, `preview`) holds the patterns of the rules in use, not of
/// every version it has seen.
public final class PatternCache: Sendable {
    private struct Key: Hashable {
        let source: String
        let options: Pattern.Options
        let limits: Pattern.Limits
    }

    /// The entries in order of use, as a doubly linked list over the indices of ``nodes``.
    private struct Entries {
        struct Node {
            var key: Key?
            var pattern: Pattern?
            /// Towards the most recently used, and towards the least; -1 at either end.
            var newer = -1
            var older = -1
        }

        var index: [Key: Int] = [:]
        var nodes: [Node] = []
        /// Indices of nodes not in use.
        var free: [Int] = []
        var newest = -1
        var oldest = -1

        mutating func unlink(_ node: Int) {
            let (newer, older) = (nodes[node].newer, nodes[node].older)
            if newer >= 0 { nodes[newer].older = older } else { newest = older }
            if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
            nodes[node].newer = -1
            nodes[node].older = -1
        }

        mutating func makeNewest(_ node: Int) {
            nodes[node].older = newest
            if newest >= 0 { nodes[newest].newer = node }
            newest = node
            if oldest < 0 { oldest = node }
        }

        mutating func remove(_ node: Int) {
            unlink(node)
            if let key = nodes[node].key { index.removeValue(forKey: key) }
            nodes[node] = Node()
            free.append(node)
        }

        mutating func insert(_ pattern: Pattern, for key: Key) {
            let node: Int
            if let reused = free.popLast() {
                node = reused
                nodes[node] = Node(key: key, pattern: pattern)
            } else {
                node = nodes.count
                nodes.append(Node(key: key, pattern: pattern))
            }
            index[key] = node
            makeNewest(node)
        }
    }

    /// The most patterns held at once.
    public let capacity: Int
    private let entries = Mutex(Entries())

    /// A cache of at most `capacity` patterns (at least 1).
    public init(capacity: Int = PatternCache.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The capacity of ``shared``: 4,096 patterns (a few megabytes of compiled code).
    public static let defaultCapacity = 4096

    /// The process-wide cache.
    public static let shared = PatternCache()

    /// The compiled pattern for `source`, compiling it on first use (or after it was evicted).
    public func pattern(
        _ source: String, options: Pattern.Options = [],
        limits: Pattern.Limits = .default
    ) throws(PatternError) -> Pattern {
        let key = Key(source: source, options: options, limits: limits)
        let cached = entries.withLock { entries -> Pattern? in
            guard let node = entries.index[key] else { return nil }
            entries.unlink(node)
            entries.makeNewest(node)
            return entries.nodes[node].pattern
        }
        if let cached { return cached }
        // Compile outside the lock; if two threads race, both results are equivalent.
        let compiled = try Pattern(source, options: options, limits: limits)
        return entries.withLock { entries in
            if let node = entries.index[key], let winner = entries.nodes[node].pattern { return winner }
            if entries.index.count >= capacity, entries.oldest >= 0 { entries.remove(entries.oldest) }
            entries.insert(compiled, for: key)
            return compiled
        }
    }

    /// The number of cached patterns.
    public var count: Int { entries.withLock { $0.index.count } }

    /// Whether the cache holds `source` compiled with these options and limits.
    public func contains(_ source: String, options: Pattern.Options = [], limits: Pattern.Limits = .default) -> Bool {
        entries.withLock { $0.index[Key(source: source, options: options, limits: limits)] != nil }
    }

    /// Drops every pattern that nothing but the cache holds: what rules that were replaced (and
    /// released) used alone. Call it after a reload; what the rules in use hold stays.
    ///
    /// - Returns: how many were dropped.
    @discardableResult
    public func releaseUnused() -> Int {
        entries.withLock { entries in
            var released = 0
            var node = entries.oldest
            while node >= 0 {
                let newer = entries.nodes[node].newer
                // Under the lock no one can take a new reference from the cache, and whoever
                // holds one keeps the count above one: a unique reference stays unique.
                if isKnownUniquelyReferenced(&entries.nodes[node].pattern) {
                    entries.remove(node)
                    released += 1
                }
                node = newer
            }
            return released
        }
    }

    /// Drops every cached pattern.
    public func removeAll() { entries.withLock { $0 = Entries() } }
}
