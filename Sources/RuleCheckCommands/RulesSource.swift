package import ArgumentParser
package import RuleCheck

/// How a subcommand reads its rules argument: a rules file, or a JSON Schema (from a server)
/// with its UI schema, imported as `rulecheck schema import` would; and where a rules file's
/// includes may lead.
package struct RulesSource: ParsableArguments {
    package init() {}

    package enum Format: String, ExpressibleByArgument, CaseIterable {
        case auto, yaml, jsonschema

        package var loaderFormat: RulesLoader.Format {
            switch self {
            case .auto: .automatic
            case .yaml: .rules
            case .jsonschema: .jsonSchema
            }
        }
    }

    @Option(
        help:
            "How to read the rules: auto (a JSON object with \"$schema\" is a JSON Schema, anything else a rules file), yaml or jsonschema."
    )
    package var rulesFormat: Format = .auto

    @Option(name: .customLong("ui"), help: "With a JSON Schema: its UI schema (an RJSF uiSchema or a JSON Forms UI schema).")
    package var uiSchema: String?

    @OptionGroup package var includes: IncludeRootOption

    /// The loader these options describe.
    package var loader: RulesLoader {
        RulesLoader(format: rulesFormat.loaderFormat, uiSchema: uiSchema, includeRoots: includes.includeRoots)
    }
}

/// `--include-root DIR`: where includes may lead besides the rules file's own directory.
package struct IncludeRootOption: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("include-root"),
        help: ArgumentHelp(
            "A directory that the rules' includes may also lead into (repeatable); by default they must stay under the rules file's directory.",
            valueName: "DIR"))
    package var includeRoots: [String] = []
}
