import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The environment variable naming a file where every call of ``count(quick:deep:file:line:)``
    /// adds a line — `path:line chosen quick deep` — so that a run can show which share each
    /// property test tried (scripts/property-cases.py reads it after `make test` and `make
    /// test-deep`).
    public static let logVariable = "RULECHECK_PROPERTY_LOG"

    /// `quick` in a quick run, `deep` in a deep one (and a line in the ``logVariable`` file).
    public static func count(quick: Int, deep: Int, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let chosen = isDeep ? deep : quick
        if let log = ProcessInfo.processInfo.environment[logVariable] {
            append("\(file):\(line) \(chosen) \(quick) \(deep)\n", to: log)
        }
        return chosen
    }

    /// One `write` to a file opened for appending: lines from tests running at once never mix.
    private static func append(_ line: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
