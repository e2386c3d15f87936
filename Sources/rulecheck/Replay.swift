import ArgumentParser

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply edits (JSON Lines) to a form and print one ChangeSet per edit.")

    @Argument(help: "The rules file (YAML or JSON).")
    var rules: String

    @Argument(help: "Edits, one JSON object per line.")
    var edits: String

    func run() throws { try notBuiltYet("replay") }
}
