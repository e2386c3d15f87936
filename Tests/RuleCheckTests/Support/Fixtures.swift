import Foundation
@testable import RuleCheck
import _RuleCheckTestSupport

enum Fixtures {
    /// The repository's root, found from this file's path.
    static let root: URL = Repository.root

    /// A rules file from `Rules/`.
    static func rules(_ name: String) throws -> RuleSet {
        try RuleSet(contentsOf: root.appendingPathComponent("Rules").appendingPathComponent(name))
    }

    /// The diagnostics of rules text, one string per diagnostic (`test.yaml:3:5: error: …`), or
    /// an empty list when it compiles without errors or warnings.
    static func diagnostics(_ yaml: String) -> [String] {
        RuleSetCompiler.compile(yaml, source: "test.yaml").diagnostics.map { diagnostic in
            (diagnostic.location.map { "\($0): " } ?? "") + "\(diagnostic.severity.rawValue): \(diagnostic.message)"
        }
    }

    static let today = Day(year: 2026, month: 11, day: 22)!
}
