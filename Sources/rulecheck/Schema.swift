import ArgumentParser

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert between JSON Schema and rules files.",
        subcommands: [Import.self, Export.self])

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a rules file for a JSON Schema.")

        @Argument(help: "The JSON Schema.")
        var schema: String

        func run() throws { try notBuiltYet("schema import") }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a JSON Schema (draft 2020-12) for a rules file.")

        @Argument(help: "The rules file (YAML or JSON).")
        var rules: String

        func run() throws { try notBuiltYet("schema export") }
    }
}
