import ArgumentParser

struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate sample records (valid, or with a share of mistakes) for a rules file.")

    @Argument(help: "The rules file (YAML or JSON).")
    var rules: String

    func run() throws { try notBuiltYet("sample") }
}
