import ArgumentParser
import RuleCheck
import RuleCheckBatch

struct Graph: RuleCheckSubcommand {
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

    @OptionGroup var rulesFile: RulesFileArgument

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    @Option(help: "dot (Graphviz), mermaid, or json (nodes, edges with their lines, topological order).")
    var format: RuleSet.GraphFormat = .dot

    mutating func validate() throws {
        try rulesFile.claimAlone()
    }

    func run(streams: StandardStreams) throws {
        let ruleSet = try RulesFile.load(rulesFile.path, loader: rulesSource.loader, streams: streams)
        let output = OutputSink(descriptor: streams.output)
        try output.write(ruleSet.graph(format))
        try output.flush()
    }
}
