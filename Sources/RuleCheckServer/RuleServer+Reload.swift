import Patterns
import RuleCheck

/// Reloading the rules files (`--watch`, `preview`) without keeping what the old rules used.
extension RuleServer {
    /// Reads every rules file that changed and recompiles it (``RuleLibrary/refresh()``); when a
    /// rule set was replaced, drops the record checkers of the old one and the compiled patterns
    /// that only it used. Forms made with the old rules keep them (and their patterns) while they
    /// live.
    ///
    /// ```swift
    /// server.reloadRules()      // what `--watch` does twice a second
    /// ```
    ///
    /// - Returns: whether any rule set's version or errors changed.
    @discardableResult
    public func reloadRules() -> Bool {
        guard library.refresh() else { return false }
        checkers.removeAll(except: library.entries.compactMap(\.rules))
        PatternCache.shared.releaseUnused()
        return true
    }
}
