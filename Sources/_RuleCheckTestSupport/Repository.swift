public import Foundation

/// The package's repository, for tests that read its files (`Rules/`, `Docs/`, the README):
/// found from this file's path, so it does not depend on where a test file lies.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: Repository.file("Rules/osago.yaml"))
/// ```
public enum Repository {
    /// The repository's root (this file is Sources/_RuleCheckTestSupport/Repository.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the repository, by its path from the root (`Rules/osago.yaml`).
    public static func file(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
