import ArgumentParser
import Foundation
import RuleCheck

/// Loading a rules file for a subcommand: diagnostics are printed, and a file with errors ends
/// the command with exit status 2.
enum RulesFile {
    static func load(_ path: String, printWarnings: Bool = false) throws -> RuleSet {
        let rules: RuleSet
        do {
            rules = try RuleSet(contentsOf: URL(fileURLWithPath: path))
        } catch {
            print(error.description)
            throw ExitCode(2)
        }
        if printWarnings {
            for warning in rules.warnings { print(warning.description) }
        }
        return rules
    }
}
