/// A rule that a value fails, or a finding about a record's value, before it is put into words:
/// the code, and what its message needs. ``MessageBuilder`` alone turns failures into text, in
/// the locale asked for, so that every message of every code is built one way.
///
/// `check` names the entry of the field's `checks:` that failed (by index), or `nil` for the
/// field's own key (`pattern:`, `min:` …).
enum Failure: Hashable, Sendable {
    /// Required, visible and empty.
    case required
    /// Batch: required, but the input (a CSV file) has no column for the field.
    case missingColumn
    /// The value as written cannot be read as the field's type.
    case type(Expected)
    /// Not one of the field's options, or not among those its `options_filter` offers.
    case option
    case pattern(check: Int?)
    case mask(check: Int?)
    case minLength(check: Int?)
    case maxLength(check: Int?)
    /// Below a `min`: the bound as evaluated.
    case min(Value, check: Int?)
    /// Above a `max`: the bound as evaluated.
    case max(Value, check: Int?)
    case minItems
    case maxItems
    /// `unique_items`: a value is listed more than once.
    case duplicateItems
    /// `unique_by`: item `item` has the same key values as the earlier item `first` (0-based).
    case duplicateItem(first: Int, item: Int)
    /// The check's `expr` does not hold.
    case check(Int)
    /// A pattern hit PCRE2's match limit on the value.
    case regexLimit(check: Int?)
    /// An expression of the field (named by its rule, as written) hit a regex limit in
    /// `matches()`, so what it decides is unknown.
    case expressionLimit(rule: String)
    /// An expression of the field (named by its rule, as written) computed a number beyond the
    /// range of numbers, so what it computes or decides is unknown.
    case overflow(rule: String)
    /// Batch: a value in a field that is hidden for this record.
    case hiddenValue
    /// Batch: a value while the `depends_on` parent at this path is empty.
    case orphan(parent: String)
    /// Batch: the record's value of a computed field differs from what the rules compute.
    case computed(expected: Value?)
    /// A file field: this file is larger than `max_size`.
    case fileSize(file: String)
    /// A file field: this file's media type is not among `media_types`.
    case mediaType(file: String)

    var code: IssueCode {
        switch self {
        case .required: .required
        case .missingColumn: .missingColumn
        case .type: .type
        case .option: .option
        case .pattern: .pattern
        case .mask: .mask
        case .minLength: .minLength
        case .maxLength: .maxLength
        case .min: .min
        case .max: .max
        case .minItems, .maxItems, .duplicateItems: .items
        case .duplicateItem: .unique
        case .check: .check
        case .regexLimit, .expressionLimit: .regexLimit
        case .overflow: .overflow
        case .hiddenValue: .hiddenValue
        case .orphan: .orphan
        case .computed: .computed
        case .fileSize: .fileSize
        case .mediaType: .mediaType
        }
    }

    /// The entry of `checks:` that failed, if a check did.
    var check: Int? {
        switch self {
        case .pattern(let check), .mask(let check), .minLength(let check), .maxLength(let check),
            .min(_, let check), .max(_, let check), .regexLimit(let check):
            check
        case .check(let index):
            index
        default:
            nil
        }
    }
}

/// What a value should have been when it cannot be read as its field's type: the `{expected}`
/// of a `type` message, put into words in each locale by ``MessageBuilder``.
enum Expected: Hashable, Sendable {
    /// Text: a plain decimal number.
    case number
    /// Text: a whole number in plain decimal.
    case wholeNumber
    /// Text that only a locale reads as a number (`1,200`), with no locale given: plain decimal
    /// (a whole number when `whole`) is expected.
    case numberWithoutLocale(whole: Bool)
    /// Text: a date in this format (`dd.MM.yyyy`).
    case date(format: String)
    /// Text: true/false, yes/no or 1/0.
    case bool
    /// A multi_choice's text: a JSON array of option values.
    case optionArray
    /// A list: a JSON array of item objects; `badItem` is the first element that is not one.
    case itemArray(badItem: Int?)
    /// JSON input: a JSON string.
    case jsonString
    /// JSON input: a JSON number.
    case jsonNumber
    /// JSON input: a whole JSON number.
    case jsonWholeNumber
    /// JSON input: a JSON boolean.
    case jsonBool
    /// JSON input: a date written as a JSON string in this format.
    case jsonDate(format: String)
    /// JSON input: a JSON object (a group's members).
    case jsonObject
    /// A `values` field: a JSON array whose every element is as `each` says.
    indirect case valueArray(each: Expected)
    /// A file field: a JSON array of files, each `{"name", "size", "type"}`.
    case files
    /// A `json` field: a JSON value of one of these types.
    case jsonTypes(JSONTypes)
}
