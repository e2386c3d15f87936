import Synchronization

/// A thread-safe cache of compiled patterns, keyed by source, options and limits.
///
/// ```swift
/// let email = try PatternCache.shared.pattern(#"[^@\s]+@[^@\s]+\.[^@\s]+"#)
/// ```
///
/// Compiling (and JIT-compiling) costs far more than matching; a cache lets code that meets
/// the same pattern text many times compile it once. Compile errors are not cached.
public final class PatternCache: Sendable {
    private struct Key: Hashable {
        let source: String
        let options: Pattern.Options
        let limits: Pattern.Limits
    }

    private let entries = Mutex<[Key: Pattern]>([:])

    public init() {}

    /// The process-wide cache.
    public static let shared = PatternCache()

    /// The compiled pattern for `source`, compiling it on first use.
    public func pattern(
        _ source: String, options: Pattern.Options = [],
        limits: Pattern.Limits = .default
    ) throws(PatternError) -> Pattern {
        let key = Key(source: source, options: options, limits: limits)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        // Compile outside the lock; if two threads race, both results are equivalent.
        let compiled = try Pattern(source, options: options, limits: limits)
        return entries.withLock { entries in
            if let winner = entries[key] { return winner }
            entries[key] = compiled
            return compiled
        }
    }

    /// The number of cached patterns.
    public var count: Int { entries.withLock { $0.count } }

    /// Drops every cached pattern.
    public func removeAll() { entries.withLock { $0.removeAll() } }
}
