import ArgumentParser
import RuleCheck
import RuleCheckBatch

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the dependency graph of a rules file.",
        discussion: """
            Nodes are fields, grouped by section, group and list; computed fields are ellipses. \
            Edges point from a field to the fields that read or depend on it, coloured by kind: \
            depends_on (red), visibility (blue), enabled (grey), required (orange), value (green), \
            check (purple), options (brown).

            Examples:
              rulecheck graph Rules/osago.yaml --format dot | dot -Tsvg > osago.svg
              rulecheck graph Rules/osago.yaml --format mermaid
              rulecheck graph Rules/osago.yaml --format json
            """)

    @Argument(help: "The rules file (YAML or JSON).")
    var rules: String

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    @Option(help: "dot (Graphviz), mermaid, or json (nodes, edges with their lines, topological order).")
    var format: RuleSet.GraphFormat = .dot

    func run() throws {
        let ruleSet = try RulesFile.load(rules, loader: rulesSource.loader)
        let output = OutputSink(descriptor: 1)
        try output.write(ruleSet.graph(format))
        try output.flush()
    }
}
