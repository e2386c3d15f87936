import ArgumentParser
import RuleCheck

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a rules file.",
        discussion: """
            Prints nothing and exits 0 for a good file. Otherwise prints every problem as \
            FILE:LINE:COLUMN: error: MESSAGE with the source line, and exits 2. Warnings about \
            likely mistakes (a required field that can never be visible, a check whose 'when' can \
            never hold, an unused named pattern or mask) are printed too but keep exit status 0.
            """)

    @Argument(help: "The rules file (YAML or JSON).")
    var rules: String

    @OptionGroup(title: "Rules from a JSON Schema")
    var rulesSource: RulesSource

    func run() throws {
        let loaded = try RulesFile.load(rules, printWarnings: true, source: rulesSource)
        _ = loaded
    }
}
