import ArgumentParser
import Foundation
import RuleCheck

/// Loading a rules file for a subcommand: diagnostics are printed, and a file with errors ends
/// the command with exit status 2.
enum RulesFile {
    static func load(_ path: String, printWarnings: Bool = false) throws -> RuleSet {
        let rules: RuleSet
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): error: cannot read the rules file")
                throw ExitCode(2)
            }
            // Diagnostics name the file as the user wrote it; bytes that are not UTF-8 are an error.
            rules = try RuleSet(bytes: [UInt8](data), source: path)
        } catch let error as RulesError {
            print(error.description)
            throw ExitCode(2)
        }
        if printWarnings {
            for warning in rules.warnings { print(warning.description) }
        }
        return rules
    }
}
