package import ArgumentParser
package import RuleCheck
import RuleCheckXLSForm

/// How a subcommand reads its rules argument: a rules file, or a JSON Schema (from a server)
/// with its UI schema, imported as `rulecheck schema import` would; and where a rules file's
/// includes may lead.
package struct RulesSource: ParsableArguments {
    package init() {}

    package enum Format: String, ExpressibleByArgument, CaseIterable {
        case auto, yaml, jsonschema, xlsform

        package var loaderFormat: RulesLoader.Format {
            switch self {
            case .auto: .automatic
            case .yaml: .rules
            case .jsonschema: .jsonSchema
            case .xlsform: .translated
            }
        }
    }

    @Option(
        help:
            "How to read the rules: auto (an .xlsx workbook, or a .csv or .md file whose first sheet is survey, is an XLSForm; a JSON object with \"$schema\" is a JSON Schema; anything else a rules file), yaml, jsonschema or xlsform (any file as an XLSForm: .xlsx, or pyxform's CSV or markdown by its content)."
    )
    package var rulesFormat: Format = .auto

    @Option(name: .customLong("ui"), help: "With a JSON Schema: its UI schema (an RJSF uiSchema or a JSON Forms UI schema).")
    package var uiSchema: String?

    @OptionGroup package var includes: IncludeRootOption

    @OptionGroup package var jsonSchema: JSONSchemaOptions

    /// The loader these options describe.
    package var loader: RulesLoader {
        var loader = RulesLoader(format: rulesFormat.loaderFormat, uiSchema: uiSchema, includeRoots: includes.includeRoots)
        loader.schemaDocuments = jsonSchema.documents
        loader.formats = jsonSchema.formats.value
        loader.translator = XLSFormTranslator()
        return loader
    }
}

/// `--schema` and `--formats`: how a JSON Schema (imported, or a rules file's `json_schema:`) is read.
package struct JSONSchemaOptions: ParsableArguments {
    package init() {}

    package enum Formats: String, ExpressibleByArgument, CaseIterable {
        case `default`, annotate, assert

        package var value: JSONSchemaImportOptions.Formats {
            switch self {
            case .default: .dialectDefault
            case .annotate: .annotate
            case .assert: .assert
            }
        }
    }

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            "A JSON Schema that the rules' schema refers to with $ref (repeatable): a file (known by its $id and its file URL), a directory of .json files, or URI=PATH. Nothing is fetched: a $ref to a schema not given fails the records that reach it.",
            valueName: "PATH"))
    package var documents: [String] = []

    @Option(
        help:
            "Whether a JSON Schema's format keywords are checked: default (as the schema's draft says: draft-04 to -07 check them, 2019-09 and 2020-12 only with the format-assertion vocabulary), annotate (never) or assert (always)."
    )
    package var formats: Formats = .default
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
