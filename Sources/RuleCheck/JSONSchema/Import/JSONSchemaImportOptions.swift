public import Foundation

/// How ``RuleSet/importing(jsonSchema:uiSchema:source:options:)`` imports a JSON Schema.
public struct JSONSchemaImportOptions: Hashable, Sendable {
    /// Whether the schema's `format` keywords are checked.
    public enum Formats: String, Hashable, Sendable, CaseIterable {
        /// As the schema's draft says: draft-04, -06 and -07 check them; 2019-09 and 2020-12 only
        /// when the schema's meta-schema turns the format-assertion vocabulary on.
        case dialectDefault = "default"
        /// Formats are annotations: never checked.
        case annotate
        /// Every format RuleCheck knows is checked, in every draft (unknown formats pass).
        case assert
    }

    /// The form's identifier; by default the schema's file name without its extensions.
    public var form: String?
    /// When set, any ``ImportFinding`` that is not only a note makes the import fail with a
    /// ``RulesError`` listing them: a reference to a schema that was not given, above all.
    public var strict: Bool
    /// The UI schema's name in findings and errors.
    public var uiSchemaSource: String
    /// Whether `format` is checked.
    public var formats: Formats
    /// Other schemas the schema may refer to (`$ref`), by their URI: nothing is fetched, so a
    /// reference to a schema not given here is a finding, and the records that reach it fail.
    public var documents: [String: Data]
    /// The schema's own URI, that its relative `$ref`s resolve against (its file's URL, say);
    /// nil: its `$id`, or a URI of its own.
    public var baseURI: String?
    /// Documents already parsed, by URI (what `--schema` read), besides ``documents``.
    package var parsedDocuments: JSONObject = [:]

    public init(
        form: String? = nil, strict: Bool = false, uiSchemaSource: String = "uiSchema.json",
        formats: Formats = .dialectDefault, documents: [String: Data] = [:], baseURI: String? = nil
    ) {
        self.form = form
        self.strict = strict
        self.uiSchemaSource = uiSchemaSource
        self.formats = formats
        self.documents = documents
        self.baseURI = baseURI
    }
}
