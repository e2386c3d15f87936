import ArgumentParser

/// How a subcommand reads its rules argument: a rules file, or a JSON Schema (from a server)
/// with its UI schema, imported as `rulecheck schema import` would.
struct RulesSource: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case auto, yaml, jsonschema
    }

    @Option(
        help:
            "How to read the rules: auto (a JSON object with \"$schema\" is a JSON Schema, anything else a rules file), yaml or jsonschema."
    )
    var rulesFormat: Format = .auto

    @Option(name: .customLong("ui"), help: "With a JSON Schema: its UI schema (an RJSF uiSchema or a JSON Forms UI schema).")
    var uiSchema: String?
}
