import Foundation

/// How many seeded random cases a property test tries. `make test` (and a plain `swift test`)
/// tries a quick share, enough to find a broken invariant in most seeds; CI's
/// `make test-deep` sets `RULECHECK_PROPERTY_RUNS=deep` and tries every case the tests name,
/// the counts they had before the quick share existed or more. Both are seeded: a run tries the
/// same cases whenever it runs.
///
/// ```swift
/// for seed in 0..<PropertyRuns.count(quick: 20, deep: 50) { … }
/// ```
public enum PropertyRuns {
    /// The environment variable that chooses the run: unset, `quick` or `deep`.
    public static let variable = "RULECHECK_PROPERTY_RUNS"

    /// The value of ``variable``, as it was set (`nil` when unset).
    public static let setting: String? = ProcessInfo.processInfo.environment[variable]

    /// The setting is one this type knows: unset, `quick` or `deep` (a test fails on any other,
    /// so that a misspelt `deep` cannot pass as a deep run).
    public static var settingIsKnown: Bool {
        setting == nil || setting == "quick" || setting == "deep"
    }

    /// `RULECHECK_PROPERTY_RUNS=deep`: every case.
    public static var isDeep: Bool { setting == "deep" }

    /// `quick` in a quick run, `deep` in a deep one.
    public static func count(quick: Int, deep: Int) -> Int {
        isDeep ? deep : quick
    }
}
