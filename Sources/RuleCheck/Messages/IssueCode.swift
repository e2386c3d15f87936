/// A stable code naming what failed: `required`, `pattern`, `min`, … (the codes of SPEC §6).
///
/// ```swift
/// if issue.code == .required { … }
/// ```
public struct IssueCode: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Required, visible and empty.
    public static let required = IssueCode(rawValue: "required")
    /// The text cannot be read as the field's type.
    public static let type = IssueCode(rawValue: "type")
    public static let pattern = IssueCode(rawValue: "pattern")
    public static let mask = IssueCode(rawValue: "mask")
    public static let minLength = IssueCode(rawValue: "min_length")
    public static let maxLength = IssueCode(rawValue: "max_length")
    public static let min = IssueCode(rawValue: "min")
    public static let max = IssueCode(rawValue: "max")
    /// Not one of the (filtered) options.
    public static let option = IssueCode(rawValue: "option")
    /// Too few or too many items.
    public static let items = IssueCode(rawValue: "items")
    /// Two items of a list have the same values of its `unique_by` fields.
    public static let unique = IssueCode(rawValue: "unique")
    /// A check's `expr` does not hold.
    public static let check = IssueCode(rawValue: "check")
    /// A regex hit its match or depth limit on this value.
    public static let regexLimit = IssueCode(rawValue: "regex_limit")
    /// An expression's arithmetic (`+ - * /`, `sum()`) gave a number beyond the range of numbers
    /// (about ±1.8 × 10³⁰⁸), so what the rule computes or decides is unknown.
    public static let overflow = IssueCode(rawValue: "overflow")
    /// Batch: a value in a field that is hidden for this record.
    public static let hiddenValue = IssueCode(rawValue: "hidden_value")
    /// Batch: a value while one of its `depends_on` parents is empty.
    public static let orphan = IssueCode(rawValue: "orphan")
    /// Batch: a column that no field matches.
    public static let unknownColumn = IssueCode(rawValue: "unknown_column")
    /// Batch: a field that is required in some record has no column.
    public static let missingColumn = IssueCode(rawValue: "missing_column")
    /// Batch: a computed field's value differs from what the rules compute.
    public static let computed = IssueCode(rawValue: "computed")
    /// Batch: the input could not be read there.
    public static let malformed = IssueCode(rawValue: "malformed")
    /// Batch: an input file could not be opened or read at all (a finding of the file; the CLI
    /// exits with status 3).
    public static let unreadable = IssueCode(rawValue: "unreadable")
    /// Batch: a JSON object has the same key more than once.
    public static let duplicateKey = IssueCode(rawValue: "duplicate_key")
    /// Batch, an export of KoboToolbox's layout: a select_multiple's 0/1 column of one option
    /// says otherwise than the answer's own column.
    public static let choiceColumns = IssueCode(rawValue: "choice_columns")
    /// Batch, an export of ODK Central's or KoboToolbox's layout: a geopoint's split column
    /// (`loc-Latitude`, `_loc_latitude`) is no number, out of range, blank beside the others, or
    /// (Kobo) says otherwise than the answer's own column.
    public static let geopointColumns = IssueCode(rawValue: "geopoint_columns")
    /// Form: an issue a server reported for the value (``Form/setExternalIssues(_:_:)``); it
    /// goes when the value changes.
    public static let external = IssueCode(rawValue: "external")
    /// A file of a file field is larger than its `max_size`.
    public static let fileSize = IssueCode(rawValue: "file_size")
    /// A file of a file field is not of a type among its `media_types`.
    public static let mediaType = IssueCode(rawValue: "media_type")

    /// A JSON Schema's keyword with no code of its own failed (`anyOf`, `oneOf`, `not`, a `false`
    /// schema), or the value could not be checked against the schema (a reference to a schema
    /// not given, a limit).
    public static let schema = IssueCode(rawValue: "schema")
    /// A JSON Schema's `multipleOf`: the number is not a multiple of the step.
    public static let multipleOf = IssueCode(rawValue: "multiple_of")
    /// A JSON Schema's `format` (when formats are checked): the text is not of the format.
    public static let format = IssueCode(rawValue: "format")
    /// A JSON Schema's `contains` (with `minContains`, `maxContains`): too few or too many
    /// items of the kind asked for.
    public static let contains = IssueCode(rawValue: "contains")
    /// A JSON Schema's `minProperties` or `maxProperties`: too few or too many members.
    public static let properties = IssueCode(rawValue: "properties")
    /// A member (or an item) that the JSON Schema does not allow (`additionalProperties: false`,
    /// `unevaluatedProperties: false`, items past a closed tuple).
    public static let additional = IssueCode(rawValue: "additional")
    /// A JSON Schema's `propertyNames`: a member's name is not allowed.
    public static let propertyName = IssueCode(rawValue: "property_name")

    /// The codes a field-level `messages:` map may name.
    static let fieldCodes: [IssueCode] = [
        .required, .type, .pattern, .mask, .minLength, .maxLength, .min, .max, .option, .items, .unique, .check, .regexLimit,
        .overflow, .fileSize, .mediaType,
    ]

    /// The keys of a `messages:` map for one kind of `items` failure each (too few, too many, a
    /// value twice): JSON Schema's `minItems`, `maxItems` and `uniqueItems` each have their text.
    static let itemVariants: [IssueCode] = [
        IssueCode(rawValue: "items.min"), IssueCode(rawValue: "items.max"), IssueCode(rawValue: "items.unique"),
    ]

    /// Every code, field failures first, then the batch-only codes, then the form-only one.
    public static let all: [IssueCode] =
        fieldCodes + [
            .hiddenValue, .orphan, .unknownColumn, .missingColumn, .computed, .malformed, .unreadable, .duplicateKey,
            .choiceColumns, .geopointColumns, .external,
            .schema, .multipleOf, .format, .contains, .properties, .additional, .propertyName,
        ]

    /// Warnings unless `--strict`: hidden values, orphans, unknown columns.
    public var isWarning: Bool { self == .hiddenValue || self == .orphan || self == .unknownColumn }

    public var description: String { rawValue }

    public static func < (lhs: IssueCode, rhs: IssueCode) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
