import ArgumentParser

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a rules file: silent with exit 0 when it is good, errors with FILE:LINE:COLUMN otherwise.")

    @Argument(help: "The rules file (YAML or JSON).")
    var rules: String

    func run() throws { try notBuiltYet("lint") }
}
