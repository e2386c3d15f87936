/// How ``RuleSet/importing(jsonSchema:uiSchema:source:options:)`` imports a JSON Schema.
public struct JSONSchemaImportOptions: Hashable, Sendable {
    /// The form's identifier; by default the schema's file name without its extensions.
    public var form: String?
    /// When set, any ``ImportFinding`` makes the import fail with a ``RulesError`` listing them.
    public var strict: Bool
    /// The UI schema's name in findings and errors.
    public var uiSchemaSource: String

    public init(form: String? = nil, strict: Bool = false, uiSchemaSource: String = "uiSchema.json") {
        self.form = form
        self.strict = strict
        self.uiSchemaSource = uiSchemaSource
    }
}
