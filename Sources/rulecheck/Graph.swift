import ArgumentParser

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the dependency graph of a rules file (dot, mermaid or json).")

    @Argument(help: "The rules file (YAML or JSON).")
    var rules: String

    func run() throws { try notBuiltYet("graph") }
}
