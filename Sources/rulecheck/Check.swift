import ArgumentParser

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check CSV, TSV, JSON or JSON Lines exports against a rules file.")

    @Option(help: "The rules file (YAML or JSON).")
    var rules: String

    @Argument(help: "Files to check; '-' reads standard input.")
    var files: [String]

    func run() throws { try notBuiltYet("check") }
}
